package io.gsnode.transport.quic.netty;

import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.connection.PendingInbound;
import io.gsnode.libp2p.connection.ProtocolViolation;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.eventloop.NonSpinningEventLoopGroup;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.transport.quic.QuicConfig;
import io.gsnode.transport.quic.QuicConnection;
import io.gsnode.transport.quic.QuicEngine;
import io.gsnode.transport.quic.tls.LenientX509Provider;
import io.gsnode.transport.quic.tls.Libp2pCertificate;
import io.gsnode.transport.quic.tls.Libp2pTrustManager;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.handler.codec.quic.Quic;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicClientCodecBuilder;
import io.netty.handler.codec.quic.QuicServerCodecBuilder;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * QUIC on quiche and BoringSSL through Netty's native codec. TLS is mutual on both sides: the
 * listener asks every dialer for its libp2p certificate and verifies it, so inbound connections
 * arrive authenticated, unlike Kwik's.
 *
 * <p>Sockets are NIO datagram channels (no epoll), so that the engine runs under the Shadow
 * simulator. The listener serves all inbound connections on its one socket and one event loop;
 * each dial gets its own socket on the next event loop, as Kwik's dials do, and closes it with the
 * connection. A connection's streams, TLS and packet I/O all run on its event loop, so the engine
 * adds no thread per connection: {@link QuicConfig#executorThreads()} threads serve them all.
 *
 * <p>A listener bounds its handshakes in progress, and under load validates dialers' addresses
 * with Retry before it holds any state for them ({@link RetryTokens}).
 */
public final class NettyEngine implements QuicEngine {

    static {
        // Netty parses peer certificates through the JCA's "X.509"; rust-libp2p's have empty names.
        LenientX509Provider.install();
    }

    /** The name {@link QuicConfig#engine()} selects this engine by. */
    public static final String NAME = "netty";

    private static final Logger log = LoggerFactory.getLogger(NettyEngine.class);
    /** The verdict on a listener's dialer, from the TLS engine's creation to the connection's. */
    private static final AttributeKey<Libp2pTrustManager> VERDICT = AttributeKey.valueOf(NettyEngine.class, "verdict");

    private final QuicConfig config;
    private final ConnectionLimits limits;
    private final TlsContexts tls;
    private final EventLoopGroup group;
    private final NettyConnection.StreamInitializer streams = new NettyConnection.StreamInitializer();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private final List<QuicConnection> connections = new CopyOnWriteArrayList<>();

    /**
     * @throws IllegalStateException if the native quiche library cannot be loaded here, with the
     *     loader's reason
     */
    public NettyEngine(PrivKey identity, QuicConfig config, ConnectionLimits limits) {
        if (!Quic.isAvailable()) {
            throw new IllegalStateException("the netty QUIC engine needs netty-codec-native-quic's native library, which did not load: "
                    + Quic.unavailabilityCause(), Quic.unavailabilityCause());
        }
        this.config = config;
        this.limits = limits;
        this.tls = new TlsContexts(Libp2pCertificate.generate(identity));
        // Task queues that never spin on another thread's half-done offer: under Shadow such a spin
        // stops the simulation (NonSpinningEventLoopGroup).
        this.group = new NonSpinningEventLoopGroup(config.executorThreads(), new DefaultThreadFactory("quic-netty", true),
                NioIoHandler.newFactory());
    }

    @Override
    public String name() {
        return NAME;
    }

    /** What quiche runs with under {@code config}: all of it, plus quiche's own defaults we rely on. */
    public static Map<String, Object> settingsInEffect(QuicConfig config) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("engine", NAME);
        s.put("implementation", "quiche + BoringSSL via netty-codec-native-quic 4.2.18.Final");
        s.put("congestionControl", config.congestionControl().wireName());
        s.put("initialWindowPackets", config.initialWindowPackets());
        s.put("initialWindowBytes", (long) config.initialWindowPackets() * config.maxUdpPayload());
        s.put("hystart", true);
        s.put("pacing", config.pacing());
        s.put("maxUdpPayload", config.maxUdpPayload());
        s.put("pmtuDiscovery", false);
        s.put("initialStreamWindow", config.initialStreamWindow());
        s.put("initialConnectionWindow", config.initialConnectionWindow());
        s.put("streamWindow", config.streamWindow());
        s.put("connectionWindow", config.connectionWindow());
        s.put("windowAutoTuning", "quiche, up to 16 MiB per stream and 24 MiB per connection");
        s.put("socketBuffer", config.socketBuffer());
        s.put("idleTimeoutMs", config.idleTimeout().toMillis());
        s.put("executorThreads", config.executorThreads());
        s.put("clientAuthentication", "required");
        s.put("addressValidation", "Retry while half of the inbound handshake bound is in progress");
        s.put("keepAlive", "1-byte DATAGRAM every " + CodecSettings.keepAlivePeriod(config).toMillis()
                + " ms where the remote accepts DATAGRAM frames");
        return s;
    }

    @Override
    public CompletableFuture<InetSocketAddress> listen(InetSocketAddress address, Inbound inbound) {
        CompletableFuture<InetSocketAddress> result = new CompletableFuture<>();
        PendingInbound handshakes = new PendingInbound(limits);
        int retryFrom = retryThreshold(limits);
        RetryTokens retry = new RetryTokens(() -> handshakes.inProgress() >= retryFrom, System::currentTimeMillis);
        ChannelHandler codec = CodecSettings.apply(new QuicServerCodecBuilder(), config, limits)
                .tokenHandler(retry)
                .sslEngineProvider(quic -> {
                    Libp2pTrustManager verdict = Libp2pTrustManager.forServer();
                    quic.attr(VERDICT).set(verdict);
                    return tls.serverEngine(quic, verdict);
                })
                .handler(new InboundInitializer(inbound, handshakes))
                .streamHandler(streams)
                .build();
        udpBootstrap(codec).bind(address).addListener((ChannelFuture bound) -> {
            if (!bound.isSuccess()) {
                result.completeExceptionally(new IOException("cannot listen on QUIC " + address + ": " + bound.cause().getMessage(),
                        bound.cause()));
                return;
            }
            listeners.add(new Listener(bound.channel(), handshakes, retry));
            result.complete((InetSocketAddress) bound.channel().localAddress());
        });
        return result;
    }

    /**
     * Handshakes in progress from which a listener answers Initials without a token with a Retry:
     * half of those it holds at most, so that a flood from forged addresses stops holding
     * handshakes long before genuine dialers are refused. A degree-70 cell's dial instant stays
     * below it at the default limits (128 of 256), so cells pay no extra round trip.
     */
    static int retryThreshold(ConnectionLimits limits) {
        return Math.max(1, limits.maxPendingInbound() / 2);
    }

    /** What one listening socket has seen, for tests and logs. */
    record ListenerLoad(InetSocketAddress address, int handshakesInProgress, long retriesSent) {}

    /** Each listening socket's handshakes in progress and Retry packets sent. */
    List<ListenerLoad> listenerLoad() {
        return listeners.stream()
                .map(l -> new ListenerLoad((InetSocketAddress) l.channel().localAddress(), l.handshakes().inProgress(), l.retry().retries()))
                .toList();
    }

    private record Listener(Channel channel, PendingInbound handshakes, RetryTokens retry) {}

    /**
     * Builds the connection of each QUIC channel the listener creates, and reports its handshake.
     * Handshakes in progress are bounded like TCP's pending upgrades, in total and per address
     * ({@link PendingInbound}): one past the bound is closed at once and counted as a limit
     * failure, and one that has not finished within the handshake timeout is closed, as a dialer
     * that never answers (a forged source address) would otherwise hold it until the idle timeout.
     */
    @ChannelHandler.Sharable
    private final class InboundInitializer extends ChannelInitializer<QuicChannel> {
        private final Inbound inbound;
        private final PendingInbound handshakes;

        InboundInitializer(Inbound inbound, PendingInbound handshakes) {
            this.inbound = inbound;
            this.handshakes = handshakes;
        }

        @Override
        protected void initChannel(QuicChannel quic) {
            InetSocketAddress remote = (InetSocketAddress) quic.remoteSocketAddress();
            InetSocketAddress local = (InetSocketAddress) quic.parent().localAddress();
            String refusal = handshakes.admit(remote, local);
            if (refusal != null) {
                quic.close();
                inbound.refused(remote, new ProtocolViolation(FailureKind.LIMIT, "inbound QUIC handshake refused: " + refusal));
                return;
            }
            pace(quic.parent(), remote, quic);
            NettyConnection conn = new NettyConnection(quic, Direction.INBOUND, quic.attr(VERDICT).get(), config.streamWindow(),
                    limits.maxBufferedBytesPerStream(), CodecSettings.keepAlivePeriod(config),
                    CodecSettings.initialCongestionWindowBytes(config),
                    Multiaddr.quic(local), Multiaddr.quic(remote));
            ScheduledFuture<?> deadline = quic.eventLoop().schedule(() -> {
                if (!conn.handshake().isDone()) quic.close();
            }, limits.handshakeTimeout().toMillis(), TimeUnit.MILLISECONDS);
            conn.handshake().whenComplete((c, error) -> {
                deadline.cancel(false);
                handshakes.release(remote, local);
                if (error == null) {
                    track(c);
                    inbound.accepted(c);
                } else if (conn.refusedByUs()) {
                    inbound.refused(remote, error);
                } else {
                    // The dialer went away, aborted or never answered; nothing of ours to report.
                    log.debug("inbound QUIC handshake from {} did not complete: {}", remote, error.getMessage());
                }
            });
        }
    }

    @Override
    public CompletableFuture<QuicConnection> dial(InetSocketAddress address, PeerId expected) {
        CompletableFuture<QuicConnection> result = new CompletableFuture<>();
        Libp2pTrustManager verdict = new Libp2pTrustManager(expected);
        ChannelHandler codec = CodecSettings.apply(new QuicClientCodecBuilder(), config, limits)
                .sslEngineProvider(quic -> tls.clientEngine(quic, verdict))
                .build();
        InetSocketAddress local;
        try {
            local = wildcardFor(address);
        } catch (UnknownHostException e) {
            return CompletableFuture.failedFuture(e);
        }
        udpBootstrap(codec).bind(local).addListener((ChannelFuture bound) -> {
            if (!bound.isSuccess()) {
                result.completeExceptionally(new IOException("cannot open a UDP socket to dial " + address + ": "
                        + bound.cause().getMessage(), bound.cause()));
                return;
            }
            connect(bound.channel(), address, verdict, result);
        });
        return result;
    }

    /** Starts the handshake over {@code udp}, which lives as long as the connection. */
    private void connect(Channel udp, InetSocketAddress address, Libp2pTrustManager verdict, CompletableFuture<QuicConnection> result) {
        NettyConnection[] made = new NettyConnection[1];
        QuicChannel.newBootstrap(udp)
                .handler(new ChannelInitializer<QuicChannel>() {
                    @Override
                    protected void initChannel(QuicChannel quic) {
                        NettyConnection conn = new NettyConnection(quic, Direction.OUTBOUND, verdict, config.streamWindow(),
                                limits.maxBufferedBytesPerStream(), CodecSettings.keepAlivePeriod(config),
                                CodecSettings.initialCongestionWindowBytes(config),
                                Multiaddr.quic((InetSocketAddress) udp.localAddress()), Multiaddr.quic(address));
                        made[0] = conn;
                        pace(udp, address, quic);
                        quic.closeFuture().addListener(f -> udp.close());
                        conn.handshake().whenComplete((c, error) -> {
                            if (error != null) {
                                result.completeExceptionally(error);
                                return;
                            }
                            track(c);
                            if (!result.complete(c)) c.close(); // the dial was given up meanwhile
                        });
                    }
                })
                .streamHandler(streams)
                .remoteAddress(address)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, limits.handshakeTimeout().toMillis()))
                .connect()
                .addListener((Future<QuicChannel> f) -> {
                    if (f.isSuccess()) return;
                    if (made[0] == null) {
                        udp.close();
                        result.completeExceptionally(new IOException("QUIC dial to " + address + " failed: " + f.cause().getMessage(), f.cause()));
                    } else {
                        // The connection reports the failure, with TLS's reason if there is one, once closed.
                        made[0].noteFailure(f.cause());
                        made[0].channel().close();
                    }
                });
    }

    private static void pace(Channel udp, InetSocketAddress remote, QuicChannel quic) {
        PacingHandler pacer = udp.pipeline().get(PacingHandler.class);
        if (pacer != null) pacer.track(remote, quic);
    }

    private void track(NettyConnection conn) {
        connections.add(conn);
        conn.closeFuture().whenComplete((v, e) -> connections.remove(conn));
    }

    /** A UDP socket running {@code codec}, behind a {@link PacingHandler} when pacing is on. */
    private Bootstrap udpBootstrap(ChannelHandler codec) {
        Bootstrap b = new Bootstrap().group(group).channel(NioDatagramChannel.class).handler(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel udp) {
                if (config.pacing()) udp.pipeline().addLast(new PacingHandler(config.maxUdpPayload()));
                udp.pipeline().addLast(codec);
            }
        });
        if (config.socketBuffer() > 0) {
            // The kernel caps these at net.core.rmem_max/wmem_max, Shadow at its own limits.
            b.option(ChannelOption.SO_RCVBUF, config.socketBuffer()).option(ChannelOption.SO_SNDBUF, config.socketBuffer());
        }
        return b;
    }

    /** Any address of {@code remote}'s family, any port: the kernel picks the route's source. */
    private static InetSocketAddress wildcardFor(InetSocketAddress remote) throws UnknownHostException {
        boolean v6 = remote.getAddress() instanceof Inet6Address;
        return new InetSocketAddress(InetAddress.getByName(v6 ? "::" : "0.0.0.0"), 0);
    }

    @Override
    public CompletableFuture<Void> close() {
        CompletableFuture<?>[] closing = connections.stream().map(QuicConnection::close).toArray(CompletableFuture[]::new);
        for (Listener listener : listeners) listener.channel().close();
        // Connections finish on our event loops, so those stop only after them (or after a bound).
        return CompletableFuture.allOf(closing)
                .completeOnTimeout(null, 2, TimeUnit.SECONDS)
                .exceptionally(e -> null)
                .thenCompose(v -> {
                    CompletableFuture<Void> done = new CompletableFuture<>();
                    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).addListener(f -> done.complete(null));
                    return done;
                });
    }
}
