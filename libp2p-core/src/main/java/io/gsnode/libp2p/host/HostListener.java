package io.gsnode.libp2p.host;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.FailureKind;

/** Connection events of a host, called on the connection's executor. */
public interface HostListener {

    default void onConnected(Connection connection) {}

    default void onDisconnected(Connection connection) {}

    /** A remote broke a protocol rule or hit a limit, or a dial failed; the connection is closed. */
    default void onFailure(FailureKind kind, String remote, Throwable cause) {}
}
