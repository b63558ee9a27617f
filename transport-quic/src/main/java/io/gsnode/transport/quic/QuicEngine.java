package io.gsnode.transport.quic;

import io.gsnode.libp2p.peer.PeerId;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A QUIC implementation under the libp2p transport: it runs TLS with the libp2p certificate and
 * turns QUIC connections and streams into {@link QuicConnection}s. Nothing above
 * {@code transport-quic} knows which engine is in use.
 */
public interface QuicEngine {

    String name();

    /**
     * Listens on one UDP socket. Each connection goes to {@code inbound} once its handshake is
     * done; if the engine could not authenticate the dialer it has no peer yet.
     */
    CompletableFuture<InetSocketAddress> listen(InetSocketAddress address, Consumer<QuicConnection> inbound);

    /** Dials, authenticating the listener as {@code expected} with its libp2p certificate. */
    CompletableFuture<QuicConnection> dial(InetSocketAddress address, PeerId expected);

    CompletableFuture<Void> close();
}
