package io.gsnode.transport.quic;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * QUIC settings shared by every engine.
 *
 * <p>Receive windows follow go-libp2p's quic-go: they start at {@link #initialStreamWindow}
 * (512 KiB per stream, 1.5 times that per connection) and grow as the reader keeps up. The netty
 * engine does that: quiche widens a window that the reader drained within two round trips, up to
 * its own ceilings (16 MiB per stream, 24 MiB per connection, which Netty does not expose).
 * {@link #streamWindow} and {@link #connectionWindow} are quic-go's ceilings (10 MiB, 15 MiB); the
 * netty engine buffers at most that much per stream before it stops reading. Kwik does not
 * auto-tune, so it advertises the ceilings from the start: with its own defaults (250 kB stream,
 * 2.5 MB connection) a 1 MiB gossip message stalls on window updates for several round trips on a
 * cold connection. UDP socket buffers of 4 MiB absorb a window's worth of bursts (the kernel caps
 * them at net.core.rmem_max/wmem_max).
 *
 * <p>The congestion knobs ({@link #congestionControl}, {@link #initialWindowPackets},
 * {@link #maxUdpPayload}) are honoured by the {@code netty} engine only: Kwik has NewReno with a
 * fixed 12,000-byte initial window and fixed packet sizes (docs/quic.md §7-8), and ignores
 * them. {@link #settingsInEffect()} says what the selected engine really does.
 *
 * @param engine {@code kwik} or {@code netty} (see {@link QuicEngines#NAMES})
 * @param streamWindow largest receive window of each bidirectional stream, bytes; at least 65,536
 * @param connectionWindow largest receive window of a whole connection, bytes; at least {@code streamWindow}
 * @param socketBuffer UDP SO_RCVBUF and SO_SNDBUF asked for, bytes; 0 leaves the OS defaults
 * @param idleTimeout a connection silent this long is closed
 * @param executorThreads event-loop threads that run stream callbacks for all connections; the
 *     netty engine runs its sockets, QUIC and TLS on them too
 * @param handshakeAttempt stall bound of a Kwik dial: an attempt whose TLS state has not moved for
 *     this long while the listener's datagrams kept arriving is abandoned, and a fresh one, with a
 *     fresh key share, started as long as the host's handshake timeout allows. A handshake that is
 *     only slow (a starved CPU) keeps its attempt. Kwik's client was seen to stall in 1 of 20 to 40
 *     handshakes with quic-go on loopback before the adapter held back its first datagram
 *     (docs/quic.md §5.3). The netty engine makes one attempt
 * @param congestionControl congestion controller of the netty engine; default CUBIC, as quic-go
 *     and quiche use
 * @param initialWindowPackets initial congestion window of the netty engine, in packets of
 *     {@code maxUdpPayload} bytes; default 32, quic-go's {@code protocol.InitialCongestionWindow}.
 *     Between 2 (RFC 9002 §7.2's minimum window) and 1024
 * @param maxUdpPayload largest UDP payload the netty engine sends, and the
 *     {@code max_udp_payload_size} it advertises, bytes; default 1350 (fits a 1500-byte MTU with
 *     room for IPv6 and tunnels). Between 1200 (RFC 9000 §18.2: "Values below 1200 are invalid")
 *     and 65527 (its default there). Path MTU discovery stays off, so this is the packet size
 * @param initialStreamWindow receive window each stream starts with, netty engine only (Kwik starts at
 *     {@code streamWindow}); default 512 KiB, quic-go's. Between 65,536 and {@code streamWindow}
 * @param pacing whether the netty engine spreads each connection's packets over the round trip, as
 *     quic-go does (1.25 times congestion window over smoothed RTT, bursts of up to 10 packets);
 *     default on. Kwik sends at once
 */
public record QuicConfig(String engine, long streamWindow, long connectionWindow, int socketBuffer, Duration idleTimeout,
        int executorThreads, Duration handshakeAttempt, CongestionControl congestionControl, int initialWindowPackets,
        int maxUdpPayload, long initialStreamWindow, boolean pacing) {

    /** quic-go: {@code protocol.InitialCongestionWindow} (packets). */
    public static final int DEFAULT_INITIAL_WINDOW_PACKETS = 32;
    /** quic-go: {@code protocol.DefaultInitialMaxStreamData}, which go-libp2p keeps. */
    public static final long DEFAULT_INITIAL_STREAM_WINDOW = 512 * 1024;
    /** Leaves headroom under a 1500-byte MTU for IPv6 (48 bytes of headers) and encapsulation. */
    public static final int DEFAULT_MAX_UDP_PAYLOAD = 1350;
    /** RFC 9000 §18.2 (max_udp_payload_size): "Values below 1200 are invalid." */
    public static final int MIN_UDP_PAYLOAD = 1200;
    /** RFC 9000 §18.2: the default and largest max_udp_payload_size. */
    public static final int MAX_UDP_PAYLOAD = 65527;
    /** RFC 9002 §7.2: the minimum congestion window is two packets. */
    public static final int MIN_INITIAL_WINDOW_PACKETS = 2;
    /** A sanity bound: 1024 packets is about 1.3 MiB in flight before the first ack. */
    public static final int MAX_INITIAL_WINDOW_PACKETS = 1024;

    /**
     * Netty's engine by default: Kwik's server cannot ask for the dialer's certificate, so an
     * inbound Kwik connection is bound to its peer only by identify (README, "Security notes");
     * and Kwik's handshakes stall when many JVMs start at once.
     */
    public static final QuicConfig DEFAULT = new QuicConfig("netty", 10L << 20, 15L << 20, 4 << 20, Duration.ofSeconds(30),
            Math.max(1, Runtime.getRuntime().availableProcessors()), Duration.ofSeconds(3), CongestionControl.CUBIC,
            DEFAULT_INITIAL_WINDOW_PACKETS, DEFAULT_MAX_UDP_PAYLOAD, DEFAULT_INITIAL_STREAM_WINDOW, true);

    /** The congestion controllers the netty engine (quiche) offers. */
    public enum CongestionControl {
        RENO,
        CUBIC,
        BBR;

        /** Lower case, as on the command line and in records. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * Parses {@code reno}, {@code cubic} or {@code bbr}, in any case.
         *
         * @throws IllegalArgumentException naming the value and the choices
         */
        public static CongestionControl parse(String name) {
            for (CongestionControl c : values()) {
                if (c.wireName().equals(name.toLowerCase(Locale.ROOT))) return c;
            }
            throw new IllegalArgumentException("unknown congestion control '" + name + "'; available: reno, cubic, bbr");
        }
    }

    public QuicConfig {
        if (!QuicEngines.NAMES.contains(engine)) {
            throw new IllegalArgumentException("unknown QUIC engine '" + engine + "'; available: " + String.join(", ", QuicEngines.NAMES));
        }
        if (streamWindow < 64 * 1024) throw new IllegalArgumentException("streamWindow must be >= 65536, was " + streamWindow);
        if (connectionWindow < streamWindow) {
            throw new IllegalArgumentException("connectionWindow " + connectionWindow + " is below streamWindow " + streamWindow);
        }
        if (initialStreamWindow < 64 * 1024 || initialStreamWindow > streamWindow) {
            throw new IllegalArgumentException("initialStreamWindow must be between 65536 and streamWindow (" + streamWindow + "), was "
                    + initialStreamWindow);
        }
        if (socketBuffer < 0) throw new IllegalArgumentException("socketBuffer must not be negative, was " + socketBuffer);
        if (idleTimeout.isNegative() || idleTimeout.isZero() || idleTimeout.toMillis() < 1000) {
            throw new IllegalArgumentException("idleTimeout must be at least 1 s, was " + idleTimeout);
        }
        if (executorThreads < 1) throw new IllegalArgumentException("executorThreads must be >= 1, was " + executorThreads);
        if (handshakeAttempt.isNegative() || handshakeAttempt.isZero()) {
            throw new IllegalArgumentException("handshakeAttempt must be positive, was " + handshakeAttempt);
        }
        if (congestionControl == null) throw new IllegalArgumentException("congestionControl must be set (reno, cubic or bbr)");
        if (initialWindowPackets < MIN_INITIAL_WINDOW_PACKETS || initialWindowPackets > MAX_INITIAL_WINDOW_PACKETS) {
            throw new IllegalArgumentException("initialWindowPackets must be between " + MIN_INITIAL_WINDOW_PACKETS + " and "
                    + MAX_INITIAL_WINDOW_PACKETS + ", was " + initialWindowPackets);
        }
        if (maxUdpPayload < MIN_UDP_PAYLOAD || maxUdpPayload > MAX_UDP_PAYLOAD) {
            throw new IllegalArgumentException("maxUdpPayload must be between " + MIN_UDP_PAYLOAD + " and " + MAX_UDP_PAYLOAD
                    + " bytes, was " + maxUdpPayload);
        }
    }

    /**
     * Every setting the selected engine runs with, by name, for the node's record: this
     * configuration's values where the engine honours them, the engine's own where it does not
     * (Kwik's fixed NewReno, for instance). Keys are stable; values are numbers, booleans or
     * strings.
     */
    public Map<String, Object> settingsInEffect() {
        return QuicEngines.settingsInEffect(this);
    }

    public QuicConfig withEngine(String name) {
        return new QuicConfig(name, streamWindow, connectionWindow, socketBuffer, idleTimeout, executorThreads, handshakeAttempt,
                congestionControl, initialWindowPackets, maxUdpPayload, initialStreamWindow, pacing);
    }

    public QuicConfig withWindows(long stream, long connection) {
        // A ceiling below the initial window lowers the initial window with it.
        return new QuicConfig(engine, stream, connection, socketBuffer, idleTimeout, executorThreads, handshakeAttempt,
                congestionControl, initialWindowPackets, maxUdpPayload, Math.min(initialStreamWindow, stream), pacing);
    }

    public QuicConfig withSocketBuffer(int bytes) {
        return new QuicConfig(engine, streamWindow, connectionWindow, bytes, idleTimeout, executorThreads, handshakeAttempt,
                congestionControl, initialWindowPackets, maxUdpPayload, initialStreamWindow, pacing);
    }

    public QuicConfig withExecutorThreads(int threads) {
        return new QuicConfig(engine, streamWindow, connectionWindow, socketBuffer, idleTimeout, threads, handshakeAttempt,
                congestionControl, initialWindowPackets, maxUdpPayload, initialStreamWindow, pacing);
    }

    public QuicConfig withIdleTimeout(Duration timeout) {
        return new QuicConfig(engine, streamWindow, connectionWindow, socketBuffer, timeout, executorThreads, handshakeAttempt,
                congestionControl, initialWindowPackets, maxUdpPayload, initialStreamWindow, pacing);
    }

    public QuicConfig withHandshakeAttempt(Duration stallBound) {
        return new QuicConfig(engine, streamWindow, connectionWindow, socketBuffer, idleTimeout, executorThreads, stallBound,
                congestionControl, initialWindowPackets, maxUdpPayload, initialStreamWindow, pacing);
    }

    public QuicConfig withCongestionControl(CongestionControl algorithm) {
        return new QuicConfig(engine, streamWindow, connectionWindow, socketBuffer, idleTimeout, executorThreads, handshakeAttempt,
                algorithm, initialWindowPackets, maxUdpPayload, initialStreamWindow, pacing);
    }

    public QuicConfig withInitialWindowPackets(int packets) {
        return new QuicConfig(engine, streamWindow, connectionWindow, socketBuffer, idleTimeout, executorThreads, handshakeAttempt,
                congestionControl, packets, maxUdpPayload, initialStreamWindow, pacing);
    }

    public QuicConfig withInitialStreamWindow(long bytes) {
        return new QuicConfig(engine, streamWindow, connectionWindow, socketBuffer, idleTimeout, executorThreads, handshakeAttempt,
                congestionControl, initialWindowPackets, maxUdpPayload, bytes, pacing);
    }

    public QuicConfig withPacing(boolean on) {
        return new QuicConfig(engine, streamWindow, connectionWindow, socketBuffer, idleTimeout, executorThreads, handshakeAttempt,
                congestionControl, initialWindowPackets, maxUdpPayload, initialStreamWindow, on);
    }

    /**
     * The connection window the netty engine advertises first: 1.5 times the initial stream
     * window, as quic-go's {@code InitialConnectionReceiveWindow}, within {@link #connectionWindow}.
     */
    public long initialConnectionWindow() {
        return Math.min(connectionWindow, initialStreamWindow * 3 / 2);
    }

    public QuicConfig withMaxUdpPayload(int bytes) {
        return new QuicConfig(engine, streamWindow, connectionWindow, socketBuffer, idleTimeout, executorThreads, handshakeAttempt,
                congestionControl, initialWindowPackets, bytes, initialStreamWindow, pacing);
    }
}
