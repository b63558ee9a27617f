package io.gsnode.libp2p.eventloop;

import io.netty.channel.IoEventLoop;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SingleThreadIoEventLoop;
import io.netty.util.concurrent.RejectedExecutionHandlers;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;

/**
 * Netty event loops that never spin: their task queues never make the loop wait for another
 * thread, and their I/O handler never polls towards a timer ({@link WholeMillisecondTimers}).
 *
 * <p>Netty's default task queue is a JCTools MPSC array queue. A producer there claims a slot
 * (advances the producer index) and stores its task in a second step; a consumer that sees the
 * index advanced but the slot still empty spins until the store lands ({@code
 * BaseMpscLinkedArrayQueue.poll}). On a real kernel the producer finishes within nanoseconds. Under
 * the Shadow simulator only one thread of a host runs at a time and Shadow switches threads only at
 * a blocking syscall; if the producer is switched out between its two steps (it reached a
 * safepoint poll, resolved a class, or blocked on a lock), the event loop spins forever without a
 * syscall, the producer never runs again and the simulated clock stops for every host. Measured: a
 * 32-host QUIC cell on the netty engine froze at simulated 12 ms with one {@code quic-netty} thread
 * at 100 % user CPU, no voluntary context switch, in {@code BaseMpscLinkedVarHandleArrayQueue.poll}.
 *
 * <p>{@link ConcurrentLinkedQueue} publishes a task in one CAS (its node carries the task before it
 * is linked), so a consumer sees either nothing or the whole task and never waits for a producer.
 * Its cost on a real kernel is a node allocation per task; a node's task rate makes that
 * negligible, and the same queue is used everywhere so that every backend runs the same code.
 */
public final class NonSpinningEventLoopGroup extends MultiThreadIoEventLoopGroup {

    /** {@code threads} loops (0: Netty's default count) on Netty's default thread factory. */
    public NonSpinningEventLoopGroup(int threads, IoHandlerFactory io) {
        super(threads, (ThreadFactory) null, WholeMillisecondTimers.of(io));
    }

    public NonSpinningEventLoopGroup(int threads, ThreadFactory threadFactory, IoHandlerFactory io) {
        super(threads, threadFactory, WholeMillisecondTimers.of(io));
    }

    @Override
    protected IoEventLoop newChild(Executor executor, IoHandlerFactory io, Object... args) {
        return new Loop(this, executor, io);
    }

    private static final class Loop extends SingleThreadIoEventLoop {
        Loop(NonSpinningEventLoopGroup parent, Executor executor, IoHandlerFactory io) {
            super(parent, executor, io, new ConcurrentLinkedQueue<>(), new ConcurrentLinkedQueue<>(), RejectedExecutionHandlers.reject());
        }
    }
}
