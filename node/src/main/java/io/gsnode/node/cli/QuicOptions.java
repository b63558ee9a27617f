package io.gsnode.node.cli;

import io.gsnode.transport.quic.QuicConfig;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The QUIC knobs every command that starts a node takes (a picocli mixin). Kwik has a fixed
 * congestion controller, initial window and packet size, so asking for them with Kwik is an
 * error rather than a silently ignored flag.
 */
public final class QuicOptions {

    private static final String KWIK_FIXED = "--congestion-control, --initial-window, --max-udp-payload,"
            + " --quic-initial-stream-window and --quic-pacing need --quic-engine netty: Kwik has fixed NewReno,"
            + " a 12,000-byte initial window, ~1252-byte packets, fixed receive windows and no pacing";

    @Option(names = "--quic-engine", paramLabel = "ENGINE", description = "QUIC implementation: kwik or netty (default: ${DEFAULT-VALUE}).")
    public String engine = QuicConfig.DEFAULT.engine();

    @Option(names = "--quic-stream-window", paramLabel = "BYTES",
            description = "Largest QUIC receive window per stream; Kwik's fixed window (default: ${DEFAULT-VALUE}, quic-go's ceiling).")
    long streamWindow = QuicConfig.DEFAULT.streamWindow();

    @Option(names = "--quic-connection-window", paramLabel = "BYTES",
            description = "Largest QUIC receive window per connection; Kwik's fixed window (default: ${DEFAULT-VALUE}, quic-go's ceiling).")
    long connectionWindow = QuicConfig.DEFAULT.connectionWindow();

    @Option(names = "--quic-initial-stream-window", paramLabel = "BYTES",
            description = "Receive window a stream starts with before quiche grows it, netty engine only (default: 524288, as quic-go).")
    Long initialStreamWindow;

    @Option(names = "--quic-pacing", paramLabel = "true|false", arity = "1",
            description = "Pace packets over the round trip as quic-go does, netty engine only (default: true).")
    Boolean pacing;

    @Option(names = "--udp-buffer", paramLabel = "BYTES",
            description = "UDP SO_RCVBUF/SO_SNDBUF asked for; the kernel caps it at net.core.rmem_max/wmem_max (default: ${DEFAULT-VALUE}).")
    int udpBuffer = QuicConfig.DEFAULT.socketBuffer();

    @Option(names = "--congestion-control", paramLabel = "reno|cubic|bbr", description = "Netty engine only (default: cubic).")
    String congestionControl;

    @Option(names = "--initial-window", paramLabel = "PACKETS", description = "Initial congestion window, netty engine only (default: 32, as quic-go).")
    Integer initialWindow;

    @Option(names = "--max-udp-payload", paramLabel = "BYTES", description = "Largest UDP payload sent, netty engine only (default: 1350).")
    Integer maxUdpPayload;

    /** The configuration these flags describe. @throws IllegalArgumentException for a bad value or combination */
    public QuicConfig toConfig() {
        QuicConfig c = QuicConfig.DEFAULT.withEngine(engine).withWindows(streamWindow, connectionWindow).withSocketBuffer(udpBuffer);
        boolean tuned = congestionControl != null || initialWindow != null || maxUdpPayload != null || initialStreamWindow != null
                || pacing != null;
        if (tuned && "kwik".equals(engine)) {
            throw new IllegalArgumentException(KWIK_FIXED);
        }
        if (initialStreamWindow != null) c = c.withInitialStreamWindow(initialStreamWindow);
        if (pacing != null) c = c.withPacing(pacing);
        if (congestionControl != null) c = c.withCongestionControl(QuicConfig.CongestionControl.parse(congestionControl));
        if (initialWindow != null) c = c.withInitialWindowPackets(initialWindow);
        if (maxUdpPayload != null) c = c.withMaxUdpPayload(maxUdpPayload);
        return c;
    }

    /**
     * The flags that {@link #toConfig} turns into {@code config}: the engine, the windows and the
     * socket buffer always, the netty engine's knobs where they differ from its defaults.
     *
     * @throws IllegalArgumentException for settings no flag carries: netty knobs with Kwik, or an
     *     idle timeout, executor threads or handshake attempt other than the defaults
     */
    public static List<String> flags(QuicConfig config) {
        QuicConfig base = QuicConfig.DEFAULT.withEngine(config.engine())
                .withWindows(config.streamWindow(), config.connectionWindow()).withSocketBuffer(config.socketBuffer());
        if (!config.idleTimeout().equals(base.idleTimeout()) || config.executorThreads() != base.executorThreads()
                || !config.handshakeAttempt().equals(base.handshakeAttempt())) {
            throw new IllegalArgumentException("QUIC idle timeout, executor threads and handshake attempt have no gsnode run flag: "
                    + config);
        }
        List<String> a = new ArrayList<>(List.of("--quic-engine", config.engine(),
                "--quic-stream-window", Long.toString(config.streamWindow()),
                "--quic-connection-window", Long.toString(config.connectionWindow()),
                "--udp-buffer", Integer.toString(config.socketBuffer())));
        List<String> netty = new ArrayList<>();
        if (config.congestionControl() != base.congestionControl()) {
            netty.addAll(List.of("--congestion-control", config.congestionControl().wireName()));
        }
        if (config.initialWindowPackets() != base.initialWindowPackets()) {
            netty.addAll(List.of("--initial-window", Integer.toString(config.initialWindowPackets())));
        }
        if (config.maxUdpPayload() != base.maxUdpPayload()) {
            netty.addAll(List.of("--max-udp-payload", Integer.toString(config.maxUdpPayload())));
        }
        if (config.initialStreamWindow() != base.initialStreamWindow()) {
            netty.addAll(List.of("--quic-initial-stream-window", Long.toString(config.initialStreamWindow())));
        }
        if (config.pacing() != base.pacing()) netty.addAll(List.of("--quic-pacing", Boolean.toString(config.pacing())));
        if (!netty.isEmpty() && "kwik".equals(config.engine())) throw new IllegalArgumentException(KWIK_FIXED);
        a.addAll(netty);
        return a;
    }
}
