package io.gsnode.transport.quic;

import io.gsnode.libp2p.peer.PeerId;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;

/**
 * A QUIC implementation under the libp2p transport: it runs TLS with the libp2p certificate and
 * turns QUIC connections and streams into {@link QuicConnection}s. Nothing above
 * {@code transport-quic} knows which engine is in use; {@link QuicEngines} builds them by name.
 */
public interface QuicEngine {

    String name();

    /**
     * Listens on one UDP socket; every inbound connection arrives through it. Each connection goes
     * to {@link Inbound#accepted} once its handshake is done; if the engine could not authenticate
     * the dialer it has no peer yet.
     */
    CompletableFuture<InetSocketAddress> listen(InetSocketAddress address, Inbound inbound);

    /** Dials, authenticating the listener as {@code expected} with its libp2p certificate. */
    CompletableFuture<QuicConnection> dial(InetSocketAddress address, PeerId expected);

    CompletableFuture<Void> close();

    /** Where a listener's results go. Called from the engine's threads; must not block. */
    interface Inbound {

        /** A dialer completed the handshake. */
        void accepted(QuicConnection connection);

        /**
         * We refused a dialer in the TLS handshake: its certificate failed libp2p verification, or
         * it sent none although we asked (a {@code ProtocolViolation} of kind security, or the TLS
         * error), or its handshake was one past the bound on those in progress (a violation of
         * kind limit). Handshakes the dialer abandoned or never answered, and datagrams that never
         * became a handshake, are not reported.
         */
        void refused(InetSocketAddress remote, Throwable cause);
    }
}
