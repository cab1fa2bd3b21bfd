package icn.launcher.cluster;

import akka.actor.ActorSystem;
import akka.remote.artery.tcp.ConfigSSLEngineProvider;
import java.nio.ByteBuffer;
import java.security.cert.CertificateException;
import java.util.List;
import java.util.function.BiFunction;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.TrustManager;

/**
 * Artery's {@code tls-tcp} engines as Akka's {@link ConfigSSLEngineProvider} makes them (same keys, protocol, cipher suites and
 * mutual authentication), except that this member remembers, in {@link Tls.Refusals}, why it refused an incoming connection: a
 * certificate its trust store does not trust, no acceptable certificate at all, no TLS, or a peer that refused this member's
 * certificate. Akka logs none of that (not even at DEBUG); a coordinator whose cluster does not form says it in its one line.
 * Akka creates this class by name ({@code akka.remote.artery.ssl.ssl-engine-provider} in application.conf).
 */
public final class TlsEngineProvider extends ConfigSSLEngineProvider {

    private final Tls.Refusals refusals;

    public TlsEngineProvider(ActorSystem system) {
        super(system);
        this.refusals = Tls.Refusals.ID.get(system);
    }

    @Override
    public TrustManager[] trustManagers() {
        return Tls.Watching.wrap(super.trustManagers(), refusals::add);
    }

    @Override
    public SSLEngine createServerSSLEngine(String hostname, int port) {
        return new Watched(super.createServerSSLEngine(hostname, port), refusals);
    }

    /** Why an incoming handshake failed, in words, or null for what is no refusal (a peer that went away, say). */
    static String refusal(SSLException e) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof CertificateException) {
                return null; // the trust manager has reported it, with the certificate
            }
            all.append(' ').append(t.getMessage());
        }
        String m = all.toString();
        if (m.contains("Empty client certificate chain")) {
            return "it showed no certificate signed by a CA in this member's trust store";
        }
        if (m.contains("Unsupported or unrecognized SSL message") || m.contains("plaintext connection")) {
            return "it does not speak TLS (no --tls?)";
        }
        int at = m.indexOf("Received fatal alert: ");
        if (at >= 0) {
            String alert = m.substring(at + "Received fatal alert: ".length()).trim().split("\\s+")[0];
            return "it refused this member's certificate or handshake (" + alert + ")";
        }
        return null;
    }

    /** A server engine that passes everything to Akka's and reports the failures of {@code wrap} and {@code unwrap}. */
    private static final class Watched extends SSLEngine {
        private final SSLEngine engine;
        private final Tls.Refusals refusals;

        Watched(SSLEngine engine, Tls.Refusals refusals) {
            super(engine.getPeerHost(), engine.getPeerPort());
            this.engine = engine;
            this.refusals = refusals;
        }

        private SSLException reported(SSLException e) {
            String why = refusal(e);
            if (why != null) {
                refusals.add(getPeerHost() == null ? null : "from " + getPeerHost(), why);
            }
            return e;
        }

        @Override
        public SSLEngineResult wrap(ByteBuffer[] srcs, int offset, int length, ByteBuffer dst) throws SSLException {
            try {
                return engine.wrap(srcs, offset, length, dst);
            } catch (SSLException e) {
                throw reported(e);
            }
        }

        @Override
        public SSLEngineResult unwrap(ByteBuffer src, ByteBuffer[] dsts, int offset, int length) throws SSLException {
            try {
                return engine.unwrap(src, dsts, offset, length);
            } catch (SSLException e) {
                throw reported(e);
            }
        }

        @Override
        public Runnable getDelegatedTask() {
            return engine.getDelegatedTask(); // its failures come out of the next wrap or unwrap
        }

        @Override
        public void closeInbound() throws SSLException {
            engine.closeInbound();
        }

        @Override
        public boolean isInboundDone() {
            return engine.isInboundDone();
        }

        @Override
        public void closeOutbound() {
            engine.closeOutbound();
        }

        @Override
        public boolean isOutboundDone() {
            return engine.isOutboundDone();
        }

        @Override
        public String[] getSupportedCipherSuites() {
            return engine.getSupportedCipherSuites();
        }

        @Override
        public String[] getEnabledCipherSuites() {
            return engine.getEnabledCipherSuites();
        }

        @Override
        public void setEnabledCipherSuites(String[] suites) {
            engine.setEnabledCipherSuites(suites);
        }

        @Override
        public String[] getSupportedProtocols() {
            return engine.getSupportedProtocols();
        }

        @Override
        public String[] getEnabledProtocols() {
            return engine.getEnabledProtocols();
        }

        @Override
        public void setEnabledProtocols(String[] protocols) {
            engine.setEnabledProtocols(protocols);
        }

        @Override
        public SSLSession getSession() {
            return engine.getSession();
        }

        @Override
        public SSLSession getHandshakeSession() {
            return engine.getHandshakeSession();
        }

        @Override
        public void beginHandshake() throws SSLException {
            try {
                engine.beginHandshake();
            } catch (SSLException e) {
                throw reported(e);
            }
        }

        @Override
        public SSLEngineResult.HandshakeStatus getHandshakeStatus() {
            return engine.getHandshakeStatus();
        }

        @Override
        public void setUseClientMode(boolean mode) {
            engine.setUseClientMode(mode);
        }

        @Override
        public boolean getUseClientMode() {
            return engine.getUseClientMode();
        }

        @Override
        public void setNeedClientAuth(boolean need) {
            engine.setNeedClientAuth(need);
        }

        @Override
        public boolean getNeedClientAuth() {
            return engine.getNeedClientAuth();
        }

        @Override
        public void setWantClientAuth(boolean want) {
            engine.setWantClientAuth(want);
        }

        @Override
        public boolean getWantClientAuth() {
            return engine.getWantClientAuth();
        }

        @Override
        public void setEnableSessionCreation(boolean flag) {
            engine.setEnableSessionCreation(flag);
        }

        @Override
        public boolean getEnableSessionCreation() {
            return engine.getEnableSessionCreation();
        }

        @Override
        public SSLParameters getSSLParameters() {
            return engine.getSSLParameters();
        }

        @Override
        public void setSSLParameters(SSLParameters parameters) {
            engine.setSSLParameters(parameters);
        }

        @Override
        public String getApplicationProtocol() {
            return engine.getApplicationProtocol();
        }

        @Override
        public String getHandshakeApplicationProtocol() {
            return engine.getHandshakeApplicationProtocol();
        }

        @Override
        public void setHandshakeApplicationProtocolSelector(BiFunction<SSLEngine, List<String>, String> selector) {
            engine.setHandshakeApplicationProtocolSelector(selector);
        }

        @Override
        public BiFunction<SSLEngine, List<String>, String> getHandshakeApplicationProtocolSelector() {
            return engine.getHandshakeApplicationProtocolSelector();
        }

        @Override
        public String toString() {
            return engine.toString();
        }
    }
}
