package io.gsnode.node.cli;

import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.node.peer.AgentVersion;
import io.gsnode.node.peer.EventLog;
import io.gsnode.node.peer.PeerSession;
import io.gsnode.node.peer.PublishSchedule;
import io.gsnode.transport.quic.QuicConfig;
import io.gsnode.transport.quic.QuicTransport;
import io.gsnode.transport.tcp.TcpConfig;
import io.gsnode.transport.tcp.TcpTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gsnode peer}: listen, dial, ping, transfer and echo, reporting every step as one JSON
 * object per line on stdout (see {@code interop/PEER-PROTOCOL.md}). Exit 0 when every action
 * succeeded, 1 when one failed, 2 on bad usage.
 */
@Command(name = "peer", mixinStandardHelpOptions = true,
        description = {"A standalone libp2p node for interop and debugging: dial, ping, transfer, gossipsub.",
                "Prints one JSON event per line on stdout; logs go to stderr."})
public final class PeerCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

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

    @Mixin
    CryptoOption crypto = new CryptoOption();

    private final EventLog events = new EventLog(System.out);

    public static void main(String[] args) {
        System.exit(new CommandLine(new PeerCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        long started = System.nanoTime();
        validate();
        String cryptoProblem = crypto.apply();
        if (cryptoProblem != null) throw new CommandLine.ParameterException(spec.commandLine(), cryptoProblem);
        GossipConfig gossipConfig = gossipConfig();
        PrivKey key = keySeed == null ? Ed25519.generate() : Ed25519.fromIndex(Long.parseUnsignedLong(keySeed));
        TcpConfig tcp = TcpConfig.DEFAULT.withEpoll(epoll);
        if (ioThreads != null) tcp = tcp.withIoThreads(ioThreads);
        TcpConfig tcpConfig = tcp;
        QuicConfig quicConfig = quicConfig();
        Host host = new Host(key, ConnectionLimits.DEFAULT,
                List.of(ctx -> new TcpTransport(ctx, tcpConfig), ctx -> new QuicTransport(ctx, quicConfig)));
        PeerSession session = new PeerSession(plan(), AgentVersion.GSNODE, events);
        installSignalHandlers(session);
        boolean ok = true;
        try {
            ok = session.run(host, gossipConfig, started);
        } finally {
            host.close().get(5, TimeUnit.SECONDS);
            events.emit("done");
        }
        return ok ? 0 : 1;
    }

    private void validate() {
        if (ping < 0 || send < 0 || echo < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--ping, --send and --echo must not be negative");
        }
        try {
            quicConfig();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "QUIC settings: " + e.getMessage());
        }
        gossipConfig();
        if (publish != null && (size == null || size < 1)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--publish needs --size of at least 1 byte");
        }
        if (publish == null && size != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--size needs --publish");
        }
        if (count < 1 || interval < 0 || after < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--count must be at least 1, --interval and --after must not be negative");
        }
        if (seconds != null && seconds < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--seconds must not be negative");
        }
        if (keySeed != null) {
            try {
                Long.parseUnsignedLong(keySeed);
            } catch (NumberFormatException e) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--key-seed must be an unsigned 64-bit integer, was '" + keySeed + "'");
            }
        }
        for (String a : listen) parseAddr("--listen", a);
        for (String a : dial) {
            if (parseAddr("--dial", a).peerId().isEmpty()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--dial needs a /p2p/<peer id> suffix: " + a);
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
            throw new CommandLine.ParameterException(spec.commandLine(), "gossipsub settings: " + e.getMessage());
        }
    }

    private QuicConfig quicConfig() {
        return quic.toConfig();
    }

    private Multiaddr parseAddr(String flag, String text) {
        try {
            return Multiaddr.parse(text);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), flag + " " + text + ": " + e.getMessage());
        }
    }

    private PeerSession.Plan plan() {
        PublishSchedule schedule = publish == null ? null : new PublishSchedule(publish, size, count, interval, after);
        return new PeerSession.Plan(listen, dial, ping, send, echo, subscribe, schedule, seconds);
    }

    private static void installSignalHandlers(PeerSession session) {
        // Handled, not left to shutdown hooks, so that 'done' is printed and the exit status stays ours.
        for (String name : List.of("TERM", "INT")) {
            sun.misc.Signal.handle(new sun.misc.Signal(name), s -> session.stop());
        }
    }
}
