package io.gsnode.node.peer;

import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.libp2p.connection.Causes;
import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.host.HostListener;
import io.gsnode.libp2p.identify.IdentifyService;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.ping.PingService;
import io.gsnode.node.cli.QuicOptions;
import io.gsnode.transport.quic.QuicConfig;
import io.gsnode.transport.quic.QuicTransport;
import io.gsnode.transport.tcp.TcpConfig;
import io.gsnode.transport.tcp.TcpTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code gsnode peer}: listen, dial, ping, transfer and echo, reporting every step as one JSON
 * object per line on stdout (see {@code interop/PEER-PROTOCOL.md}). Exit 0 when every action
 * succeeded, 1 when one failed, 2 on bad usage.
 */
@Command(name = "peer", mixinStandardHelpOptions = true,
        description = {"A standalone libp2p node for interop and debugging: dial, ping, transfer, gossipsub.",
                "Prints one JSON event per line on stdout; logs go to stderr."})
public final class PeerCommand implements Callable<Integer> {

    public static final String AGENT = "gsnode/0.1.0";

    @Option(names = "--listen", paramLabel = "MULTIADDR", description = "Listen address, e.g. /ip4/127.0.0.1/tcp/0 (repeatable).")
    List<String> listen = new ArrayList<>();

    @Option(names = "--dial", paramLabel = "MULTIADDR", description = "Peer to dial, with its /p2p/ suffix (repeatable, in order).")
    List<String> dial = new ArrayList<>();

    @Option(names = "--ping", paramLabel = "N", description = "Pings after each dial (default: ${DEFAULT-VALUE}).")
    int ping;

    @Option(names = "--send", paramLabel = "BYTES", description = "Bytes to send over /gsnode/transfer/1.0.0 after each dial.")
    long send;

    @Option(names = "--echo", paramLabel = "BYTES", description = "Bytes to echo over /gsnode/echo/1.0.0 after each dial.")
    long echo;

    @Option(names = "--key-seed", paramLabel = "S",
            description = "Deterministic Ed25519 identity: seed bytes 0..7 = S little-endian, the rest zero. Default: random.")
    String keySeed;

    @Option(names = "--seconds", paramLabel = "S",
            description = "Stay up S seconds after the last action, then exit. Default: until SIGTERM or SIGINT.")
    Double seconds;

    @CommandLine.Mixin
    QuicOptions quic = new QuicOptions();

    @Option(names = "--subscribe", paramLabel = "TOPIC", description = "Join gossipsub topic TOPIC after listening (repeatable).")
    List<String> subscribe = new ArrayList<>();

    @Option(names = "--publish", paramLabel = "TOPIC", description = "Publish --count messages of --size random bytes on TOPIC.")
    String publish;

    @Option(names = "--size", paramLabel = "BYTES", description = "Size of each published message.")
    Integer size;

    @Option(names = "--count", paramLabel = "N", description = "Messages to publish (default: ${DEFAULT-VALUE}).")
    int count = 1;

    @Option(names = "--interval", paramLabel = "MS", description = "Milliseconds between publishes (default: ${DEFAULT-VALUE}).")
    long interval = 1000;

    @Option(names = "--after", paramLabel = "MS", description = "First publish MS after the process started (default: ${DEFAULT-VALUE}).")
    long after;

    @Option(names = "--heartbeat-ms", paramLabel = "MS", description = "Gossipsub heartbeat interval (default: ${DEFAULT-VALUE}).")
    long heartbeatMs = 700;

    @Option(names = "--gossip", paramLabel = "NAME=VALUE",
            description = {"Any gossipsub parameter, e.g. d=8 or idontwant_threshold=1024 (repeatable).",
                    "Names: d, d_lo, d_hi, d_score, d_out, d_lazy, gossip_factor, history_length, history_gossip, ... "
                            + "(an unknown name lists them all)."})
    List<String> gossipParams = new ArrayList<>();

    @Option(names = "--epoll", description = "Use Linux epoll instead of NIO for TCP.")
    boolean epoll;

    @Option(names = "--io-threads", paramLabel = "N", description = "Netty event-loop threads (default: one per core).")
    Integer ioThreads;

    private final EventLog events = new EventLog(System.out);
    private final CountDownLatch stop = new CountDownLatch(1);

    public static void main(String[] args) {
        System.exit(new CommandLine(new PeerCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        long started = System.nanoTime();
        validate();
        GossipConfig gossipConfig = gossipConfig();
        PrivKey key = keySeed == null ? Ed25519.generate() : Ed25519.fromIndex(Long.parseUnsignedLong(keySeed));
        TcpConfig tcp = TcpConfig.DEFAULT.withEpoll(epoll);
        if (ioThreads != null) tcp = tcp.withIoThreads(ioThreads);
        TcpConfig tcpConfig = tcp;
        QuicConfig quicConfig = quicConfig();
        Host host = new Host(key, ConnectionLimits.DEFAULT,
                List.of(ctx -> new TcpTransport(ctx, tcpConfig), ctx -> new QuicTransport(ctx, quicConfig)));
        installSignalHandlers();
        boolean ok = true;
        try {
            ok = run(host, gossipConfig, started);
        } finally {
            host.close().get(5, TimeUnit.SECONDS);
            events.emit("done");
        }
        return ok ? 0 : 1;
    }

    private void validate() {
        if (ping < 0 || send < 0 || echo < 0) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--ping, --send and --echo must not be negative");
        }
        try {
            quicConfig();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(new CommandLine(this), "QUIC settings: " + e.getMessage());
        }
        gossipConfig();
        if (publish != null && (size == null || size < 1)) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--publish needs --size of at least 1 byte");
        }
        if (publish == null && size != null) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--size needs --publish");
        }
        if (count < 1 || interval < 0 || after < 0) {
            throw new CommandLine.ParameterException(new CommandLine(this),
                    "--count must be at least 1, --interval and --after must not be negative");
        }
        if (seconds != null && seconds < 0) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--seconds must not be negative");
        }
        if (keySeed != null) {
            try {
                Long.parseUnsignedLong(keySeed);
            } catch (NumberFormatException e) {
                throw new CommandLine.ParameterException(new CommandLine(this),
                        "--key-seed must be an unsigned 64-bit integer, was '" + keySeed + "'");
            }
        }
        for (String a : listen) parseAddr("--listen", a);
        for (String a : dial) {
            if (parseAddr("--dial", a).peerId().isEmpty()) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--dial needs a /p2p/<peer id> suffix: " + a);
            }
        }
    }

    /** StrictNoSign and the SHA-256 prefix id are the router's defaults: what the interop peers use. */
    private GossipConfig gossipConfig() {
        GossipConfig.Builder b = new GossipConfig.Builder().heartbeatInterval(Duration.ofMillis(heartbeatMs));
        try {
            for (String p : gossipParams) {
                int eq = p.indexOf('=');
                if (eq < 1) throw new IllegalArgumentException("--gossip wants NAME=VALUE, got '" + p + "'");
                b.set(p.substring(0, eq), p.substring(eq + 1));
            }
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(new CommandLine(this), "gossipsub settings: " + e.getMessage());
        }
    }

    private QuicConfig quicConfig() {
        return quic.toConfig();
    }

    private Multiaddr parseAddr(String flag, String text) {
        try {
            return Multiaddr.parse(text);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(new CommandLine(this), flag + " " + text + ": " + e.getMessage());
        }
    }

    private boolean run(Host host, GossipConfig gossipConfig, long started) throws InterruptedException {
        IdentifyService identify = new IdentifyService(host, AGENT);
        PingService pings = new PingService(host);
        TransferProtocol transfer = new TransferProtocol(host, (conn, r) -> events.emit("received",
                "peer_id", conn.remotePeer().toString(), "protocol", TransferProtocol.PROTOCOL,
                "bytes", r.bytes(), "sha256", r.sha256(), "ms", r.millis()));
        EchoProtocol echoes = new EchoProtocol(host);
        host.addListener(new EventReporter(host));
        identify.addListener((conn, m) -> events.emit("identify", "peer_id", conn.remotePeer().toString(),
                "protocols", m.protocols(), "listen_addrs", m.listenAddrs().stream().map(Multiaddr::toString).toList(),
                "agent", m.agentVersion()));

        List<String> bound = new ArrayList<>();
        for (String a : listen) {
            try {
                bound.add(host.listen(Multiaddr.parse(a)).get().withPeerId(host.peerId()).toString());
            } catch (ExecutionException e) {
                events.emit("error", "what", "listen " + a + ": " + e.getCause().getMessage());
                return false;
            }
        }
        PeerGossip gossip = null;
        if (!subscribe.isEmpty() || publish != null) {
            gossip = new PeerGossip(host, gossipConfig, events);
            for (String topic : new LinkedHashSet<>(subscribe)) gossip.subscribe(topic);
        }
        events.emit("listening", "peer_id", host.peerId().toString(), "addrs", bound);
        try {
            boolean ok = dialAndPublish(host, gossip, started, pings, transfer, echoes);
            if (seconds == null) {
                stop.await();
            } else {
                stop.await((long) (seconds * 1000), TimeUnit.MILLISECONDS);
            }
            return ok;
        } finally {
            if (gossip != null) {
                gossip.reportCounters();
                gossip.close();
            }
        }
    }

    /** Dials in order while the publisher follows its own schedule; both must end before the countdown. */
    private boolean dialAndPublish(Host host, PeerGossip gossip, long started, PingService pings,
                                   TransferProtocol transfer, EchoProtocol echoes) throws InterruptedException {
        CompletableFuture<Boolean> published = CompletableFuture.completedFuture(true);
        if (publish != null) {
            PeerGossip.Schedule schedule = new PeerGossip.Schedule(publish, size, count, interval, after);
            published = CompletableFuture.supplyAsync(() -> {
                try {
                    return gossip.publish(schedule, started, stop);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            });
        }
        boolean ok = true;
        for (String a : dial) {
            ok &= actions(host, Multiaddr.parse(a), pings, transfer, echoes);
        }
        return published.join() && ok;
    }

    /** Dial, then pings, send and echo on that connection; each failure is one error event. */
    private boolean actions(Host host, Multiaddr addr, PingService pings, TransferProtocol transfer, EchoProtocol echoes) {
        Connection conn;
        long dialStart = System.nanoTime();
        try {
            conn = host.dial(addr).join();
        } catch (RuntimeException e) {
            events.emit("error", "what", Causes.message(e));
            return false;
        }
        String peer = conn.remotePeer().toString();
        events.emit("dialed", "peer_id", peer, "ms", (System.nanoTime() - dialStart) / 1e6);
        boolean ok = true;
        if (ping > 0) {
            try {
                pings.ping(conn, ping, rtt -> events.emit("ping", "peer_id", peer, "rtt_ms", rtt.toNanos() / 1e6)).join();
            } catch (RuntimeException e) {
                events.emit("error", "what", "ping " + peer + ": " + Causes.message(e));
                ok = false;
            }
        }
        if (send > 0) {
            try {
                TransferProtocol.Result r = transfer.send(conn, send).join();
                events.emit("sent", "peer_id", peer, "protocol", TransferProtocol.PROTOCOL, "bytes", r.bytes(),
                        "sha256", r.sha256(), "match", r.match(), "ms", r.millis());
                if (!r.match()) {
                    events.emit("error", "what", "send " + peer + ": the receiver's digest differs from ours");
                    ok = false;
                }
            } catch (RuntimeException e) {
                events.emit("error", "what", "send " + peer + ": " + Causes.message(e));
                ok = false;
            }
        }
        if (echo > 0) {
            try {
                EchoProtocol.Result r = echoes.echo(conn, echo).join();
                events.emit("echo", "peer_id", peer, "bytes", r.bytes(), "ok", r.ok(), "ms", r.millis());
                if (!r.ok()) {
                    events.emit("error", "what", "echo " + peer + ": " + r.bytes() + " bytes came back, not the "
                            + echo + " sent");
                    ok = false;
                }
            } catch (RuntimeException e) {
                events.emit("error", "what", "echo " + peer + ": " + Causes.message(e));
                ok = false;
            }
        }
        return ok;
    }

    /** Reports connections and the failures of remotes that broke a rule. */
    private final class EventReporter implements HostListener {
        private final Host host;

        EventReporter(Host host) {
            this.host = host;
        }

        @Override
        public void onConnected(Connection c) {
            events.emit("connected", "peer_id", c.remotePeer().toString(), "addr", c.remoteAddr().toString(),
                    "direction", c.direction().wireName(), "security", c.security(), "muxer", c.muxer(),
                    "authenticated", c.authenticated());
        }

        @Override
        public void onDisconnected(Connection c) {
            events.emit("disconnected", "peer_id", c.remotePeer().toString(), "addr", c.remoteAddr().toString());
        }

        @Override
        public void onFailure(FailureKind kind, String remote, Throwable cause) {
            events.emit("protocol_error", "layer", kind.wireName(), "remote", remote, "what", String.valueOf(cause.getMessage()),
                    "count", host.failureCount(kind));
        }
    }

    private void installSignalHandlers() {
        // Handled, not left to shutdown hooks, so that 'done' is printed and the exit status stays ours.
        for (String name : List.of("TERM", "INT")) {
            sun.misc.Signal.handle(new sun.misc.Signal(name), s -> stop.countDown());
        }
    }
}
