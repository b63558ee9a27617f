package io.gsnode.libp2p.connection;

import io.netty.buffer.ByteBuf;
import java.util.concurrent.CompletableFuture;
import io.netty.util.concurrent.EventExecutor;

/**
 * One bidirectional, flow-controlled stream of a {@link Connection}.
 *
 * <p>All methods may be called from any thread; they hop onto {@link #executor()}. Handler
 * callbacks always run on that executor.
 */
public interface Stream {

    Connection connection();

    /** Whether this side opened the stream. */
    Direction direction();

    /** The protocol negotiated by multistream-select, or {@code null} before negotiation ends. */
    String protocol();

    void setProtocol(String protocol);

    /**
     * Installs the handler. Data that arrived before a handler was set is held (bounded by the
     * muxer's receive window) and delivered to the handler as soon as it is set.
     */
    void setHandler(StreamHandler handler);

    /**
     * Writes {@code data}, taking ownership of it. The future completes once the bytes have been
     * handed to the transport, which happens only as flow control allows: callers that wait for it
     * before writing more get back-pressure. It fails if the stream is reset or closed for writing.
     */
    CompletableFuture<Void> write(ByteBuf data);

    /** Half-closes: no more writes from this side; reads go on. */
    void closeWrite();

    /** Aborts both directions. */
    void reset();

    /**
     * Puts bytes back in front of the stream's input, to be delivered to the next handler before
     * anything newer. Protocol negotiation uses it: it may read past its last message.
     * Takes ownership of {@code data}.
     */
    void unread(ByteBuf data);

    /**
     * Stops handing received bytes to the handler until {@link #resumeReading()}: they are held,
     * and the muxer's flow-control credit for them is not returned, so the remote stops sending
     * once its window is spent. A handler that queues work faster than it is done pushes back so.
     * Call on the stream's executor.
     */
    void pauseReading();

    /** Hands held bytes to the handler again and returns their credit as it takes them. Call on the stream's executor. */
    void resumeReading();

    /** The event loop that runs this stream's callbacks; it also runs timers. */
    EventExecutor executor();
}
