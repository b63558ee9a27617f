package io.gsnode.transport.quic.kwik;

import io.gsnode.libp2p.connection.CongestionWindow;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.connection.ProtocolViolation;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.transport.quic.QuicConnection;
import io.netty.util.concurrent.EventExecutor;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import tech.kwik.core.ConnectionListener;
import tech.kwik.core.ConnectionTerminatedEvent;
import tech.kwik.core.QuicStream;
import tech.kwik.core.common.EncryptionLevel;
import tech.kwik.core.impl.QuicConnectionImpl;

/** A Kwik QUIC connection as a libp2p connection. */
final class KwikConnection extends QuicConnection implements ConnectionListener {

    private final tech.kwik.core.QuicConnection quic;
    private final BlockingIo io;
    private final long streamWindow;
    private final long maxQueuedBytes;
    /** How long an open may wait for the remote to allow another stream. */
    private final Duration streamOpenTimeout;
    /**
     * Kwik schedules retransmissions from its receiver and loss-detection threads, where the race
     * {@link KwikStream} describes can strand them too; they follow a stream's writes by a few round
     * trips, so streams written to within this window are asked again every {@link #RESUME_PERIOD_MS}.
     */
    private static final long RESUME_WINDOW_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final long RESUME_PERIOD_MS = 100;

    private final Set<KwikStream> streams = ConcurrentHashMap.newKeySet();
    private final ScheduledFuture<?> resumer;
    private volatile boolean closing;
    /** How Kwik said the connection ended, once it did; null before. */
    private volatile String ending;

    KwikConnection(tech.kwik.core.QuicConnection quic, Direction direction, EventExecutor executor, BlockingIo io,
            long streamWindow, long maxQueuedBytes, Duration streamOpenTimeout, Multiaddr localAddr, Multiaddr remoteAddr) {
        super(direction, executor, localAddr, remoteAddr);
        this.quic = quic;
        this.io = io;
        this.streamWindow = streamWindow;
        this.maxQueuedBytes = maxQueuedBytes;
        this.streamOpenTimeout = streamOpenTimeout;
        quic.setConnectionListener(this);
        resumer = executor.scheduleAtFixedRate(this::resumeRecentStreams, RESUME_PERIOD_MS, RESUME_PERIOD_MS, TimeUnit.MILLISECONDS);
    }

    private void resumeRecentStreams() {
        long since = System.nanoTime() - RESUME_WINDOW_NANOS;
        for (KwikStream s : streams) s.resumeSendingIfWrittenSince(since);
    }

    /** Kwik's thread hands us a stream the remote opened. */
    void onPeerStream(QuicStream quicStream) {
        if (!quicStream.isBidirectional()) {
            // libp2p uses bidirectional streams only.
            quicStream.abortReading(0);
            return;
        }
        KwikStream stream = track(new KwikStream(this, quicStream, Direction.INBOUND, io, streamWindow, maxQueuedBytes));
        executor().execute(() -> acceptInbound(stream));
        stream.startReading();
    }

    /**
     * Unreadable: Kwik 0.10.8 keeps its congestion controller ({@code tech.kwik.core.cc}, NewReno
     * with a fixed 12,000-byte initial window) behind packages its module does not export, and its
     * public {@code Statistics} report packets, bytes and RTT but no window.
     */
    @Override
    public CompletableFuture<CongestionWindow> congestionWindow() {
        CompletableFuture<CongestionWindow> result = new CompletableFuture<>();
        runOnExecutor(() -> result.complete(CongestionWindow.unreadable("unreadable: kwik")));
        return result;
    }

    @Override
    public CompletableFuture<Stream> openStream() {
        CompletableFuture<Stream> result = new CompletableFuture<>();
        if (closing) {
            result.completeExceptionally(new ClosedChannelException());
            return result;
        }
        // createStream blocks while the remote's stream limit is used up, for up to 10,000 days in
        // Kwik 0.10.8; an interrupt ends the wait, so the open is bounded here.
        io.execute(() -> {
            Thread opener = Thread.currentThread();
            AtomicBoolean timedOut = new AtomicBoolean();
            ScheduledFuture<?> bound = executor().schedule(() -> {
                timedOut.set(true);
                opener.interrupt();
            }, streamOpenTimeout.toMillis(), TimeUnit.MILLISECONDS);
            try {
                KwikStream stream = track(new KwikStream(this, quic.createStream(true), Direction.OUTBOUND, io, streamWindow, maxQueuedBytes));
                stream.startReading();
                result.complete(stream);
            } catch (IOException | RuntimeException e) {
                // Kwik turns the interrupt into a bare RuntimeException.
                result.completeExceptionally(timedOut.get()
                        ? new ProtocolViolation(FailureKind.LIMIT, "the remote allowed no new stream on " + this + " for "
                                + streamOpenTimeout.toMillis() + " ms (its limit of open streams stayed used up)")
                        : e);
            } finally {
                bound.cancel(false);
                Thread.interrupted();
            }
        });
        return result;
    }

    @Override
    public CompletableFuture<Void> close() {
        if (!closing) {
            closing = true;
            io.execute(() -> {
                quic.close();
                // Kwik reports only closes the remote started; ours ends here.
                terminated(new IOException("QUIC connection closed locally"));
            });
        }
        return closeFuture();
    }

    @Override
    public void disconnected(ConnectionTerminatedEvent event) {
        closing = true;
        ending = "QUIC connection closed" + (event.closedByPeer() ? " by the remote" : " by Kwik (" + event.closeReason() + ")")
                + (event.hasError() ? ": " + event.errorDescription() : "");
        terminated(new IOException(ending));
    }

    /** How Kwik said the connection ended, or null while it has not said. */
    String ending() {
        return ending;
    }

    private void terminated(IOException cause) {
        resumer.cancel(false);
        runOnExecutor(() -> {
            for (KwikStream s : new ArrayList<>(streams)) s.terminate(cause);
        });
        closed();
    }

    /**
     * Runs {@code task} on Kwik's sender thread, when it next assembles a packet: the one thread on
     * which Kwik's send bookkeeping cannot change under the task (see {@link KwikStream}).
     */
    void runOnSenderThread(Runnable task) {
        ((QuicConnectionImpl) quic).send(room -> {
            task.run();
            return null;
        }, 1, EncryptionLevel.App, lost -> {}, true);
    }

    /** For the stream's failures, which must still be handled once the node's executors have stopped. */
    void runOnExecutorOrHere(Runnable task) {
        runOnExecutor(task);
    }

    void forget(KwikStream stream) {
        streams.remove(stream);
    }

    private KwikStream track(KwikStream stream) {
        streams.add(stream);
        return stream;
    }
}
