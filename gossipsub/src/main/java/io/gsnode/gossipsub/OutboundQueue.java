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
 */
final class OutboundQueue {

    private final int capacity;
    private final ArrayDeque<ByteBuf> frames = new ArrayDeque<>();
    private Stream stream;
    private boolean writing;
    private boolean closed;

    OutboundQueue(int capacity) {
        this.capacity = capacity;
    }

    /** Takes ownership of {@code frame}; false (and the frame released) when the queue is full or closed. */
    boolean offer(ByteBuf frame) {
        synchronized (this) {
            if (!closed && frames.size() < capacity) {
                frames.addLast(frame);
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
            frames.addFirst(hello);
            writing = true;
        }
        drain();
    }

    synchronized int size() {
        return frames.size();
    }

    /** Drops everything queued; later offers are refused. */
    void close() {
        synchronized (this) {
            closed = true;
            while (!frames.isEmpty()) frames.pollFirst().release();
        }
    }

    private void drain() {
        while (true) {
            ByteBuf next;
            Stream s;
            synchronized (this) {
                next = frames.pollFirst();
                if (next == null || closed) {
                    writing = false;
                    if (next != null) next.release();
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
