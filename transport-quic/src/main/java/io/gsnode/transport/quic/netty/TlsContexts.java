package io.gsnode.transport.quic.netty;

import io.gsnode.transport.quic.tls.Libp2pCertificate;
import io.gsnode.transport.quic.tls.Libp2pTrustManager;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.codec.quic.QuicSslEngine;
import io.netty.handler.ssl.ClientAuth;
import java.security.GeneralSecurityException;
import javax.net.ssl.KeyManagerFactory;

/**
 * The two BoringSSL contexts of one engine, both presenting this node's libp2p certificate and
 * both running the libp2p verification on the peer's (docs/wire.md §6.2-6.3). The server context
 * requires a client certificate: libp2p TLS spec, "the server MUST require client authentication".
 */
final class TlsContexts {

    /** libp2p QUIC spec: the ALPN protocol is "libp2p". */
    static final String ALPN = "libp2p";
    private static final String KEY_ALIAS = "libp2p";
    private static final char[] KEY_PASSWORD = "libp2p".toCharArray();

    private final HandshakeTrust trust = new HandshakeTrust();
    private final QuicSslContext server;
    private final QuicSslContext client;

    TlsContexts(Libp2pCertificate certificate) {
        KeyManagerFactory keys = keyManagerFactory(certificate);
        server = QuicSslContextBuilder.forServer(keys, new String(KEY_PASSWORD))
                .trustManager(trust)
                .clientAuth(ClientAuth.REQUIRE)
                .applicationProtocols(ALPN)
                .earlyData(false)
                .build();
        client = QuicSslContextBuilder.forClient()
                .keyManager(keys, new String(KEY_PASSWORD))
                .trustManager(trust)
                .applicationProtocols(ALPN)
                .earlyData(false)
                // libp2p checks the peer ID instead of a host name (HandshakeTrust ignores it anyway).
                .endpointIdentificationAlgorithm(null)
                .build();
    }

    /** A server-side engine for {@code channel}, whose dialer {@code verdict} will judge. */
    QuicSslEngine serverEngine(QuicChannel channel, Libp2pTrustManager verdict) {
        return trust.register(server.newEngine(channel.alloc()), verdict);
    }

    /**
     * A client-side engine for {@code channel}, whose listener {@code verdict} will judge. No peer
     * host is given: the libp2p TLS spec says clients MUST NOT send SNI, and without a host the
     * client caches no session, so every handshake checks a certificate.
     */
    QuicSslEngine clientEngine(QuicChannel channel, Libp2pTrustManager verdict) {
        return trust.register(client.newEngine(channel.alloc()), verdict);
    }

    private static KeyManagerFactory keyManagerFactory(Libp2pCertificate certificate) {
        try {
            KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            factory.init(certificate.keyStore(KEY_ALIAS, KEY_PASSWORD), KEY_PASSWORD);
            return factory;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot load the libp2p TLS certificate into a key manager: " + e.getMessage(), e);
        }
    }
}
