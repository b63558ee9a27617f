package io.gsnode.libp2p.identify;

import io.gsnode.libp2p.connection.Connection;

/** Told when a remote's identify message arrived and its key matched its peer ID. */
@FunctionalInterface
public interface IdentifyListener {
    void onIdentified(Connection connection, IdentifyMessage message);
}
