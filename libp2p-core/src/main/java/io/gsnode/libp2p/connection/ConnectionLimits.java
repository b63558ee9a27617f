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
 * @param maxInboundPerAddress established inbound connections from one remote IPv4 address, or one
 *     IPv6 /56 (eight times as many); one past it is closed and counted. go-libp2p's resource
 *     manager allows 8 per IPv4 address and 64 per IPv6 /56. A node of a cell has one connection
 *     per peer, and every peer has an address of its own.
 * @param exemptLoopback whether loopback addresses escape {@code maxInboundPerAddress}, as in
 *     go-libp2p: every dial on one machine comes from 127.0.0.1, whatever node makes it
 */
public record ConnectionLimits(
        int maxConnections, int maxStreamsPerConnection, long maxBufferedBytesPerStream, Duration handshakeTimeout,
        int maxPendingInbound, int maxPendingInboundPerAddress, int maxInboundPerAddress, boolean exemptLoopback) {

    public static final ConnectionLimits DEFAULT = new ConnectionLimits(1024, 256, 64L << 20, Duration.ofSeconds(10), 256, 8, 8, true);

    /** The given limits with the default bound on established inbound connections per address. */
    public ConnectionLimits(int maxConnections, int maxStreamsPerConnection, long maxBufferedBytesPerStream,
                            Duration handshakeTimeout, int maxPendingInbound, int maxPendingInboundPerAddress) {
        this(maxConnections, maxStreamsPerConnection, maxBufferedBytesPerStream, handshakeTimeout, maxPendingInbound,
                maxPendingInboundPerAddress, 8, true);
    }

    /** The given limits with the default bounds on inbound handshakes in progress. */
    public ConnectionLimits(int maxConnections, int maxStreamsPerConnection, long maxBufferedBytesPerStream,
                            Duration handshakeTimeout) {
        this(maxConnections, maxStreamsPerConnection, maxBufferedBytesPerStream, handshakeTimeout, 256, 8, 8, true);
    }

    /** These limits with {@code maxInboundPerAddress}, loopback included when {@code exemptLoopback} is false. */
    public ConnectionLimits withInboundPerAddress(int max, boolean exemptLoopback) {
        return new ConnectionLimits(maxConnections, maxStreamsPerConnection, maxBufferedBytesPerStream, handshakeTimeout,
                maxPendingInbound, maxPendingInboundPerAddress, max, exemptLoopback);
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
        if (maxInboundPerAddress < 1) throw new IllegalArgumentException("maxInboundPerAddress must be >= 1, was " + maxInboundPerAddress);
    }
}
