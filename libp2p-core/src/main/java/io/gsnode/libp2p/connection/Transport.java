package io.gsnode.libp2p.connection;

import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.peer.PeerId;
import java.util.concurrent.CompletableFuture;

/**
 * Dials and listens on one kind of address. Upgraded connections go to the
 * {@link ConnectionHandler} the transport was built with, before dial futures complete.
 */
public interface Transport {

    /** Short name for logs and records, e.g. {@code tcp} or {@code quic}. */
    String name();

    boolean handles(Multiaddr addr);

    /** Starts listening; completes with the bound address (the real port when 0 was asked). */
    CompletableFuture<Multiaddr> listen(Multiaddr addr);

    /** Dials {@code addr}, failing unless the remote proves to be {@code expected}. */
    CompletableFuture<Connection> dial(Multiaddr addr, PeerId expected);

    CompletableFuture<Void> close();

    /** Whether this transport adds its socket bytes to the context's {@link WireCounters}. */
    default boolean countsWireBytes() {
        return false;
    }
}
