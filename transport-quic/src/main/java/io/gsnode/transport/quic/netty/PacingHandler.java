package io.gsnode.transport.quic.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.DatagramPacket;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicConnectionPathStats;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Paces the QUIC packets one UDP socket sends, per connection, as quic-go does ({@link Pacer}).
 * quiche computes a release time for every packet, but Netty's codec writes each packet to the
 * socket at once, so a full congestion window leaves in one burst and overflows the shallow queues
 * an experiment's links have. This handler sits between the codec and the socket: a packet to a
 * connection whose budget is spent waits, in order, until the pacer lets it go.
 *
 * <p>The rate comes from quiche's own congestion window and smoothed RTT, read at most every
 * {@link #REFRESH_NANOS} from the connection's path statistics. Packets to an address with no
 * connection registered (a stateless reset, a Retry, a version negotiation) go at once.
 * Event loop only: the socket and its QUIC channels share one.
 */
final class PacingHandler extends ChannelOutboundHandlerAdapter {

    /** How stale the rate may be: a congestion window changes at most once per ack. */
    static final long REFRESH_NANOS = 2_000_000;

    private final int packetSize;
    private final Map<InetSocketAddress, Path> paths = new HashMap<>();
    private ChannelHandlerContext ctx;
    private long delayed;

    /** One connection's pacer and the packets it holds back. */
    private final class Path {
        final InetSocketAddress remote;
        final Consumer<Pacer> rate;
        final Pacer pacer = new Pacer(packetSize);
        final ArrayDeque<Held> held = new ArrayDeque<>();
        long refreshedAt;
        boolean refreshed;
        boolean scheduled;

        Path(InetSocketAddress remote, Consumer<Pacer> rate) {
            this.remote = remote;
            this.rate = rate;
        }

        void refresh(long now) {
            if (refreshed && now - refreshedAt < REFRESH_NANOS) return;
            refreshed = true;
            refreshedAt = now;
            rate.accept(pacer);
        }
    }

    private record Held(DatagramPacket packet, ChannelPromise promise) {}

    PacingHandler(int packetSize) {
        this.packetSize = packetSize;
    }

    /** {@code quic} sends to {@code remote} through this socket from now until it closes. */
    void track(InetSocketAddress remote, QuicChannel quic) {
        track(remote, pacer -> {
            Future<QuicConnectionPathStats> stats = quic.collectPathStats(0);
            // On the channel's own loop the statistics are read at once; rtt is in nanoseconds.
            if (stats.isDone() && stats.isSuccess()) pacer.update(stats.getNow().cwnd(), stats.getNow().rtt());
        }, quic.closeFuture());
    }

    /** Paces packets to {@code remote} at the rate {@code rate} sets, until {@code closed}. */
    void track(InetSocketAddress remote, Consumer<Pacer> rate, Future<?> closed) {
        Path path = new Path(remote, rate);
        paths.put(remote, path);
        closed.addListener(f -> {
            if (paths.remove(remote, path)) releaseAll(path);
        });
    }

    /** The current pacing rate to {@code remote}, bytes per second; NaN when it is not paced. */
    double rate(InetSocketAddress remote) {
        Path p = paths.get(remote);
        if (p == null) return Double.NaN;
        p.refresh(ctx.executor().ticker().nanoTime());
        return p.pacer.bytesPerSecond();
    }

    /** Packets that waited for the pacer, since the socket opened. */
    long delayedPackets() {
        return delayed;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        Path p = msg instanceof DatagramPacket d ? paths.get(d.recipient()) : null;
        if (p == null) {
            ctx.write(msg, promise);
            return;
        }
        DatagramPacket packet = (DatagramPacket) msg;
        long now = ctx.executor().ticker().nanoTime();
        p.refresh(now);
        if (p.held.isEmpty() && p.pacer.releaseTime(now) <= now) {
            p.pacer.onSent(now, packet.content().readableBytes());
            ctx.write(packet, promise);
            return;
        }
        delayed++;
        p.held.addLast(new Held(packet, promise));
        schedule(p, now);
    }

    private void schedule(Path p, long now) {
        if (p.scheduled) return;
        p.scheduled = true;
        long at = p.pacer.releaseTime(now);
        ctx.executor().schedule(() -> release(p), Math.max(0, at - now), TimeUnit.NANOSECONDS);
    }

    /** Sends what the pacer allows now, then waits for the rest. */
    private void release(Path p) {
        p.scheduled = false;
        if (paths.get(p.remote) != p) return; // closed meanwhile; its packets went out then
        long now = ctx.executor().ticker().nanoTime();
        p.refresh(now);
        boolean wrote = false;
        while (!p.held.isEmpty() && p.pacer.releaseTime(now) <= now) {
            Held h = p.held.pollFirst();
            p.pacer.onSent(now, h.packet().content().readableBytes());
            ctx.write(h.packet(), h.promise());
            wrote = true;
        }
        if (wrote) ctx.flush();
        if (!p.held.isEmpty()) schedule(p, now);
    }

    /** The connection is gone: what it still held goes out unpaced, as quiche wanted it sent. */
    private void releaseAll(Path p) {
        if (p.held.isEmpty()) return;
        while (!p.held.isEmpty()) {
            Held h = p.held.pollFirst();
            ctx.write(h.packet(), h.promise());
        }
        ctx.flush();
    }

    @Override
    public void close(ChannelHandlerContext ctx, ChannelPromise promise) throws Exception {
        for (Path p : paths.values()) {
            while (!p.held.isEmpty()) {
                Held h = p.held.pollFirst();
                ReferenceCountUtil.release(h.packet());
                h.promise().tryFailure(new ClosedChannelException());
            }
        }
        paths.clear();
        super.close(ctx, promise);
    }
}
