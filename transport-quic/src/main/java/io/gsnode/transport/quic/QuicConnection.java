package io.gsnode.transport.quic;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.crypto.PubKey;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.peer.PeerId;
import io.netty.util.concurrent.EventExecutor;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * What every engine's QUIC connection shares: addresses, the remote's identity (bound late when TLS
 * could not prove it), and inbound streams held until the host installs its acceptor. A remote
 * opens streams as soon as the handshake ends, often before we know who it is.
 */
public abstract class QuicConnection implements Connection {

    private final Direction direction;
    private final EventExecutor executor;
    private final Multiaddr localAddr;
    private final Multiaddr remoteAddr;
    private final CompletableFuture<Void> closeFuture = new CompletableFuture<>();
    private final ArrayDeque<Stream> heldStreams = new ArrayDeque<>();
    private Consumer<Stream> acceptor;
    private volatile PeerId remotePeer;
    private volatile PubKey remoteKey;
    private volatile boolean authenticated;

    protected QuicConnection(Direction direction, EventExecutor executor, Multiaddr localAddr, Multiaddr remoteAddr) {
        this.direction = direction;
        this.executor = executor;
        this.localAddr = localAddr;
        this.remoteAddr = remoteAddr;
    }

    /**
     * Sets who the remote is. {@code authenticated} says whether TLS proved it; otherwise the
     * claim comes from identify and the connection stays marked as unauthenticated.
     */
    public void bindIdentity(PubKey key, boolean authenticated) {
        this.remoteKey = key;
        this.remotePeer = PeerId.fromPubKey(key);
        this.authenticated = authenticated;
    }

    /** Whether the remote's identity is known yet. */
    public boolean hasIdentity() {
        return remotePeer != null;
    }

    @Override
    public PeerId remotePeer() {
        return remotePeer;
    }

    @Override
    public PubKey remotePublicKey() {
        return authenticated ? remoteKey : null;
    }

    @Override
    public boolean authenticated() {
        return authenticated;
    }

    @Override
    public Direction direction() {
        return direction;
    }

    @Override
    public String security() {
        return "tls";
    }

    @Override
    public String muxer() {
        return "quic";
    }

    @Override
    public Multiaddr localAddr() {
        return localAddr;
    }

    @Override
    public Multiaddr remoteAddr() {
        return remoteAddr;
    }

    @Override
    public EventExecutor executor() {
        return executor;
    }

    @Override
    public CompletableFuture<Void> closeFuture() {
        return closeFuture;
    }

    @Override
    public void setInboundStreamAcceptor(Consumer<Stream> newAcceptor) {
        executor.execute(() -> {
            acceptor = newAcceptor;
            Stream held;
            while ((held = heldStreams.pollFirst()) != null) acceptor.accept(held);
        });
    }

    /** Engines call this, on the executor, for each stream the remote opened. */
    protected final void acceptInbound(Stream stream) {
        assert executor.inEventLoop();
        if (acceptor == null) {
            heldStreams.addLast(stream);
        } else {
            acceptor.accept(stream);
        }
    }

    /** Engines call this once the QUIC connection is gone; streams held for nobody are reset. */
    protected final void closed() {
        runOnExecutor(() -> {
            Stream held;
            while ((held = heldStreams.pollFirst()) != null) held.reset();
            closeFuture.complete(null);
        });
    }

    /**
     * Runs {@code task} on the executor, or right here once the executor has stopped: the last
     * steps of a shutdown must still happen.
     */
    protected final void runOnExecutor(Runnable task) {
        try {
            executor.execute(task);
        } catch (RejectedExecutionException stopped) {
            task.run();
        }
    }

    @Override
    public String toString() {
        return "quic[" + direction.wireName() + " " + remoteAddr + " " + (remotePeer == null ? "unidentified" : remotePeer) + "]";
    }
}
