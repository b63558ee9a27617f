package io.gsnode.transport.quic;

import java.time.Duration;

/**
 * QUIC settings shared by every engine.
 *
 * <p>The windows are quic-go's ceilings (10 MiB per stream, 15 MiB per connection), not its
 * auto-tuned starting points, because Kwik does not auto-tune: with its defaults (250 kB stream,
 * 2.5 MB connection) a 1 MiB gossip message stalls on window updates for several round trips on a
 * cold connection; at 10 MiB it never waits for credit. UDP socket buffers of 4 MiB absorb a
 * window's worth of bursts (the kernel caps them at net.core.rmem_max/wmem_max).
 *
 * @param engine {@code kwik}
 * @param streamWindow receive window of each bidirectional stream, bytes
 * @param connectionWindow receive window of a whole connection, bytes
 * @param socketBuffer UDP SO_RCVBUF and SO_SNDBUF asked for, bytes
 * @param idleTimeout a connection silent this long is closed
 * @param executorThreads event-loop threads that run stream callbacks for all connections
 * @param handshakeAttempt bound on one handshake attempt of a dial; a stalled attempt is abandoned
 *     and a fresh one, with a fresh key share, started as long as the host's handshake timeout
 *     allows. Kwik's client was seen to stall in 1 of 20 to 40 handshakes with quic-go on loopback:
 *     it parses the ServerHello but never installs the handshake keys, then discards every
 *     Handshake packet, logging no error
 */
public record QuicConfig(String engine, long streamWindow, long connectionWindow, int socketBuffer, Duration idleTimeout,
        int executorThreads, Duration handshakeAttempt) {

    public static final QuicConfig DEFAULT = new QuicConfig("kwik", 10L << 20, 15L << 20, 4 << 20, Duration.ofSeconds(30),
            Math.max(1, Runtime.getRuntime().availableProcessors()), Duration.ofSeconds(3));

    public QuicConfig {
        if (!engine.equals("kwik")) {
            throw new IllegalArgumentException("unknown QUIC engine '" + engine + "'; available: kwik");
        }
        if (streamWindow < 64 * 1024) throw new IllegalArgumentException("streamWindow must be >= 65536, was " + streamWindow);
        if (connectionWindow < streamWindow) {
            throw new IllegalArgumentException("connectionWindow " + connectionWindow + " is below streamWindow " + streamWindow);
        }
        if (socketBuffer < 0) throw new IllegalArgumentException("socketBuffer must not be negative, was " + socketBuffer);
        if (executorThreads < 1) throw new IllegalArgumentException("executorThreads must be >= 1, was " + executorThreads);
        if (handshakeAttempt.isNegative() || handshakeAttempt.isZero()) {
            throw new IllegalArgumentException("handshakeAttempt must be positive, was " + handshakeAttempt);
        }
    }

    public QuicConfig withEngine(String name) {
        return new QuicConfig(name, streamWindow, connectionWindow, socketBuffer, idleTimeout, executorThreads, handshakeAttempt);
    }

    public QuicConfig withWindows(long stream, long connection) {
        return new QuicConfig(engine, stream, connection, socketBuffer, idleTimeout, executorThreads, handshakeAttempt);
    }

    public QuicConfig withSocketBuffer(int bytes) {
        return new QuicConfig(engine, streamWindow, connectionWindow, bytes, idleTimeout, executorThreads, handshakeAttempt);
    }
}
