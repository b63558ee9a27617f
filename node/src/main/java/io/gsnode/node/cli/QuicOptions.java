package io.gsnode.node.cli;

import io.gsnode.node.launch.QuicFlags;
import io.gsnode.transport.quic.QuicConfig;
import picocli.CommandLine.Option;

/**
 * The QUIC knobs every command that starts a node takes (a picocli mixin). Kwik has a fixed
 * congestion controller, initial window and packet size, so asking for them with Kwik is an
 * error rather than a silently ignored flag. {@link QuicFlags} writes a configuration back as these
 * flags.
 */
public final class QuicOptions {

    @Option(names = "--quic-engine", paramLabel = "ENGINE", description = "QUIC implementation: kwik or netty (default: ${DEFAULT-VALUE}).")
    public String engine = QuicConfig.DEFAULT.engine();

    @Option(names = "--quic-stream-window", converter = Units.LongBytes.class, paramLabel = "BYTES",
            description = "Largest QUIC receive window per stream; Kwik's fixed window (default: ${DEFAULT-VALUE}, quic-go's ceiling).")
    long streamWindow = QuicConfig.DEFAULT.streamWindow();

    @Option(names = "--quic-connection-window", converter = Units.LongBytes.class, paramLabel = "BYTES",
            description = "Largest QUIC receive window per connection; Kwik's fixed window (default: ${DEFAULT-VALUE}, quic-go's ceiling).")
    long connectionWindow = QuicConfig.DEFAULT.connectionWindow();

    @Option(names = "--quic-initial-stream-window", converter = Units.LongBytes.class, paramLabel = "BYTES",
            description = "Receive window a stream starts with before quiche grows it, netty engine only (default: 524288, as quic-go).")
    Long initialStreamWindow;

    @Option(names = "--quic-pacing", paramLabel = "true|false", arity = "1",
            description = "Pace packets over the round trip as quic-go does, netty engine only (default: true).")
    Boolean pacing;

    @Option(names = "--udp-buffer", converter = Units.IntBytes.class, paramLabel = "BYTES",
            description = "UDP SO_RCVBUF/SO_SNDBUF asked for; the kernel caps it at net.core.rmem_max/wmem_max (default: ${DEFAULT-VALUE}).")
    int udpBuffer = QuicConfig.DEFAULT.socketBuffer();

    @Option(names = "--congestion-control", paramLabel = "reno|cubic|bbr", description = "Netty engine only (default: cubic).")
    String congestionControl;

    @Option(names = "--initial-window", paramLabel = "PACKETS", description = "Initial congestion window, netty engine only (default: 32, as quic-go).")
    Integer initialWindow;

    @Option(names = "--max-udp-payload", converter = Units.IntBytes.class, paramLabel = "BYTES", description = "Largest UDP payload sent, netty engine only (default: 1350).")
    Integer maxUdpPayload;

    /** The configuration these flags describe. @throws IllegalArgumentException for a bad value or combination */
    public QuicConfig toConfig() {
        QuicConfig c = QuicConfig.DEFAULT.withEngine(engine).withWindows(streamWindow, connectionWindow).withSocketBuffer(udpBuffer);
        boolean tuned = congestionControl != null || initialWindow != null || maxUdpPayload != null || initialStreamWindow != null
                || pacing != null;
        if (tuned && "kwik".equals(engine)) {
            throw new IllegalArgumentException(QuicFlags.KWIK_FIXED);
        }
        if (initialStreamWindow != null) c = c.withInitialStreamWindow(initialStreamWindow);
        if (pacing != null) c = c.withPacing(pacing);
        if (congestionControl != null) c = c.withCongestionControl(QuicConfig.CongestionControl.parse(congestionControl));
        if (initialWindow != null) c = c.withInitialWindowPackets(initialWindow);
        if (maxUdpPayload != null) c = c.withMaxUdpPayload(maxUdpPayload);
        return c;
    }
}
