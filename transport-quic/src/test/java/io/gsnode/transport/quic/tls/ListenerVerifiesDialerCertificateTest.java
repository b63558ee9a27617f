package io.gsnode.transport.quic.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.host.HostListener;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.transport.quic.QuicConfig;
import io.gsnode.transport.quic.QuicTransport;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicClientCodecBuilder;
import io.netty.handler.codec.quic.QuicConnectionCloseEvent;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The netty engine's listener asks every dialer for its libp2p certificate and verifies it (libp2p
 * TLS spec: "the server MUST require client authentication"). Dialers are plain quiche clients
 * here, so that they can present what our own dialer never would.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ListenerVerifiesDialerCertificateTest {

    private static final PrivKey LISTENER = Ed25519.fromIndex(60);

    private final EventLoopGroup clients = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final CompletableFuture<Throwable> refused = new CompletableFuture<>();
    private Host listener;

    @AfterEach
    void close() throws Exception {
        clients.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        if (listener != null) listener.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void listenerRefusesADialerWhoseCertificateClaimsAPeerItCannotSignFor() throws Exception {
        PrivKey claimed = Ed25519.fromIndex(61);
        TestCertificates.Issued forged = TestCertificates.forIdentity(claimed).signedBy(Ed25519.fromIndex(62)).issue();
        InetSocketAddress addr = listen();

        QuicConnectionCloseEvent rejection = dial(addr, forged).get(30, TimeUnit.SECONDS);

        assertTrue(rejection.isTlsError(), "the dialer learns of it by a TLS alert: " + rejection);
        Throwable why = refused.get(30, TimeUnit.SECONDS);
        assertTrue(why.getMessage().toLowerCase().contains("signature"), why.getMessage());
        assertEquals(1, listener.failureCount(FailureKind.SECURITY));
        assertEquals(null, listener.connection(PeerId.fromPubKey(claimed.publicKey())), "the dialer never became a connection");
    }

    @Test
    void listenerRefusesADialerThatPresentsNoCertificate() throws Exception {
        InetSocketAddress addr = listen();

        QuicConnectionCloseEvent rejection = dial(addr, null).get(30, TimeUnit.SECONDS);

        assertTrue(rejection.isTlsError(), "the dialer learns of it by a TLS alert: " + rejection);
        Throwable why = refused.get(30, TimeUnit.SECONDS);
        assertTrue(why.getMessage().toUpperCase().contains("CERTIFICATE"), why.getMessage());
        assertEquals(1, listener.failureCount(FailureKind.SECURITY));
        assertTrue(listener.connections().isEmpty(), "the dialer never became a connection");
    }

    @Test
    void listenerAcceptsAValidCertificateFromAPlainQuicheDialer() throws Exception {
        PrivKey dialer = Ed25519.fromIndex(63);
        Libp2pCertificate valid = Libp2pCertificate.generate(dialer);
        InetSocketAddress addr = listen();

        dial(addr, new TestCertificates.Issued(valid.certificate(), valid.privateKey()));

        PeerId dialerId = PeerId.fromPubKey(dialer.publicKey());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (listener.connection(dialerId) == null && System.nanoTime() < deadline) Thread.sleep(10);
        assertTrue(listener.connection(dialerId) != null, "the control case: a proper certificate is accepted");
        assertTrue(listener.connection(dialerId).authenticated());
        assertEquals(0, listener.failureCount(FailureKind.SECURITY));
    }

    private InetSocketAddress listen() throws Exception {
        listener = new Host(LISTENER, ConnectionLimits.DEFAULT,
                List.of(ctx -> new QuicTransport(ctx, QuicConfig.DEFAULT.withEngine("netty"))));
        listener.addListener(new HostListener() {
            @Override
            public void onFailure(FailureKind kind, String remote, Throwable cause) {
                if (kind == FailureKind.SECURITY) refused.complete(cause);
            }
        });
        return listener.listen(Multiaddr.parse("/ip4/127.0.0.1/udp/0/quic-v1")).get(10, TimeUnit.SECONDS).socketAddress();
    }

    /**
     * Dials with {@code certificate} (none if null), verifying the listener as a libp2p client
     * would; completes with how the listener closed the connection.
     */
    private CompletableFuture<QuicConnectionCloseEvent> dial(InetSocketAddress addr, TestCertificates.Issued certificate)
            throws Exception {
        QuicSslContextBuilder tls = QuicSslContextBuilder.forClient()
                .trustManager(new Libp2pTrustManager(PeerId.fromPubKey(LISTENER.publicKey())))
                .applicationProtocols("libp2p");
        if (certificate != null) tls.keyManager(certificate.key(), null, certificate.certificate());
        Channel udp = new Bootstrap().group(clients).channel(NioDatagramChannel.class)
                .handler(new QuicClientCodecBuilder().sslContext(tls.build())
                        .maxIdleTimeout(10, TimeUnit.SECONDS)
                        .initialMaxData(1 << 20)
                        .initialMaxStreamDataBidirectionalLocal(1 << 20)
                        .build())
                .bind(new InetSocketAddress(0)).sync().channel();
        CompletableFuture<QuicConnectionCloseEvent> closed = new CompletableFuture<>();
        QuicChannel.newBootstrap(udp)
                .handler(new ChannelInboundHandlerAdapter() {
                    @Override
                    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
                        if (event instanceof QuicConnectionCloseEvent close) closed.complete(close);
                        ctx.fireUserEventTriggered(event);
                    }
                })
                .streamHandler(new ChannelInboundHandlerAdapter())
                .remoteAddress(addr)
                .connect();
        return closed;
    }
}
