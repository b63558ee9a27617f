package io.gsnode.gossipsub;

import io.gsnode.libp2p.connection.Stream;
import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;

/**
 * The bounded queue of encoded RPCs for one peer (600 in the reference), drained onto the peer's
 * outbound stream one write at a time: the next frame goes out when the stream took the last one,
 * so flow control pushes back into this queue, where overflow is dropped and counted instead of
 * growing memory. Frames wait here until the stream is negotiated; the hello goes in front.
 *
 * <p>Two lanes share the bound, as in go's {@code rpcQueue}: urgent frames (IDONTWANT) are written
 * before any normal frame still queued, so a peer behind a long backlog of data learns at once that
 * it need not send us a message we hold.
 */
final class OutboundQueue {

    private final int capacity;
    private final ArrayDeque<ByteBuf> urgent = new ArrayDeque<>();
    private final ArrayDeque<ByteBuf> normal = new ArrayDeque<>();
    private ByteBuf hello;
    private Stream stream;
    private boolean writing;
    private boolean closed;

    OutboundQueue(int capacity) {
        this.capacity = capacity;
    }

    /** Takes ownership of {@code frame}; false (and the frame released) when the queue is full or closed. */
    boolean offer(ByteBuf frame) {
        return offer(frame, normal);
    }

    /** As {@link #offer}, in the urgent lane: written before every normal frame still queued. */
    boolean offerUrgent(ByteBuf frame) {
        return offer(frame, urgent);
    }

    private boolean offer(ByteBuf frame, ArrayDeque<ByteBuf> lane) {
        synchronized (this) {
            if (!closed && urgent.size() + normal.size() < capacity) {
                lane.addLast(frame);
                if (stream != null && !writing) {
                    writing = true;
                } else {
                    return true;
                }
            } else {
                ReferenceCountUtil.release(frame);
                return false;
            }
        }
        drain();
        return true;
    }

    /** The stream is ready: {@code hello} goes first, then what queued up meanwhile. */
    void open(Stream stream, ByteBuf hello) {
        synchronized (this) {
            if (closed) {
                hello.release();
                return;
            }
            this.stream = stream;
            this.hello = hello;
            writing = true;
        }
        drain();
    }

    synchronized int size() {
        return urgent.size() + normal.size();
    }

    /** Drops everything queued; later offers are refused. */
    void close() {
        synchronized (this) {
            closed = true;
            if (hello != null) hello.release();
            hello = null;
            while (!urgent.isEmpty()) urgent.pollFirst().release();
            while (!normal.isEmpty()) normal.pollFirst().release();
        }
    }

    /** Caller holds the lock. */
    private ByteBuf next() {
        if (hello != null) {
            ByteBuf h = hello;
            hello = null;
            return h;
        }
        ByteBuf u = urgent.pollFirst();
        return u != null ? u : normal.pollFirst();
    }

    private void drain() {
        while (true) {
            ByteBuf next;
            Stream s;
            synchronized (this) {
                next = closed ? null : next();
                if (next == null) {
                    writing = false;
                    return;
                }
                s = stream;
            }
            var written = s.write(next);
            // Loop while writes complete at once; otherwise continue from the completion, so a
            // long queue never recurses deeply.
            if (!written.isDone()) {
                written.whenComplete((v, error) -> {
                    if (error != null) close();
                    else drain();
                });
                return;
            }
            if (written.isCompletedExceptionally()) {
                close();
                return;
            }
        }
    }
}
