package io.gsnode.libp2p.eventloop;

import io.netty.channel.IoHandle;
import io.netty.channel.IoHandler;
import io.netty.channel.IoHandlerContext;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.IoRegistration;
import io.netty.util.concurrent.ThreadAwareExecutor;
import java.util.concurrent.TimeUnit;

/**
 * An I/O handler whose loop waits for its next timer in whole milliseconds, rounded up, so that it
 * wakes at or after the timer's deadline and never polls its way towards it.
 *
 * <p>Netty's NIO handler waits {@code select(ms)} with the delay rounded to the <em>nearest</em>
 * millisecond. A timer less than half a millisecond away becomes {@code selectNow()}: the loop
 * returns at once, finds the timer not yet due and polls again, until it is. Each paced QUIC packet
 * and each quiche timer ends that way on average a quarter of a millisecond early, and the loop
 * spends it polling: CPU on a real kernel, and under Shadow, where every {@code epoll_wait} costs a
 * context switch and advances the simulated clock by only the modelled syscall latency, hundreds of
 * polls per timer (a 24-host QUIC cell with pacing made 8.2 million {@code epoll_wait} calls).
 * Seen from the handler, the delay to the next timer is rounded up to a whole millisecond, so its
 * wait ends after the deadline and the timer runs on the first wake-up: at most one millisecond
 * late, where Netty's own rounding already allows half of one.
 */
public final class WholeMillisecondTimers implements IoHandlerFactory {

    private static final long MILLI = TimeUnit.MILLISECONDS.toNanos(1);

    private final IoHandlerFactory inner;

    private WholeMillisecondTimers(IoHandlerFactory inner) {
        this.inner = inner;
    }

    /** {@code inner}'s handlers, waiting for timers in whole milliseconds. */
    public static IoHandlerFactory of(IoHandlerFactory inner) {
        return inner instanceof WholeMillisecondTimers ? inner : new WholeMillisecondTimers(inner);
    }

    @Override
    public IoHandler newHandler(ThreadAwareExecutor executor) {
        return new Handler(inner.newHandler(executor));
    }

    @Override
    public boolean isChangingThreadSupported() {
        return inner.isChangingThreadSupported();
    }

    /** {@code delayNanos} rounded up to a whole millisecond; 0 (due now) and "no timer" unchanged. */
    static long roundedUp(long delayNanos) {
        if (delayNanos <= 0 || delayNanos > Long.MAX_VALUE - MILLI) return delayNanos;
        return (delayNanos + MILLI - 1) / MILLI * MILLI;
    }

    private static final class Handler implements IoHandler {
        private final IoHandler inner;
        /** The loop passes the same context every turn: wrap it once, not on every turn. */
        private RoundedContext rounded;

        Handler(IoHandler inner) {
            this.inner = inner;
        }

        @Override
        public void initialize() {
            inner.initialize();
        }

        @Override
        public int run(IoHandlerContext context) {
            if (rounded == null || rounded.inner() != context) rounded = new RoundedContext(context);
            return inner.run(rounded);
        }

        @Override
        public void prepareToDestroy() {
            inner.prepareToDestroy();
        }

        @Override
        public void destroy() {
            inner.destroy();
        }

        @Override
        public IoRegistration register(IoHandle handle) throws Exception {
            return inner.register(handle);
        }

        @Override
        public void wakeup() {
            inner.wakeup();
        }

        @Override
        public boolean isCompatible(Class<? extends IoHandle> handleType) {
            return inner.isCompatible(handleType);
        }
    }

    private record RoundedContext(IoHandlerContext inner) implements IoHandlerContext {
        @Override
        public boolean canBlock() {
            return inner.canBlock();
        }

        @Override
        public long delayNanos(long currentTimeNanos) {
            return roundedUp(inner.delayNanos(currentTimeNanos));
        }

        @Override
        public long deadlineNanos() {
            return inner.deadlineNanos();
        }

        @Override
        public void reportActiveIoTime(long activeNanos) {
            inner.reportActiveIoTime(activeNanos);
        }

        @Override
        public boolean shouldReportActiveIoTime() {
            return inner.shouldReportActiveIoTime();
        }
    }
}
