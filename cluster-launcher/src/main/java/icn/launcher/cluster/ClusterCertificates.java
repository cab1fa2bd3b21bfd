package icn.launcher.cluster;

import icn.protocols.InvalidInputException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.Date;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The certificates of a standing cluster (issue 36): at every {@code icn cluster start} a new CA, and for every member (the head,
 * each worker) a key and a certificate that CA signed, so that only processes the head handed them to can join or send a message
 * (Artery's {@code tls-tcp} with mutual authentication, the trust store holding the CA alone).
 *
 * <p>Made in this JVM with BouncyCastle's certificate builder (bcpkix), keys and signatures by the JDK's own providers (EC P-256,
 * SHA256withECDSA; BouncyCastle is not registered as a JCA provider). The JDK's keytool would need no library but costs a JVM
 * start per step: a CA and 3 members are 15 keytool runs (TlsClusterIT's commands), 3.8 s on the 2-core development machine,
 * against 0.39-0.44 s here in a new JVM (class loading and the stores' password hashing included) and 64-78 ms once warm
 * ({@link #main} measures it). The head makes them at every start, before its workers can start: the difference is start-up
 * time of every standing cluster.
 *
 * <p>A member's directory holds {@value #KEY_STORE} (its key, its certificate and the CA's), {@value #TRUST_STORE} (the CA's
 * certificate only) and {@value #PASSWORD} (the random password of both): the directory is 0700 and every file 0600, so that
 * only the owner reads them; the CA's own key is never written and is forgotten once the members' certificates are signed (a
 * stopped cluster's stores trust a CA nobody can sign for again). Members are known by the CA, not by name: Akka's
 * config-ssl-engine leaves hostname verification off (its default), which is kept, since workers behind a relay or on addresses
 * of the host file's choosing would not match a name, and a certificate of this cluster's CA is the proof that matters.
 */
public final class ClusterCertificates {

    public static final String KEY_STORE = "keystore.p12";
    public static final String TRUST_STORE = "truststore.p12";
    public static final String PASSWORD = "password";
    /** The head's directory among the members'. */
    public static final String HEAD = "head";

    private static final Set<PosixFilePermission> OWNER_DIR = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> OWNER_FILE = PosixFilePermissions.fromString("rw-------");
    /** Long enough for a cluster that stands for months; a new start makes new ones. */
    private static final Duration VALIDITY = Duration.ofDays(365);
    /** A clock of another member a little behind does not make a new certificate "not yet valid". */
    private static final Duration BACKDATE = Duration.ofHours(1);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path dir;

    private ClusterCertificates(Path dir) {
        this.dir = dir;
    }

    /**
     * Makes a new CA and the stores of {@code members} (directory names, e.g. {@value #HEAD}, {@code worker-1}) under {@code dir},
     * which is emptied first (the stores of an earlier cluster trust its CA, not this one's).
     */
    public static ClusterCertificates make(Path dir, List<String> members) {
        try {
            Files.createDirectories(dir);
            Files.setPosixFilePermissions(dir, OWNER_DIR);
            clear(dir);
            KeyPair caKeys = keyPair();
            X500Name caName = new X500Name("CN=icn cluster CA " + UUID.randomUUID());
            X509Certificate ca = sign(caName, caKeys, caName, caKeys, true);
            for (String member : members) {
                Path own = Files.createDirectory(dir.resolve(member), PosixFilePermissions.asFileAttribute(OWNER_DIR));
                String password = newPassword();
                KeyPair keys = keyPair();
                X509Certificate cert = sign(new X500Name("CN=" + member), keys, caName, caKeys, false);
                write(own.resolve(KEY_STORE), keyStore(keys, cert, ca, password));
                write(own.resolve(TRUST_STORE), trustStore(ca, password));
                write(own.resolve(PASSWORD), (password + "\n").getBytes(StandardCharsets.US_ASCII));
            }
            return new ClusterCertificates(dir);
        } catch (IOException e) {
            throw new ClusterException("cannot write the cluster's TLS stores in " + dir + ": " + e.getMessage());
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new ClusterException("cannot make the cluster's certificates: " + e.getMessage());
        }
    }

    /** The directory of {@code member}'s stores. */
    public Path member(String member) {
        return dir.resolve(member);
    }

    /** The members of a cluster of {@code workers} workers: {@value #HEAD}, {@code worker-1} ... */
    public static List<String> members(int workers) {
        List<String> all = new ArrayList<>(List.of(HEAD));
        for (int i = 1; i <= workers; i++) {
            all.add(worker(i));
        }
        return all;
    }

    /** The name of worker {@code number} (1, 2, ...): its directory. */
    public static String worker(int number) {
        return "worker-" + number;
    }

    /** The three files of a member directory, for Akka's config-ssl-engine; one line if one is missing or unreadable. */
    public static Tls.Stores read(Path memberDir) {
        for (String f : List.of(KEY_STORE, TRUST_STORE, PASSWORD)) {
            if (!Files.isReadable(memberDir.resolve(f))) {
                throw new InvalidInputException("--tls-stores: no readable " + f + " in " + memberDir);
            }
        }
        try {
            String password = Files.readString(memberDir.resolve(PASSWORD), StandardCharsets.US_ASCII).strip();
            return new Tls.Stores(memberDir.resolve(KEY_STORE), memberDir.resolve(TRUST_STORE), password);
        } catch (IOException e) {
            throw new InvalidInputException("--tls-stores: cannot read " + memberDir.resolve(PASSWORD) + ": " + e.getMessage());
        }
    }

    /**
     * What a worker on another host is sent through SSH's standard input: three lines, its password, then its key store and the
     * trust store in Base64 (read by the script of {@code SshWorkers}).
     */
    public byte[] bundle(String member) {
        try {
            Path own = member(member);
            String text = Files.readString(own.resolve(PASSWORD), StandardCharsets.US_ASCII).strip() + "\n"
                    + Base64.getEncoder().encodeToString(Files.readAllBytes(own.resolve(KEY_STORE))) + "\n"
                    + Base64.getEncoder().encodeToString(Files.readAllBytes(own.resolve(TRUST_STORE))) + "\n";
            return text.getBytes(StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void clear(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).filter(p -> !p.equals(dir)).toList()) {
                Files.delete(p);
            }
        }
    }

    private static KeyPair keyPair() throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
        return g.generateKeyPair();
    }

    /** A certificate of {@code subject} signed by {@code issuer}: the CA's (CA:true, signs certificates) or a member's (both TLS ends). */
    private static X509Certificate sign(X500Name subject, KeyPair keys, X500Name issuer, KeyPair issuerKeys, boolean ca)
            throws GeneralSecurityException, OperatorCreationException, IOException {
        Instant now = Instant.now();
        X509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(issuer, new BigInteger(127, RANDOM).add(BigInteger.ONE),
                Date.from(now.minus(BACKDATE)), Date.from(now.plus(VALIDITY)), subject, keys.getPublic());
        JcaX509ExtensionUtils ext = new JcaX509ExtensionUtils();
        b.addExtension(Extension.subjectKeyIdentifier, false, ext.createSubjectKeyIdentifier(keys.getPublic()));
        b.addExtension(Extension.authorityKeyIdentifier, false, ext.createAuthorityKeyIdentifier(issuerKeys.getPublic()));
        if (ca) {
            // pathLen 0: the CA signs members only, never another CA
            b.addExtension(Extension.basicConstraints, true, new BasicConstraints(0));
            b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        } else {
            b.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
            // every member is a TLS server (others connect to it) and a client (it connects to others)
            b.addExtension(Extension.extendedKeyUsage, false,
                    new ExtendedKeyUsage(new KeyPurposeId[] {KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth}));
        }
        // the JDK's providers sign and parse (no BouncyCastle provider is registered)
        return new JcaX509CertificateConverter().getCertificate(
                b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKeys.getPrivate())));
    }

    private static byte[] keyStore(KeyPair keys, X509Certificate cert, X509Certificate ca, String password)
            throws GeneralSecurityException, IOException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("member", keys.getPrivate(), password.toCharArray(), new X509Certificate[] {cert, ca});
        return bytes(ks, password);
    }

    /** The CA's certificate alone (a key entry's certificate would be trusted too), under the member's password. */
    private static byte[] trustStore(X509Certificate ca, String password) throws GeneralSecurityException, IOException {
        KeyStore ts = KeyStore.getInstance("PKCS12");
        ts.load(null, null);
        ts.setCertificateEntry("ca", ca);
        return bytes(ts, password);
    }

    private static byte[] bytes(KeyStore store, String password) throws GeneralSecurityException, IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        store.store(out, password.toCharArray());
        return out.toByteArray();
    }

    private static void write(Path file, byte[] content) throws IOException {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_FILE));
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(content);
        }
    }

    private static String newPassword() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** Measures {@link #make} (a CA and 3 members) in a directory of the caller's: {@code java ... ClusterCertificates DIR [ROUNDS]}. */
    public static void main(String[] args) {
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        List<Long> micros = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            long start = System.nanoTime();
            make(Path.of(args[0]), members(3));
            micros.add((System.nanoTime() - start) / 1000);
        }
        System.out.println("CA + 3 members, microseconds per round: " + micros);
    }
}
