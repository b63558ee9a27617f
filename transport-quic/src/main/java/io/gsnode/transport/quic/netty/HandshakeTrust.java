package io.gsnode.transport.quic.netty;

import io.gsnode.transport.quic.tls.Libp2pTrustManager;
import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Routes BoringSSL's certificate check to the {@link Libp2pTrustManager} of the handshake it
 * belongs to. A {@code QuicSslContext} holds one trust manager for all its connections, while each
 * libp2p handshake has its own expectation (the peer dialed) and its own result (the peer proven):
 * the codec passes the connection's {@link SSLEngine} to the check, and the engine was registered
 * here, with its connection's trust manager, when the codec asked for it.
 *
 * <p>Thread-safe. Engines are held weakly, so a handshake that never reaches the check leaves
 * nothing behind.
 */
final class HandshakeTrust extends X509ExtendedTrustManager {

    private static final X509Certificate[] NO_ISSUERS = new X509Certificate[0];

    private final Map<SSLEngine, Libp2pTrustManager> byEngine = Collections.synchronizedMap(new WeakHashMap<>());

    /** Makes {@code trust} decide for the handshake {@code engine} runs; returns {@code engine}. */
    <E extends SSLEngine> E register(E engine, Libp2pTrustManager trust) {
        byEngine.put(engine, trust);
        return engine;
    }

    private Libp2pTrustManager of(SSLEngine engine) throws CertificateException {
        Libp2pTrustManager trust = engine == null ? null : byEngine.remove(engine);
        if (trust == null) {
            // Refusing is the safe answer: nobody registered an expectation for this handshake.
            throw new CertificateException("no libp2p trust decision registered for this TLS handshake");
        }
        return trust;
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        of(engine).checkServerTrusted(chain, authType, engine);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        of(engine).checkClientTrusted(chain, authType, engine);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        throw new CertificateException("libp2p QUIC handshakes are checked per SSLEngine, not per socket");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        throw new CertificateException("libp2p QUIC handshakes are checked per SSLEngine, not per socket");
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        throw new CertificateException("libp2p QUIC handshakes are checked per SSLEngine");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        throw new CertificateException("libp2p QUIC handshakes are checked per SSLEngine");
    }

    /**
     * Empty: libp2p certificates are self-signed. The server's CertificateRequest then names no
     * certificate authorities, which every libp2p client expects.
     */
    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return NO_ISSUERS;
    }
}
