package icn.launcher.cluster;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stores {@link ClusterCertificates} makes, checked with the JDK alone: owner-only files, a member's chain that the trust
 * manager Akka uses (the JDK's PKIX one over the member's trust store) accepts as client and as server, and a member of another
 * CA that it refuses.
 */
class ClusterCertificatesTest {

    @TempDir
    Path tmp;

    @Test
    void everyMemberGetsOwnerOnlyStoresOfTheClusterCa() throws Exception {
        Path dir = tmp.resolve("tls");
        ClusterCertificates.make(dir, ClusterCertificates.members(2));
        assertEquals(List.of("head", "worker-1", "worker-2"), names(dir));
        assertEquals("rwx------", permissions(dir));
        for (String member : names(dir)) {
            Path own = dir.resolve(member);
            assertEquals("rwx------", permissions(own), member);
            assertEquals(List.of(ClusterCertificates.KEY_STORE, ClusterCertificates.PASSWORD, ClusterCertificates.TRUST_STORE), names(own));
            for (String file : names(own)) {
                assertEquals("rw-------", permissions(own.resolve(file)), member + "/" + file);
            }
        }
    }

    @Test
    void aMembersChainVerifiesAgainstTheCaAndNotAgainstAnotherCa() throws Exception {
        Path dir = tmp.resolve("tls");
        Path other = tmp.resolve("other");
        ClusterCertificates.make(dir, ClusterCertificates.members(1));
        ClusterCertificates.make(other, ClusterCertificates.members(1));
        Tls.Stores worker = ClusterCertificates.read(dir.resolve("worker-1"));
        Tls.Stores head = ClusterCertificates.read(dir.resolve("head"));
        X509Certificate[] chain = chain(worker);
        X509Certificate[] stranger = chain(ClusterCertificates.read(other.resolve("worker-1")));

        KeyStore trust = load(head.trustStore(), head.password());
        assertEquals(1, Collections.list(trust.aliases()).size(), "the trust store holds the CA alone");
        X509Certificate ca = (X509Certificate) trust.getCertificate(Collections.list(trust.aliases()).get(0));
        X509TrustManager manager = trustManager(trust);
        assertAll(
                () -> assertEquals(2, chain.length, "member and CA"),
                () -> assertEquals(ca, chain[1], "the chain ends at the cluster's CA"),
                () -> assertTrue(ca.getBasicConstraints() >= 0, "CA:true"),
                () -> assertEquals(-1, chain[0].getBasicConstraints(), "a member is no CA"),
                () -> assertTrue(chain[0].getExtendedKeyUsage().containsAll(List.of("1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2")),
                        "serverAuth and clientAuth"),
                () -> assertNotEquals(head.password(), worker.password(), "a password per member"),
                () -> manager.checkClientTrusted(chain, "EC"),
                () -> manager.checkServerTrusted(chain, "ECDHE_ECDSA"),
                () -> assertThrows(CertificateException.class, () -> manager.checkClientTrusted(stranger, "EC")),
                () -> assertThrows(CertificateException.class, () -> manager.checkServerTrusted(stranger, "ECDHE_ECDSA")));
    }

    @Test
    void aNewStartMakesANewCaThatTheOldStoresDoNotBelongTo() throws Exception {
        Path dir = tmp.resolve("tls");
        ClusterCertificates.make(dir, ClusterCertificates.members(2));
        X509Certificate[] old = chain(ClusterCertificates.read(dir.resolve("worker-2")));
        ClusterCertificates.make(dir, ClusterCertificates.members(1));
        assertEquals(List.of("head", "worker-1"), names(dir), "the stores of the earlier cluster are gone");
        Tls.Stores head = ClusterCertificates.read(dir.resolve("head"));
        X509TrustManager manager = trustManager(load(head.trustStore(), head.password()));
        assertThrows(CertificateException.class, () -> manager.checkClientTrusted(old, "EC"));
    }

    @Test
    void loopbackIsKnownWithoutDns() {
        assertAll(Stream.of("127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost")
                .map(h -> (Executable) () -> assertTrue(Tls.loopback(h), h)));
        assertAll(Stream.of("10.0.0.1", "0.0.0.0", "192.168.1.2", "host1", "example.org", "::")
                .map(h -> (Executable) () -> assertFalse(Tls.loopback(h), h)));
    }

    private static X509Certificate[] chain(Tls.Stores stores) throws Exception {
        KeyStore keys = load(stores.keyStore(), stores.password());
        String alias = Collections.list(keys.aliases()).stream().filter(a -> isKey(keys, a)).findFirst().orElseThrow();
        keys.getKey(alias, stores.password().toCharArray()); // the key opens with the password
        return Arrays.stream(keys.getCertificateChain(alias)).map(X509Certificate.class::cast).toArray(X509Certificate[]::new);
    }

    private static boolean isKey(KeyStore keys, String alias) {
        try {
            return keys.isKeyEntry(alias);
        } catch (Exception e) {
            return false;
        }
    }

    private static KeyStore load(Path file, String password) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            ks.load(in, password.toCharArray());
        }
        return ks;
    }

    private static X509TrustManager trustManager(KeyStore trust) throws Exception {
        TrustManagerFactory f = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        f.init(trust);
        return (X509TrustManager) f.getTrustManagers()[0];
    }

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> all = Files.list(dir)) {
            return all.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static String permissions(Path p) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }
}
