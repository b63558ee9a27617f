package io.gsnode.libp2p.connection;

import io.gsnode.libp2p.crypto.PrivKey;

/** What every transport needs from the host that owns it. */
public record TransportContext(PrivKey identity, ConnectionHandler handler, ConnectionLimits limits, WireCounters wire) {

    public TransportContext(PrivKey identity, ConnectionHandler handler, ConnectionLimits limits) {
        this(identity, handler, limits, new WireCounters());
    }
}
