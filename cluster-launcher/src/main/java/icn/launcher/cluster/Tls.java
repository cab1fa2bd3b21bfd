package icn.launcher.cluster;

import akka.actor.AbstractExtensionId;
import akka.actor.ExtendedActorSystem;
import akka.actor.Extension;
import akka.event.NoMarkerLogging;
import akka.remote.artery.tcp.ConfigSSLEngineProvider;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import icn.launcher.output.Texts;
import icn.protocols.InvalidInputException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * TLS between members: the key store and trust store of Artery's {@code tls-tcp} transport ({@value #ENGINE}: a standing
 * cluster's own, made by {@link ClusterCertificates}, or with {@code --tls} filled from ICN_TLS_KEYSTORE, ICN_TLS_TRUSTSTORE and
 * ICN_TLS_PASSWORD by application.conf), checked before a member starts, and the
 * certificates a member refused, remembered so that a cluster that does not form can say why.
 */
public final class Tls {

    public static final String ENGINE = "akka.remote.artery.ssl.config-ssl-engine";

    private Tls() {
    }

    /**
     * How the members of a standing cluster secure their transport: with the stores of a CA the head makes at every start (the
     * default, {@link ClusterCertificates}), with the user's own stores ({@code --tls}, ICN_TLS_*), or not at all ({@code --insecure},
     * for measuring what TLS costs and for trusted networks only).
     */
    public enum Mode {
        CLUSTER_CA, OWN_STORES, INSECURE;

        /** The stores of {@code member} in this mode: those of {@code certificates} (made for {@link #CLUSTER_CA}), the user's, none. */
        public Stores stores(ClusterCertificates certificates, String member) {
            return switch (this) {
                case CLUSTER_CA -> ClusterCertificates.read(certificates.member(member));
                case OWN_STORES -> Stores.OWN;
                case INSECURE -> null;
            };
        }

        /**
         * The options of {@code icn worker} for a worker of a standing cluster in this mode (a worker of the cluster's CA gets its
         * own {@code --tls-stores} besides); {@code --insecure}, since a worker on another host is refused plain TCP without it.
         */
        public java.util.List<String> workerOptions() {
            return switch (this) {
                case CLUSTER_CA -> java.util.List.of();
                case OWN_STORES -> java.util.List.of("--tls");
                case INSECURE -> java.util.List.of("--insecure");
            };
        }
    }

    /**
     * A member's stores: the user's own ({@link #OWN}, from ICN_TLS_KEYSTORE, ICN_TLS_TRUSTSTORE and ICN_TLS_PASSWORD by
     * application.conf), or files {@link ClusterCertificates} made, with their password (read from an owner-only file, never from a
     * command line or the environment).
     */
    public record Stores(Path keyStore, Path trustStore, String password) {
        public static final Stores OWN = new Stores(null, null, null);

        @Override
        public String toString() {
            return keyStore == null ? "own stores" : "stores " + keyStore.getParent(); // never the password
        }

        /** What the stores add to {@value #ENGINE}: nothing for {@link #OWN} (application.conf reads the variables). */
        Config config() {
            if (keyStore == null) {
                return ConfigFactory.empty();
            }
            return ConfigFactory.empty()
                    .withValue(ENGINE + ".key-store", ConfigValueFactory.fromAnyRef(keyStore.toString()))
                    .withValue(ENGINE + ".trust-store", ConfigValueFactory.fromAnyRef(trustStore.toString()))
                    .withValue(ENGINE + ".key-store-password", ConfigValueFactory.fromAnyRef(password))
                    .withValue(ENGINE + ".key-password", ConfigValueFactory.fromAnyRef(password))
                    .withValue(ENGINE + ".trust-store-password", ConfigValueFactory.fromAnyRef(password));
        }
    }

    /**
     * A cluster formed by hand ({@code icn coordinator}, {@code icn worker}) on an address other than loopback needs TLS, or the
     * user's word that the network is trusted: else anyone who reaches the address joins and is given node actors. One line (exit
     * 2) naming the first such address. {@code addresses}: option name and address, e.g. {@code "--bind", 10.0.0.1:25520}.
     */
    public static void requireOffLoopback(String command, boolean tls, boolean insecure, Map<String, HostPort> addresses) {
        if (tls && insecure) {
            throw new InvalidInputException(command + ": --tls and --insecure exclude each other");
        }
        if (tls || insecure) {
            return;
        }
        for (Map.Entry<String, HostPort> a : addresses.entrySet()) {
            if (a.getValue() != null && !loopback(a.getValue().host())) {
                throw new InvalidInputException(command + ": " + a.getKey() + " " + a.getValue() + " is not a loopback address: other hosts"
                        + " could join the cluster; use --tls (with your stores, see docs/clusters.md) or --insecure (trusted networks only)");
            }
        }
    }

    /**
     * Whether {@code host} is a loopback address, without asking DNS: an address literal of 127.0.0.0/8 or ::1, or
     * {@code localhost}; any other name counts as not loopback.
     */
    static boolean loopback(String host) {
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (h.equalsIgnoreCase("localhost")) {
            return true;
        }
        if (!h.contains(":") && !h.matches("[0-9.]+")) {
            return false; // a name: resolving it could ask the network, and it may name any address
        }
        try {
            return java.net.InetAddress.getByName(h).isLoopbackAddress(); // a literal: parsed, not looked up
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    /**
     * Loads both stores as Akka will at the first connection, so that a missing variable, an unreadable file, a wrong password or
     * a store without a key or certificate ends the command at once with one line (bad input, exit 2), not with connections that
     * fail until a timeout. The line names the ICN_TLS_* variables for the user's own stores ({@link Stores#OWN}), else
     * {@code --tls-stores}.
     */
    static void check(Config config, Stores stores) {
        Naming n = new Naming(stores.keyStore() == null);
        ConfigSSLEngineProvider engine = new ConfigSSLEngineProvider(config.getConfig(ENGINE), NoMarkerLogging.getInstance());
        KeyStore keys = load(engine, engine.SSLKeyStore(), engine.SSLKeyStorePassword(), "key store", n, "ICN_TLS_KEYSTORE");
        KeyStore trusted = load(engine, engine.SSLTrustStore(), engine.SSLTrustStorePassword(), "trust store", n, "ICN_TLS_TRUSTSTORE");
        try {
            if (Collections.list(keys.aliases()).stream().noneMatch(a -> isKey(keys, a))) {
                throw new InvalidInputException(n.option() + ": the key store " + n.where(engine.SSLKeyStore(), "ICN_TLS_KEYSTORE")
                        + " holds no private key (see README, Security)");
            }
            if (Collections.list(trusted.aliases()).isEmpty()) {
                throw new InvalidInputException(n.option() + ": the trust store " + n.where(engine.SSLTrustStore(), "ICN_TLS_TRUSTSTORE")
                        + " holds no certificate (see README, Security)");
            }
            engine.keyManagers(); // the key password
        } catch (InvalidInputException e) {
            throw e;
        } catch (Exception e) {
            throw new InvalidInputException(n.option() + ": cannot use the key in " + n.where(engine.SSLKeyStore(), "ICN_TLS_KEYSTORE")
                    + ": " + message(e) + n.unsetPassword());
        }
    }

    private static boolean isKey(KeyStore store, String alias) {
        try {
            return store.isKeyEntry(alias);
        } catch (Exception e) {
            return false;
        }
    }

    private static KeyStore load(ConfigSSLEngineProvider engine, String path, String password, String what, Naming n, String variable) {
        if (!Files.isRegularFile(Path.of(path))) {
            throw new InvalidInputException(n.option() + ": no " + what + " at " + n.where(path, variable));
        }
        try {
            return engine.loadKeystore(path, password);
        } catch (Exception e) {
            throw new InvalidInputException(n.option() + ": cannot read the " + what + " " + n.where(path, variable) + ": " + message(e)
                    + n.unsetPassword());
        }
    }

    /** How a line of {@link #check} names where the stores came from: the ICN_TLS_* variables ({@code own}), or --tls-stores. */
    private record Naming(boolean own) {
        String option() {
            return own ? "--tls" : "--tls-stores";
        }

        String where(String path, String variable) {
            if (!own) {
                return "'" + path + "'";
            }
            return System.getenv(variable) == null ? "'" + path + "' (" + variable + " is not set)" : "'" + path + "' (" + variable + ")";
        }

        String unsetPassword() {
            return own && System.getenv("ICN_TLS_PASSWORD") == null ? " (ICN_TLS_PASSWORD is not set)" : "";
        }
    }

    /** The first message on the way down the causes (the store's own words, e.g. "keystore password was incorrect"). */
    private static String message(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                return Texts.firstLine(t.getMessage());
            }
        }
        return e.getClass().getSimpleName();
    }

    /** A certificate for a message: its subject and issuer, e.g. {@code CN=host2, issued by CN=icn-ca}. */
    static String describe(X509Certificate[] chain) {
        if (chain == null || chain.length == 0) {
            return "no certificate";
        }
        return chain[0].getSubjectX500Principal().getName() + ", issued by " + chain[0].getIssuerX500Principal().getName();
    }

    /** Why a certificate was not trusted, in words (the JDK's own message when it is none of the usual reasons). */
    static String reason(CertificateException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof CertPathBuilderException) {
                return "it is not signed by a CA in the trust store";
            }
            if (t instanceof CertificateExpiredException) {
                return "it has expired";
            }
            if (t instanceof CertificateNotYetValidException) {
                return "it is not valid yet";
            }
        }
        return message(e);
    }

    /**
     * A certificate that a trust manager refused, with the reason; {@code peer} says where it came from when that is known, e.g.
     * {@code "from 10.0.0.9"} (a connection the peer opened) or {@code "to 10.0.0.9"} (one this member opened).
     */
    record Refusal(String peer, String certificate, String reason) {
    }

    /** A trust manager that decides as {@code delegate} does and reports every refusal. */
    static final class Watching extends X509ExtendedTrustManager {
        private final X509ExtendedTrustManager delegate;
        private final Consumer<Refusal> refusals;
        private volatile X509Certificate[] seen;

        Watching(X509ExtendedTrustManager delegate, Consumer<Refusal> refusals) {
            this.delegate = delegate;
            this.refusals = refusals;
        }

        /** The trust managers of {@code managers}, each watched. */
        static TrustManager[] wrap(TrustManager[] managers, Consumer<Refusal> refusals) {
            TrustManager[] wrapped = managers.clone();
            for (int i = 0; i < wrapped.length; i++) {
                if (wrapped[i] instanceof X509ExtendedTrustManager x) {
                    wrapped[i] = new Watching(x, refusals);
                }
            }
            return wrapped;
        }

        /** The last certificate chain a peer presented (null if none). */
        X509Certificate[] seen() {
            return seen;
        }

        private interface Check {
            void run() throws CertificateException;
        }

        private void check(X509Certificate[] chain, String peer, Check check) throws CertificateException {
            seen = chain;
            try {
                check.run();
            } catch (CertificateException e) {
                refusals.accept(new Refusal(peer, describe(chain), reason(e)));
                throw e;
            }
        }

        private static String peer(Socket socket) {
            return socket == null || socket.getInetAddress() == null ? null : "with " + socket.getInetAddress().getHostAddress();
        }

        private static String peer(SSLEngine engine) {
            return engine == null || engine.getPeerHost() == null ? null
                    : (engine.getUseClientMode() ? "to " : "from ") + engine.getPeerHost();
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            check(chain, null, () -> delegate.checkClientTrusted(chain, authType));
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            check(chain, null, () -> delegate.checkServerTrusted(chain, authType));
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            check(chain, peer(socket), () -> delegate.checkClientTrusted(chain, authType, socket));
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            check(chain, peer(socket), () -> delegate.checkServerTrusted(chain, authType, socket));
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            check(chain, peer(engine), () -> delegate.checkClientTrusted(chain, authType, engine));
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            check(chain, peer(engine), () -> delegate.checkServerTrusted(chain, authType, engine));
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return delegate.getAcceptedIssuers();
        }
    }

    /** Why this member's TLS transport refused connections: what, from which address, how often. */
    static final class Refusals implements Extension {
        static final Id ID = new Id();

        private final Map<String, Integer> counts = new LinkedHashMap<>();

        void add(Refusal r) {
            add(r.peer(), "its certificate (" + r.certificate() + ") was refused: " + r.reason());
        }

        synchronized void add(String peer, String why) {
            counts.merge((peer == null ? "" : " " + peer) + ": " + why, 1, Integer::sum);
        }

        /**
         * Empty if nothing was refused, else {@code "; TLS refused 3 connections from 127.0.0.1: why; 1 connection from ..."} (at
         * most three reasons), for a message.
         */
        synchronized String summary() {
            if (counts.isEmpty()) {
                return "";
            }
            StringBuilder sb = new StringBuilder("; TLS refused ");
            int shown = 0;
            for (Map.Entry<String, Integer> e : counts.entrySet()) {
                if (shown == 3) {
                    sb.append("; and ").append(counts.size() - shown).append(" more");
                    break;
                }
                sb.append(shown++ == 0 ? "" : "; ").append(e.getValue()).append(e.getValue() == 1 ? " connection" : " connections")
                        .append(e.getKey());
            }
            return sb.toString();
        }

        static final class Id extends AbstractExtensionId<Refusals> {
            @Override
            public Refusals createExtension(ExtendedActorSystem system) {
                return new Refusals();
            }
        }
    }
}
