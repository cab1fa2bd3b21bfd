package icn.launcher.cluster;

import akka.event.NoMarkerLogging;
import akka.remote.artery.tcp.ConfigSSLEngineProvider;
import com.typesafe.config.Config;
import icn.launcher.output.Texts;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.net.SocketTimeoutException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;

/**
 * Why a worker has not joined yet, learnt from a connection of its own to the seed. Akka only retries a join that fails (and
 * reports TLS failures, if at all, as log lines about streams); this connection tells a seed nobody listens at, a seed that speaks
 * TLS to a worker without {@code --tls} or the other way round, and a certificate that either side refuses. Nothing is sent on
 * it but (part of) a TLS handshake, and nothing is trusted that the worker's own trust store does not trust.
 */
public final class JoinProbe {

    /** What the probe learnt; {@code certain} when waiting longer cannot help (TLS on one side only, a refused certificate). */
    public record Finding(String reason, boolean certain) {
    }

    /** TLS alerts by which a peer refuses the certificate it was shown. */
    private static final Set<String> CERTIFICATE_ALERTS = Set.of("bad_certificate", "certificate_unknown", "unknown_ca",
            "certificate_required", "certificate_expired", "certificate_revoked", "unsupported_certificate", "access_denied");

    /** After a TLS 1.3 handshake, how long the seed may take to refuse this member's certificate. */
    private static final int VERDICT_MILLIS = 1500;

    private JoinProbe() {
    }

    /**
     * Connects to {@code seed}: with this member's keys and trust store ({@code engine}, the {@value Tls#ENGINE} section) when it
     * uses TLS, else only to see whether the seed answers in TLS. Null when nothing was learnt (the seed accepted the handshake, or
     * a seed without TLS closed the connection while this member does not use TLS either).
     */
    public static Finding probe(HostPort seed, Config engine, Duration timeout) {
        int millis = (int) Math.max(200, Math.min(Integer.MAX_VALUE, timeout.toMillis()));
        try {
            return engine == null ? plain(seed, millis) : tls(seed, engine, millis);
        } catch (ConnectException e) {
            return new Finding("nothing listens at " + seed + " (" + e.getMessage() + ")", false);
        } catch (SocketTimeoutException e) {
            return new Finding("no answer from " + seed + " within " + millis + " ms", false);
        } catch (IOException e) {
            return new Finding("cannot connect to " + seed + ": " + e.getMessage(), false);
        } catch (RuntimeException e) {
            return null; // a probe that fails in an unforeseen way only tells nothing
        }
    }

    /**
     * This member does not use TLS: sends the seed a TLS ClientHello and looks at the first bytes of the answer. A TLS record
     * (handshake or alert) means the seed speaks TLS; the connection is then dropped, before any certificate is looked at. Akka
     * without TLS closes such a connection at once.
     */
    private static Finding plain(HostPort seed, int millis) throws IOException {
        byte[] hello;
        try {
            SSLEngine client = SSLContext.getDefault().createSSLEngine(seed.host(), seed.port());
            client.setUseClientMode(true);
            ByteBuffer out = ByteBuffer.allocate(client.getSession().getPacketBufferSize());
            for (int i = 0; i < 4 && out.position() == 0; i++) {
                SSLEngineResult r = client.wrap(ByteBuffer.allocate(0), out);
                if (r.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_TASK) {
                    for (Runnable task = client.getDelegatedTask(); task != null; task = client.getDelegatedTask()) {
                        task.run();
                    }
                }
            }
            hello = Arrays.copyOf(out.array(), out.position());
        } catch (GeneralSecurityException e) {
            return null;
        }
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(seed.host(), seed.port()), millis);
            socket.setSoTimeout(millis);
            socket.getOutputStream().write(hello);
            socket.getOutputStream().flush();
            byte[] header;
            try {
                header = socket.getInputStream().readNBytes(3);
            } catch (IOException e) {
                return null; // reset or silence: no TLS there
            }
            boolean tlsRecord = header.length == 3 && (header[0] == 22 || header[0] == 21) && header[1] == 3;
            return tlsRecord ? new Finding("the seed at " + seed + " uses TLS: start this worker with --tls (and its keys, see README)", true)
                    : null;
        }
    }

    /** This member uses TLS: a handshake with its own keys and trust store, as Akka would make it. */
    private static Finding tls(HostPort seed, Config engine, int millis) throws IOException {
        List<Tls.Refusal> refused = new CopyOnWriteArrayList<>();
        ConfigSSLEngineProvider provider;
        Tls.Watching trust;
        SSLContext context;
        try {
            provider = new ConfigSSLEngineProvider(engine, NoMarkerLogging.getInstance());
            TrustManager[] managers = Tls.Watching.wrap(provider.trustManagers(), refused::add);
            trust = Arrays.stream(managers).filter(Tls.Watching.class::isInstance).map(Tls.Watching.class::cast).findFirst().orElse(null);
            context = SSLContext.getInstance(provider.SSLProtocol());
            context.init(provider.keyManagers(), managers, new SecureRandom());
        } catch (Exception e) {
            return null; // the stores were checked when the worker started (Tls.check): nothing to learn here
        }
        try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket()) {
            socket.connect(new InetSocketAddress(seed.host(), seed.port()), millis);
            socket.setSoTimeout(millis);
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setProtocols(new String[] {provider.SSLProtocol()});
            parameters.setCipherSuites(engine.getStringList("enabled-algorithms").toArray(String[]::new));
            if (provider.HostnameVerification()) {
                parameters.setEndpointIdentificationAlgorithm("HTTPS");
            }
            socket.setSSLParameters(parameters);
            try {
                socket.startHandshake();
            } catch (SocketTimeoutException e) {
                return new Finding("the seed at " + seed + " did not answer a TLS handshake within " + millis + " ms", false);
            } catch (IOException e) {
                return failedHandshake(seed, provider, trust, refused, e);
            }
            // Under TLS 1.3 this side's part of the handshake ends before the seed has checked this member's certificate: a refusal
            // comes as an alert on the first read; silence means the seed accepted it.
            socket.setSoTimeout(Math.min(millis, VERDICT_MILLIS));
            try {
                socket.getInputStream().read();
                return null;
            } catch (SocketTimeoutException e) {
                return null;
            } catch (IOException e) {
                String alert = alert(e);
                return alert == null ? null : refusedThisMember(seed, provider, alert);
            }
        }
    }

    private static Finding failedHandshake(HostPort seed, ConfigSSLEngineProvider provider, Tls.Watching trust, List<Tls.Refusal> refused,
            IOException e) {
        if (!refused.isEmpty()) {
            Tls.Refusal r = refused.get(0);
            return new Finding("this member does not trust the certificate of the seed at " + seed + " (" + r.certificate() + "): "
                    + r.reason() + " (ICN_TLS_TRUSTSTORE)", true);
        }
        String alert = alert(e);
        if (alert != null && CERTIFICATE_ALERTS.contains(alert)) {
            return refusedThisMember(seed, provider, alert); // TLS 1.2: the seed decides within the handshake
        }
        if (alert != null) {
            return new Finding("the seed at " + seed + " refused the TLS handshake (" + alert
                    + "): do both sides use the same TLS protocol and cipher suites?", true);
        }
        if (trust == null || trust.seen() == null) {
            return new Finding("the seed at " + seed + " does not speak TLS: start it with --tls too, or this worker without --tls", true);
        }
        return new Finding("the TLS handshake with the seed at " + seed + " failed: " + Texts.firstLine(String.valueOf(e.getMessage())), false);
    }

    private static Finding refusedThisMember(HostPort seed, ConfigSSLEngineProvider provider, String alert) {
        return new Finding("the seed at " + seed + " refused this member's certificate (" + ownCertificate(provider) + "; " + alert
                + "): it must be signed by a CA in the seed's trust store", true);
    }

    /** The subject and issuer of this member's certificate (the first key in its key store). */
    private static String ownCertificate(ConfigSSLEngineProvider provider) {
        try {
            KeyStore keys = provider.loadKeystore(provider.SSLKeyStore(), provider.SSLKeyStorePassword());
            for (String alias : Collections.list(keys.aliases())) {
                if (keys.isKeyEntry(alias)) {
                    Certificate[] chain = keys.getCertificateChain(alias);
                    if (chain != null && chain.length > 0 && chain[0] instanceof X509Certificate x) {
                        return Tls.describe(new X509Certificate[] {x});
                    }
                }
            }
        } catch (Exception e) {
            // only for the message
        }
        return "ICN_TLS_KEYSTORE";
    }

    /** The TLS alert {@code e} reports having received (e.g. {@code bad_certificate}), or null. */
    private static String alert(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String m = t.getMessage();
            int at = m == null ? -1 : m.indexOf("Received fatal alert: ");
            if (at >= 0) {
                return m.substring(at + "Received fatal alert: ".length()).trim().split("\\s+")[0];
            }
        }
        return null;
    }
}
