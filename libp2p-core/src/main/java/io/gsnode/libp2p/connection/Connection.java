package io.gsnode.libp2p.connection;

import io.gsnode.libp2p.crypto.PubKey;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.peer.PeerId;
import java.util.concurrent.CompletableFuture;
import io.netty.util.concurrent.EventExecutor;
import java.util.function.Consumer;

/** A secured, multiplexed connection to one peer. */
public interface Connection {

    PeerId remotePeer();

    /** The remote's identity key as the security handshake proved it, or {@code null} if it did not. */
    PubKey remotePublicKey();

    Multiaddr remoteAddr();

    Multiaddr localAddr();

    Direction direction();

    /** {@code noise} or {@code tls}. */
    String security();

    /** {@code yamux} or {@code quic}. */
    String muxer();

    /** Whether the security handshake authenticated {@link #remotePeer()} cryptographically. */
    boolean authenticated();

    /** Opens a raw stream; the caller negotiates its protocol. */
    CompletableFuture<Stream> openStream();

    /**
     * Sets who receives streams the remote opens. Transports call this only through
     * {@link ConnectionHandler#onConnection}, before any remote stream can be accepted.
     */
    void setInboundStreamAcceptor(Consumer<Stream> acceptor);

    /** Closes gracefully (go-away where the muxer has one). */
    CompletableFuture<Void> close();

    /** Completes when the connection is closed, for whatever reason. */
    CompletableFuture<Void> closeFuture();

    EventExecutor executor();

    /**
     * Reads the transport's congestion window for this connection now, with the window it started
     * with. Any thread may call it; the future completes on {@link #executor()} (this default,
     * which reads nothing, returns one already complete), never exceptionally: a transport that
     * cannot read the window reports {@link CongestionWindow#unreadable(String) why} instead.
     */
    default CompletableFuture<CongestionWindow> congestionWindow() {
        return CompletableFuture.completedFuture(CongestionWindow.unreadable("transport reports none"));
    }
}
