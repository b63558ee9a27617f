package io.gsnode.node.launch;

import io.gsnode.transport.quic.QuicConfig;
import java.util.ArrayList;
import java.util.List;

/** A QUIC configuration as {@code gsnode run}'s QUIC flags, for a node's command line. */
public final class QuicFlags {

    /** Why the netty engine's knobs are refused with Kwik, on the command line and here alike. */
    public static final String KWIK_FIXED = "--congestion-control, --initial-window, --max-udp-payload,"
            + " --quic-initial-stream-window and --quic-pacing need --quic-engine netty: Kwik has fixed NewReno,"
            + " a 12,000-byte initial window, ~1252-byte packets, fixed receive windows and no pacing";

    private QuicFlags() {}

    /**
     * The flags that {@code gsnode run}'s QUIC options read back as {@code config}: the engine, the
     * windows and the socket buffer always, the netty engine's knobs where they differ from its defaults.
     *
     * @throws IllegalArgumentException for settings no flag carries: netty knobs with Kwik, or an
     *     idle timeout, executor threads or handshake attempt other than the defaults
     */
    public static List<String> of(QuicConfig config) {
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
