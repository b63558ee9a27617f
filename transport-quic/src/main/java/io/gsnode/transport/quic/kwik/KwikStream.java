package io.gsnode.transport.quic.kwik;

import io.gsnode.libp2p.connection.AbstractStream;
import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.connection.ProtocolViolation;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.util.concurrent.EventExecutor;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import tech.kwik.core.QuicStream;
import tech.kwik.core.stream.FlowControlUpdateListener;

/**
 * A Kwik stream behind the event-driven stream SPI. A reader thread copies what arrives into
 * buffers handed to the event loop; it stops reading while more than one window of bytes waits for
 * the handler, so that QUIC flow control, not our heap, absorbs a slow consumer. Writes queue here
 * and a writer thread, started only while the queue has work, pushes them into Kwik's blocking
 * output stream.
 *
 * <p>Kwik 0.10.8 can leave bytes it has accepted unsent. Its output stream counts the send requests
 * it has queued and queues one only while the count is zero, but it raises the count after
 * queueing: when Kwik's sender thread runs the request in between (the count then reads -1), it
 * sends one frame and, seeing a count that is not zero, queues nothing for the rest. The next write
 * or close queues a request again; after the last one the rest of the stream and its FIN stay in
 * Kwik's buffer for good, and a write that finds that buffer full blocks for good. (Measured: 5
 * runs in 38 of 300 concurrent 20 KB echoes, Kwik dialing netty, each ended with one stream short
 * of its last frame and FIN.) So after each call into the output stream the writer asks the stream
 * again, from the sender thread itself, to queue a request if it has none: on that thread the count
 * cannot change under the check, and a request with nothing to send costs one empty callback.
 */
final class KwikStream extends AbstractStream {

    private static final int READ_CHUNK = 64 * 1024;
    /**
     * Writes go to Kwik in pieces well under its 50 KiB per-stream send buffer, so that bytes Kwik
     * left unsent after one piece (see above) cannot fill the buffer and block the next.
     */
    private static final int WRITE_CHUNK = 16 * 1024;
    /** RFC 9000 leaves application error codes to the application; libp2p uses 0 for a plain reset. */
    private static final long RESET_CODE = 0;

    /** A queued write; {@code data == null} is the FIN after the writes before it. */
    private record PendingWrite(ByteBuf data, CompletableFuture<Void> done) {}

    private final KwikConnection connection;
    private final QuicStream stream;
    /** Kwik's output stream, asked to queue a send request if it has none; see {@link #resumeSending()}. */
    private final FlowControlUpdateListener sendRequests;
    private final BlockingIo io;
    private final Semaphore undelivered;
    private final ConcurrentLinkedQueue<PendingWrite> writes = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean writing = new AtomicBoolean();
    /** Bytes queued here and not yet taken by Kwik, bounded by the host's per-stream limit. */
    private final AtomicLong queuedBytes = new AtomicLong();
    private final long maxQueuedBytes;
    private volatile boolean terminated;
    private boolean writeClosed;
    private volatile boolean finSent;
    private volatile boolean eofReceived;
    /** When the writer last handed Kwik bytes or the FIN; 0 before it did. */
    private volatile long lastWriteNanos;

    KwikStream(KwikConnection connection, QuicStream stream, Direction direction, BlockingIo io, long window,
            long maxQueuedBytes) {
        super(direction);
        this.maxQueuedBytes = maxQueuedBytes;
        this.connection = connection;
        this.stream = stream;
        this.sendRequests = (FlowControlUpdateListener) stream.getOutputStream();
        this.io = io;
        this.undelivered = new Semaphore((int) Math.min(Integer.MAX_VALUE, window));
    }

    void startReading() {
        io.execute(this::readLoop);
    }

    @Override
    public Connection connection() {
        return connection;
    }

    @Override
    public EventExecutor executor() {
        return connection.executor();
    }

    private void readLoop() {
        InputStream in = stream.getInputStream();
        byte[] chunk = new byte[READ_CHUNK];
        try {
            while (true) {
                int n = in.read(chunk);
                if (n < 0) {
                    eofReceived = true;
                    executor().execute(this::deliverRemoteClose);
                    forgetWhenDone();
                    return;
                }
                if (n == 0) continue;
                undelivered.acquire(n);
                ByteBuf data = Unpooled.copiedBuffer(chunk, 0, n);
                executor().execute(() -> deliverData(data));
            }
        } catch (IOException e) {
            connection.runOnExecutorOrHere(() -> terminate(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RejectedExecutionException engineStopped) {
            // The node is shutting down; nobody is left to read what arrived.
        }
    }

    @Override
    protected void consumed(int bytes) {
        undelivered.release(bytes);
    }

    @Override
    protected void doWrite(ByteBuf data, CompletableFuture<Void> done) {
        if (terminated || writeClosed) {
            data.release();
            done.completeExceptionally(new ClosedChannelException());
            return;
        }
        int bytes = data.readableBytes();
        if (queuedBytes.get() + bytes > maxQueuedBytes) {
            data.release();
            done.completeExceptionally(new ProtocolViolation(FailureKind.LIMIT, "QUIC stream " + stream.getStreamId()
                    + " write queue would exceed " + maxQueuedBytes + " bytes; wait for earlier writes to complete"));
            return;
        }
        queuedBytes.addAndGet(bytes);
        enqueue(new PendingWrite(data, done));
    }

    @Override
    protected void doCloseWrite() {
        if (terminated || writeClosed) return;
        writeClosed = true;
        enqueue(new PendingWrite(null, new CompletableFuture<>()));
    }

    @Override
    protected void doReset() {
        if (terminated) return;
        io.execute(() -> {
            stream.resetStream(RESET_CODE);
            stream.abortReading(RESET_CODE);
        });
        terminate(new IOException("stream " + stream.getStreamId() + " reset locally"));
    }

    /** The stream or its connection is gone: fail what waits, tell the handler once. */
    void terminate(Throwable cause) {
        if (terminated) return;
        terminated = true;
        PendingWrite w;
        while ((w = writes.poll()) != null) {
            if (w.data() != null) w.data().release();
            w.done().completeExceptionally(cause);
        }
        queuedBytes.set(0);
        connection.forget(this);
        deliverReset(cause);
    }

    /** Both directions ended cleanly: the connection no longer needs to track this stream. */
    private void forgetWhenDone() {
        if (finSent && eofReceived) connection.forget(this);
    }

    private void enqueue(PendingWrite write) {
        writes.add(write);
        if (writing.compareAndSet(false, true)) {
            io.execute(this::writeLoop);
        }
    }

    private void handedToKwik() {
        lastWriteNanos = System.nanoTime();
        resumeSending();
    }

    /** Resumes sending if the stream was last written to after {@code sinceNanos} (see KwikConnection). */
    void resumeSendingIfWrittenSince(long sinceNanos) {
        long last = lastWriteNanos;
        if (last != 0 && last - sinceNanos > 0) resumeSending();
    }

    /** Has Kwik's sender thread make sure that what the stream holds is queued for sending. */
    private void resumeSending() {
        int id = stream.getStreamId();
        connection.runOnSenderThread(() -> sendRequests.streamNotBlocked(id));
    }

    private void writeLoop() {
        OutputStream out = stream.getOutputStream();
        while (true) {
            PendingWrite w = writes.poll();
            if (w == null) {
                writing.set(false);
                // A write may have been queued between the poll and the flag: take it if nobody else did.
                if (writes.isEmpty() || !writing.compareAndSet(false, true)) return;
                continue;
            }
            try {
                if (w.data() == null) {
                    out.close();
                    handedToKwik();
                    finSent = true;
                    forgetWhenDone();
                } else {
                    ByteBuf data = w.data();
                    queuedBytes.addAndGet(-data.readableBytes());
                    byte[] chunk = new byte[Math.min(WRITE_CHUNK, data.readableBytes())];
                    while (data.isReadable()) {
                        int n = Math.min(chunk.length, data.readableBytes());
                        data.readBytes(chunk, 0, n);
                        out.write(chunk, 0, n);
                        handedToKwik();
                    }
                    data.release();
                }
                w.done().complete(null);
            } catch (IOException e) {
                if (w.data() != null) w.data().release();
                w.done().completeExceptionally(e);
                connection.runOnExecutorOrHere(() -> terminate(e));
            }
        }
    }
}
