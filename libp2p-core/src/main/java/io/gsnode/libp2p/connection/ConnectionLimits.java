package io.gsnode.libp2p.connection;

import java.time.Duration;

/**
 * Resource limits of one host. Defaults fit a gossipsub node at degree ~70 with 1 MiB messages.
 *
 * @param maxConnections connections of all directions; an inbound connection past it is closed
 * @param maxStreamsPerConnection open streams per connection; a remote open past it is reset
 * @param maxBufferedBytesPerStream bytes a stream may queue for writing beyond its flow-control window
 * @param handshakeTimeout bound on dial plus security and muxer negotiation
 * @param maxPendingInbound inbound connections still negotiating security and muxer, from all
 *     addresses; one past it is closed at once (go-libp2p's listener bounds them likewise)
 * @param maxPendingInboundPerAddress the same from one remote IP address: connections that never
 *     finish a handshake hold a few slots, not all of them (a node dials a peer once; 8 leaves room
 *     for redials)
 */
public record ConnectionLimits(
        int maxConnections, int maxStreamsPerConnection, long maxBufferedBytesPerStream, Duration handshakeTimeout,
        int maxPendingInbound, int maxPendingInboundPerAddress) {

    public static final ConnectionLimits DEFAULT = new ConnectionLimits(1024, 256, 64L << 20, Duration.ofSeconds(10), 256, 8);

    /** The given limits with the default bounds on inbound handshakes in progress. */
    public ConnectionLimits(int maxConnections, int maxStreamsPerConnection, long maxBufferedBytesPerStream,
                            Duration handshakeTimeout) {
        this(maxConnections, maxStreamsPerConnection, maxBufferedBytesPerStream, handshakeTimeout, 256, 8);
    }

    public ConnectionLimits {
        if (maxConnections < 1) throw new IllegalArgumentException("maxConnections must be >= 1, was " + maxConnections);
        if (maxStreamsPerConnection < 1)
            throw new IllegalArgumentException("maxStreamsPerConnection must be >= 1, was " + maxStreamsPerConnection);
        if (maxBufferedBytesPerStream < 65536)
            throw new IllegalArgumentException(
                    "maxBufferedBytesPerStream must be >= 65536, was " + maxBufferedBytesPerStream);
        if (handshakeTimeout.isNegative() || handshakeTimeout.isZero())
            throw new IllegalArgumentException("handshakeTimeout must be positive, was " + handshakeTimeout);
        if (maxPendingInbound < 1 || maxPendingInboundPerAddress < 1 || maxPendingInboundPerAddress > maxPendingInbound)
            throw new IllegalArgumentException("maxPendingInbound and maxPendingInboundPerAddress must be >= 1, the second"
                    + " at most the first, were " + maxPendingInbound + " and " + maxPendingInboundPerAddress);
    }
}
