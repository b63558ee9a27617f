package io.gsnode.libp2p.connection;

/**
 * Receives every connection a transport has upgraded, inbound and outbound, on the connection's
 * executor and before any remote stream is accepted, so it can install a stream acceptor first.
 */
public interface ConnectionHandler {

    void onConnection(Connection connection);

    /**
     * A remote broke a protocol rule, on an inbound attempt or on an established connection; the
     * transport has closed that connection. Outbound attempts fail their dial future instead.
     */
    void onFailure(FailureKind kind, String remote, Throwable cause);
}
