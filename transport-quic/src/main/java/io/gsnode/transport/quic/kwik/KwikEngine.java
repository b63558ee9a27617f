package io.gsnode.transport.quic.kwik;

import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.connection.ProtocolViolation;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.transport.quic.QuicConfig;
import io.gsnode.transport.quic.QuicConnection;
import io.gsnode.transport.quic.QuicEngine;
import io.gsnode.transport.quic.tls.LenientX509Provider;
import io.gsnode.transport.quic.tls.Libp2pCertificate;
import io.gsnode.transport.quic.tls.Libp2pTrustManager;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.EventExecutorGroup;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tech.kwik.core.QuicClientConnection;
import tech.kwik.core.log.NullLogger;
import tech.kwik.core.server.ApplicationProtocolConnection;
import tech.kwik.core.server.ApplicationProtocolConnectionFactory;
import tech.kwik.core.server.ServerConnection;
import tech.kwik.core.server.ServerConnectionConfig;
import tech.kwik.core.server.ServerConnector;

/**
 * QUIC on Kwik. Dials authenticate the listener by its libp2p certificate and present ours (mutual
 * TLS). Listening cannot do the same: agent15's TLS server never sends a CertificateRequest, so
 * inbound connections arrive without a peer and the transport binds them through identify.
 */
public final class KwikEngine implements QuicEngine {

    static {
        // Kwik prints a warning on stdout when its own certificate check is replaced; ours runs
        // instead (Libp2pTrustManager), and stdout belongs to the node's JSON events.
        System.setProperty("tech.kwik.core.no-security-warnings", "true");
        // agent15 parses peer certificates through the JCA; rust-libp2p's have empty names.
        LenientX509Provider.install();
    }

    /** The name {@link QuicConfig#engine()} selects this engine by. */
    public static final String NAME = "kwik";

    private static final Logger log = LoggerFactory.getLogger(KwikEngine.class);
    private static final String ALPN = "libp2p";
    private static final String KEY_ALIAS = "libp2p";
    private static final char[] KEY_PASSWORD = "libp2p".toCharArray();
    /** Kwik keeps a connection alive for this long in total; in effect, for as long as it lives. */
    private static final int KEEP_ALIVE_SECONDS = 365 * 24 * 3600;
    /** How often a dial's {@link HandshakeWatch} is asked whether the handshake stalled. */
    private static final long STALL_POLL_MS = 250;

    private final Libp2pCertificate certificate;
    private final QuicConfig config;
    private final ConnectionLimits limits;
    private final EventExecutorGroup executors;
    private final BlockingIo io = new BlockingIo();
    private final List<ServerConnector> servers = new CopyOnWriteArrayList<>();
    private final List<QuicConnection> connections = new CopyOnWriteArrayList<>();
    private final AtomicLong stalledHandshakeAttempts = new AtomicLong();
    private final AtomicLong faultedHandshakeAttempts = new AtomicLong();

    public KwikEngine(PrivKey identity, QuicConfig config, ConnectionLimits limits) {
        this.certificate = Libp2pCertificate.generate(identity);
        this.config = config;
        this.limits = limits;
        this.executors = new DefaultEventExecutorGroup(config.executorThreads());
    }

    @Override
    public String name() {
        return NAME;
    }

    /**
     * What Kwik runs with under {@code config}: the windows, buffers and timeouts it takes from it,
     * and its own fixed congestion control and packet sizes (docs/quic.md §7-8), which the
     * congestion knobs of {@link QuicConfig} do not reach.
     */
    public static Map<String, Object> settingsInEffect(QuicConfig config) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("engine", NAME);
        s.put("implementation", "kwik 0.10.8 + agent15 3.1");
        s.put("congestionControl", "newreno");
        s.put("initialWindowBytes", 12_000);
        s.put("pacing", false);
        s.put("maxUdpPayload", 1252);
        s.put("pmtuDiscovery", false);
        // Kwik does not grow windows, so it advertises the ceilings from the start.
        s.put("initialStreamWindow", config.streamWindow());
        s.put("streamWindow", config.streamWindow());
        s.put("connectionWindow", config.connectionWindow());
        s.put("windowAutoTuning", "none");
        // Kwik's client builder has no connection window setter: it is ten stream windows.
        s.put("connectionWindowDialed", 10 * config.streamWindow());
        s.put("socketBuffer", config.socketBuffer());
        s.put("idleTimeoutMs", config.idleTimeout().toMillis());
        s.put("executorThreads", config.executorThreads());
        s.put("handshakeAttemptMs", config.handshakeAttempt().toMillis());
        s.put("clientAuthentication", "none: inbound dialers are bound through identify");
        s.put("addressValidation", "none: Kwik's server has Retry always or never, and never is kept");
        // Kwik has keep-alive on its client only; a listener relies on its dialers' PINGs or DATAGRAMs.
        s.put("keepAlive", "PING every idleTimeout/2 on dialed connections; accepted ones take the dialer's PING or DATAGRAM");
        return s;
    }

    /** Dial attempts that got no further than their bound and were tried again (or given up). */
    public long stalledHandshakeAttempts() {
        return stalledHandshakeAttempts.get();
    }

    /** Dial attempts that Kwik failed with a fault of its own and were tried again (or given up). */
    public long faultedHandshakeAttempts() {
        return faultedHandshakeAttempts.get();
    }

    @Override
    public CompletableFuture<InetSocketAddress> listen(InetSocketAddress address, Inbound inbound) {
        try {
            // Closable without a signal to its reader thread, which Shadow cannot deliver.
            DatagramSocket socket = new SelfWakingDatagramSocket(address);
            tuneSocket(socket);
            ServerConnectionConfig serverConfig = ServerConnectionConfig.builder()
                    .maxIdleTimeoutInSeconds((int) config.idleTimeout().toSeconds())
                    .maxOpenPeerInitiatedBidirectionalStreams(limits.maxStreamsPerConnection())
                    .maxOpenPeerInitiatedUnidirectionalStreams(0)
                    .maxBidirectionalStreamBufferSize(config.streamWindow())
                    .maxConnectionBufferSize(config.connectionWindow())
                    .retryRequired(ServerConnectionConfig.RetryRequired.Never)
                    .build();
            KeyStore keys = certificate.keyStore(KEY_ALIAS, KEY_PASSWORD);
            ServerConnector connector = ServerConnector.builder()
                    .withSocket(socket)
                    .withKeyStore(keys, KEY_ALIAS, KEY_PASSWORD, "secp256r1")
                    .withConfiguration(serverConfig)
                    .withLogger(new NullLogger())
                    .build();
            connector.registerApplicationProtocol(ALPN, new InboundFactory(socket, inbound));
            connector.start();
            servers.add(connector);
            return CompletableFuture.completedFuture((InetSocketAddress) socket.getLocalSocketAddress());
        } catch (IOException | CertificateException | RuntimeException e) {
            return CompletableFuture.failedFuture(new IOException("cannot listen on QUIC " + address + ": " + e.getMessage(), e));
        }
    }

    @Override
    public CompletableFuture<QuicConnection> dial(InetSocketAddress address, PeerId expected) {
        CompletableFuture<QuicConnection> result = new CompletableFuture<>();
        long deadline = System.nanoTime() + limits.handshakeTimeout().toNanos();
        io.execute(() -> {
            Throwable last = null;
            for (int attempt = 1; !result.isDone(); attempt++) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    result.completeExceptionally(last);
                    return;
                }
                try {
                    result.complete(connect(address, expected, Duration.ofNanos(left)));
                } catch (HandshakeStalled stalled) {
                    last = stalled;
                    stalledHandshakeAttempts.incrementAndGet();
                    log.info("{}: attempt {} abandoned; trying again", stalled.getMessage(), attempt);
                } catch (HandshakeFaulted faulted) {
                    last = faulted;
                    faultedHandshakeAttempts.incrementAndGet();
                    log.info("QUIC handshake with {} attempt {} failed inside Kwik ({}); trying again", address, attempt,
                            faulted.getCause().toString());
                } catch (IOException | RuntimeException e) {
                    result.completeExceptionally(e);
                }
            }
        });
        return result;
    }

    /**
     * One handshake attempt, bounded by the dial's {@code budget}, and abandoned as stalled once
     * its {@link HandshakeWatch} says so (no progress for {@code QuicConfig.handshakeAttempt}).
     */
    private KwikConnection connect(InetSocketAddress address, PeerId expected, Duration budget) throws IOException {
        Libp2pTrustManager trust = new Libp2pTrustManager(expected);
        HandshakeWatch watch = new HandshakeWatch();
        KwikFaultLog faults = new KwikFaultLog();
        QuicClientConnection quic = QuicClientConnection.newBuilder()
                .host(address.getAddress().getHostAddress())
                .port(address.getPort())
                .applicationProtocol(ALPN)
                .version(tech.kwik.core.QuicConnection.QuicVersion.V1)
                // Replaces agent15's PKIX and hostname checks; the trust manager below runs the
                // libp2p verification and checks the peer ID instead.
                .noServerCertificateCheck()
                .customTrustManager(trust)
                .clientCertificate(certificate.certificate())
                .clientCertificateKey(certificate.privateKey())
                .maxOpenPeerInitiatedBidirectionalStreams(limits.maxStreamsPerConnection())
                .maxOpenPeerInitiatedUnidirectionalStreams(0)
                .defaultStreamReceiveBufferSize(config.streamWindow())
                .maxIdleTimeout(config.idleTimeout())
                .connectTimeout(budget)
                .socketFactory(local -> {
                    DatagramSocket socket = new SelfWakingDatagramSocket(null, watch);
                    tuneSocket(socket);
                    return socket;
                })
                .logger(faults)
                .build();
        watch.watch(quic);
        try {
            InetSocketAddress local = quic.getLocalAddress();
            KwikConnection conn = new KwikConnection(quic, Direction.OUTBOUND, executors.next(), io, config.streamWindow(), limits.maxBufferedBytesPerStream(), limits.handshakeTimeout(),
                    local == null ? Multiaddr.quic(new InetSocketAddress(0)) : Multiaddr.quic(local), Multiaddr.quic(address));
            // Before connect(), so that no stream the listener opens early is missed.
            quic.setPeerInitiatedStreamCallback(conn::onPeerStream);
            awaitHandshake(quic, watch, address, trust, faults);
            if (trust.remoteIdentity() == null) {
                throw new ProtocolViolation(FailureKind.SECURITY, "QUIC handshake ended without verifying the listener's certificate");
            }
            try {
                quic.keepAlive(KEEP_ALIVE_SECONDS);
            } catch (IllegalStateException closedAlready) {
                // Kwik ended the connection between the handshake and here: of its own fault (tried
                // again, as during the handshake), or as the listener or Kwik's close said.
                if (faults.fault() != null) throw new HandshakeFaulted(address, faults.fault());
                String ending = conn.ending();
                throw new IOException("QUIC connection to " + address + " ended right after the handshake: "
                        + (ending != null ? ending : "Kwik gave no reason"), closedAlready);
            }
            conn.bindIdentity(trust.remoteIdentity(), true);
            connections.add(conn);
            conn.closeFuture().whenComplete((v, e) -> connections.remove(conn));
            return conn;
        } catch (IOException | RuntimeException e) {
            quic.close();
            throw e;
        }
    }

    /**
     * Runs Kwik's blocking connect, interrupting it when the watch reports a stall: Kwik then
     * aborts the handshake and throws a bare RuntimeException.
     */
    private void awaitHandshake(QuicClientConnection quic, HandshakeWatch watch, InetSocketAddress address,
            Libp2pTrustManager trust, KwikFaultLog faults) throws IOException {
        Thread connecting = Thread.currentThread();
        AtomicBoolean stalled = new AtomicBoolean();
        long bound = config.handshakeAttempt().toNanos();
        ScheduledFuture<?> poll = executors.next().scheduleAtFixedRate(() -> {
            if (watch.stalled(bound) && stalled.compareAndSet(false, true)) connecting.interrupt();
        }, STALL_POLL_MS, STALL_POLL_MS, TimeUnit.MILLISECONDS);
        try {
            quic.connect();
        } catch (IOException | RuntimeException e) {
            if (trust.failure() != null) {
                throw new ProtocolViolation(FailureKind.SECURITY, trust.failure().getMessage(), e);
            }
            if (faults.fault() != null) throw new HandshakeFaulted(address, faults.fault());
            if (stalled.get()) throw new HandshakeStalled(address, config.handshakeAttempt(), watch.progress(), e);
            throw e;
        } finally {
            poll.cancel(false);
            // An interrupt that came as the handshake completed must not reach the next blocking call.
            Thread.interrupted();
        }
    }

    /** A handshake attempt made no progress for the stall bound while the listener kept answering. */
    private static final class HandshakeStalled extends IOException {
        private static final long serialVersionUID = 1L;

        HandshakeStalled(InetSocketAddress address, Duration bound, String progress, Exception cause) {
            super("QUIC handshake with " + address + " made no progress for " + bound.toMillis() + " ms (" + progress + ")", cause);
        }
    }

    /** Kwik failed a handshake attempt of its own accord, with a runtime exception (see {@link KwikFaultLog}). */
    private static final class HandshakeFaulted extends IOException {
        private static final long serialVersionUID = 1L;

        HandshakeFaulted(InetSocketAddress address, RuntimeException fault) {
            super("QUIC handshake with " + address + " failed inside Kwik", fault);
        }
    }

    @Override
    public CompletableFuture<Void> close() {
        for (ServerConnector s : servers) s.close();
        CompletableFuture<?>[] closing = connections.stream().map(QuicConnection::close).toArray(CompletableFuture[]::new);
        // Connections finish on our executors, so those stop only after them (or after a bound).
        return CompletableFuture.allOf(closing)
                .completeOnTimeout(null, 2, TimeUnit.SECONDS)
                .exceptionally(e -> null)
                .thenCompose(v -> {
                    CompletableFuture<Void> done = new CompletableFuture<>();
                    executors.shutdownGracefully(0, 2, TimeUnit.SECONDS).addListener(f -> {
                        io.shutdown();
                        done.complete(null);
                    });
                    return done;
                });
    }

    private void tuneSocket(DatagramSocket socket) {
        // Shadow and some kernels refuse or cap buffer sizes; what we get is what we get.
        try {
            socket.setReceiveBufferSize(config.socketBuffer());
            socket.setSendBufferSize(config.socketBuffer());
        } catch (SocketException e) {
            log.debug("UDP socket buffers left at their defaults: {}", e.getMessage());
        }
    }

    /** Builds a connection for each handshake the listener completes. */
    private final class InboundFactory implements ApplicationProtocolConnectionFactory {
        private final DatagramSocket socket;
        private final Inbound inbound;

        InboundFactory(DatagramSocket socket, Inbound inbound) {
            this.socket = socket;
            this.inbound = inbound;
        }

        @Override
        public ApplicationProtocolConnection createConnection(String protocol, tech.kwik.core.QuicConnection quic) {
            InetSocketAddress remote = ((ServerConnection) quic).getInitialRemoteAddress();
            KwikConnection conn = new KwikConnection(quic, Direction.INBOUND, executors.next(), io, config.streamWindow(), limits.maxBufferedBytesPerStream(), limits.handshakeTimeout(),
                    Multiaddr.quic((InetSocketAddress) socket.getLocalSocketAddress()), Multiaddr.quic(remote));
            connections.add(conn);
            conn.closeFuture().whenComplete((v, e) -> connections.remove(conn));
            quic.setDatagramHandler(keepAlive -> {});
            inbound.accepted(conn);
            return new ApplicationProtocolConnection() {
                @Override
                public void acceptPeerInitiatedStream(tech.kwik.core.QuicStream stream) {
                    conn.onPeerStream(stream);
                }
            };
        }

        @Override
        public int maxConcurrentPeerInitiatedBidirectionalStreams() {
            return limits.maxStreamsPerConnection();
        }

        @Override
        public int maxConcurrentPeerInitiatedUnidirectionalStreams() {
            return 0;
        }

        /**
         * Kwik's server never pings. A dialer that does not ping either (the netty engine, whose
         * quiche offers no PING on request) keeps the connection alive with DATAGRAM frames, which
         * Kwik accepts only with the extension on (RFC 9221); their content is dropped.
         */
        @Override
        public boolean enableDatagramExtension() {
            return true;
        }
    }
}
