package io.gsnode.gossipsub;

import io.gsnode.libp2p.connection.Stream;
import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;
import java.util.function.LongSupplier;

/**
 * The bounded queue of encoded RPCs for one peer (600 in the reference), drained onto the peer's
 * outbound stream one write at a time: the next frame goes out when the stream took the last one,
 * so flow control pushes back into this queue, where overflow is dropped and counted instead of
 * growing memory. Frames wait here until the stream is negotiated; the hello goes in front.
 *
 * <p>Two lanes share the bound, as in go's {@code rpcQueue}: urgent frames (IDONTWANT) are written
 * before any normal frame still queued, so a peer behind a long backlog of data learns at once that
 * it need not send us a message we hold.
 *
 * <p>The bound is in frames, as go's is, and in bytes too: a peer that reads nothing holds at most
 * {@link #MAX_BYTES} of our frames (a frame alone may exceed it, so that any message can be sent).
 * A 1 MiB message queued for every mesh peer and a few IWANT answers come to a few MiB a peer; the
 * byte bound is for a peer that asks and never reads, where 600 frames of 1 MiB answers would
 * otherwise be 600 MiB. A message sent to many peers is one shared buffer, so this counts what a
 * queue refers to, not what it alone pins.
 *
 * <p>Each frame's time in the queue, until the stream took it, goes to an observer, with the bytes
 * it found queued ahead of it: the per-stream backlog a record reports. A frame may also carry its
 * own listener, told when it was queued, handed to the stream and taken: the copies of a timeline.
 */
final class OutboundQueue {

    /** Told, on the transport's thread, how long each frame waited and what it found ahead of it. */
    interface Observer {
        void written(long queuedNanos, long backlogBytes);
    }

    /** Told, on the transport's thread, when a frame was queued, handed to the stream, and taken by it. */
    interface WriteListener {
        void written(long queuedAt, long startedAt, long doneAt);
    }

    /** A queued frame: when it came, the bytes ahead of it, and who wants to know when it is written. */
    private record Frame(ByteBuf buf, long queuedAt, long backlogBytes, WriteListener onWritten) {}

    /** Bytes of frames one peer's queue holds at most (a single frame may be larger). */
    static final long MAX_BYTES = 64L << 20;

    private final int capacity;
    private final long maxBytes;
    private final LongSupplier clock;
    private final Observer observer;
    private final ArrayDeque<Frame> urgent = new ArrayDeque<>();
    private final ArrayDeque<Frame> normal = new ArrayDeque<>();
    private long queuedBytes;
    private Frame hello;
    private Stream stream;
    private boolean writing;
    private boolean closed;

    OutboundQueue(int capacity, LongSupplier clock, Observer observer) {
        this(capacity, MAX_BYTES, clock, observer);
    }

    OutboundQueue(int capacity, long maxBytes, LongSupplier clock, Observer observer) {
        this.capacity = capacity;
        this.maxBytes = maxBytes;
        this.clock = clock;
        this.observer = observer;
    }

    /** Takes ownership of {@code frame}; false (and the frame released) when the queue is full or closed. */
    boolean offer(ByteBuf frame) {
        return offer(frame, normal, null);
    }

    /** As {@link #offer}; {@code onWritten} is told once the stream took the frame. */
    boolean offer(ByteBuf frame, WriteListener onWritten) {
        return offer(frame, normal, onWritten);
    }

    /** As {@link #offer}, in the urgent lane: written before every normal frame still queued. */
    boolean offerUrgent(ByteBuf frame) {
        return offer(frame, urgent, null);
    }

    private boolean offer(ByteBuf buf, ArrayDeque<Frame> lane, WriteListener onWritten) {
        synchronized (this) {
            int frames = urgent.size() + normal.size();
            if (!closed && frames < capacity && (frames == 0 || queuedBytes + buf.readableBytes() <= maxBytes)) {
                lane.addLast(new Frame(buf, clock.getAsLong(), queuedBytes, onWritten));
                queuedBytes += buf.readableBytes();
                if (stream != null && !writing) {
                    writing = true;
                } else {
                    return true;
                }
            } else {
                ReferenceCountUtil.release(buf);
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
            this.hello = new Frame(hello, clock.getAsLong(), 0, null);
            writing = true;
        }
        drain();
    }

    /** Drops everything queued; later offers are refused. */
    void close() {
        synchronized (this) {
            closed = true;
            if (hello != null) hello.buf().release();
            hello = null;
            while (!urgent.isEmpty()) urgent.pollFirst().buf().release();
            while (!normal.isEmpty()) normal.pollFirst().buf().release();
            queuedBytes = 0;
        }
    }

    /** Caller holds the lock. */
    private Frame next() {
        if (hello != null) {
            Frame h = hello;
            hello = null;
            return h;
        }
        Frame f = urgent.pollFirst();
        if (f == null) f = normal.pollFirst();
        if (f != null) queuedBytes -= f.buf().readableBytes();
        return f;
    }

    private void drain() {
        while (true) {
            Frame next;
            Stream s;
            synchronized (this) {
                next = closed ? null : next();
                if (next == null) {
                    writing = false;
                    return;
                }
                s = stream;
            }
            long startedAt = clock.getAsLong();
            var written = s.write(next.buf());
            // Loop while writes complete at once; otherwise continue from the completion, so a
            // long queue never recurses deeply.
            if (!written.isDone()) {
                written.whenComplete((v, error) -> {
                    if (error != null) {
                        close();
                    } else {
                        taken(next, startedAt);
                        drain();
                    }
                });
                return;
            }
            if (written.isCompletedExceptionally()) {
                close();
                return;
            }
            taken(next, startedAt);
        }
    }

    private void taken(Frame f, long startedAt) {
        long now = clock.getAsLong();
        observer.written(now - f.queuedAt(), f.backlogBytes());
        if (f.onWritten() != null) f.onWritten().written(f.queuedAt(), startedAt, now);
    }
}
