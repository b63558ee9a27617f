package io.gsnode.libp2p.host;

import io.gsnode.libp2p.connection.Transport;
import io.gsnode.libp2p.connection.TransportContext;

/** Builds a transport bound to the host that owns it. */
@FunctionalInterface
public interface TransportFactory {
    Transport create(TransportContext context);
}
