package io.gsnode.libp2p.eventloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.IoHandle;
import io.netty.channel.IoHandler;
import io.netty.channel.IoHandlerContext;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.IoRegistration;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ThreadAwareExecutor;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WholeMillisecondTimersTest {

    private static final long MS = 1_000_000;

    @Test
    void delaysRoundUpToWholeMilliseconds() {
        assertEquals(0, WholeMillisecondTimers.roundedUp(0), "due now stays due now");
        assertEquals(-5, WholeMillisecondTimers.roundedUp(-5), "overdue stays overdue");
        assertEquals(MS, WholeMillisecondTimers.roundedUp(1));
        assertEquals(MS, WholeMillisecondTimers.roundedUp(MS));
        assertEquals(2 * MS, WholeMillisecondTimers.roundedUp(MS + 1));
        assertEquals(2 * MS, WholeMillisecondTimers.roundedUp(1_300_000));
        assertEquals(Long.MAX_VALUE, WholeMillisecondTimers.roundedUp(Long.MAX_VALUE), "no timer stays no timer");
    }

    /**
     * A chain of timers 1.3 ms apart, the shape that made NIO poll: Netty alone waits 1 ms, finds
     * the timer 0.3 ms short and polls until it is due, hundreds of loop turns per timer. Through
     * the group each timer costs one or two turns. Counts turns, never time.
     */
    @Test
    void theLoopWakesOncePerTimerInsteadOfPollingTowardsIt() throws Exception {
        int timers = 100;
        AtomicInteger turns = new AtomicInteger();
        NonSpinningEventLoopGroup group = new NonSpinningEventLoopGroup(1, counting(NioIoHandler.newFactory(), turns));
        try {
            EventExecutor loop = group.next();
            CompletableFuture<Void> done = new CompletableFuture<>();
            AtomicInteger left = new AtomicInteger(timers);
            loop.submit(() -> { }).sync();
            int before = turns.get();
            Runnable[] step = new Runnable[1];
            step[0] = () -> {
                if (left.decrementAndGet() == 0) done.complete(null);
                else loop.schedule(step[0], 1_300_000, TimeUnit.NANOSECONDS);
            };
            loop.execute(() -> loop.schedule(step[0], 1_300_000, TimeUnit.NANOSECONDS));
            done.get(30, TimeUnit.SECONDS);
            int used = turns.get() - before;
            assertTrue(used <= 3 * timers, used + " loop turns for " + timers + " timers: the loop polled towards them");
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }

    /** {@code inner}'s handlers, counting the loop's turns (one {@code run} each). */
    private static IoHandlerFactory counting(IoHandlerFactory inner, AtomicInteger turns) {
        return (ThreadAwareExecutor executor) -> {
            IoHandler handler = inner.newHandler(executor);
            return new IoHandler() {
                @Override
                public void initialize() {
                    handler.initialize();
                }

                @Override
                public int run(IoHandlerContext context) {
                    turns.incrementAndGet();
                    return handler.run(context);
                }

                @Override
                public void prepareToDestroy() {
                    handler.prepareToDestroy();
                }

                @Override
                public void destroy() {
                    handler.destroy();
                }

                @Override
                public IoRegistration register(IoHandle handle) throws Exception {
                    return handler.register(handle);
                }

                @Override
                public void wakeup() {
                    handler.wakeup();
                }

                @Override
                public boolean isCompatible(Class<? extends IoHandle> handleType) {
                    return handler.isCompatible(handleType);
                }
            };
        };
    }
}
