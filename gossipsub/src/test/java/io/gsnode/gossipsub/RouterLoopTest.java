package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The heartbeat ticks as go's ticker does: after a stall once, immediately, then on its grid; an
 * Error in a task is escalated, not swallowed.
 */
class RouterLoopTest {

    private static final long MS = 1_000_000;

    private final ManualLoop executor = new ManualLoop();
    /** The heartbeat's ticks, in ms since the loop started: every 100 ms from 100 ms. */
    private final List<Long> ticks = new ArrayList<>();

    RouterLoopTest() {
        long start = executor.now();
        new RouterLoop(executor, executor::now, lag -> {}).every(Duration.ofMillis(100), Duration.ofMillis(100),
                () -> ticks.add((executor.now() - start) / MS));
    }

    @Test
    void aTwoSecondStallIsFollowedByOneImmediateTickNotTwenty() {
        executor.advance(Duration.ofMillis(350));
        assertEquals(List.of(100L, 200L, 300L), ticks);

        executor.stall(Duration.ofSeconds(2)); // the loop is busy from 350 ms to 2350 ms
        executor.advance(Duration.ZERO);
        assertEquals(List.of(100L, 200L, 300L, 2350L), ticks, "the 20 ticks missed in the stall become one");

        executor.advance(Duration.ofMillis(200));
        assertEquals(List.of(100L, 200L, 300L, 2350L, 2400L, 2500L), ticks, "then the grid again");
    }

    @Test
    void aTickLateByLessThanAPeriodStillRuns() {
        executor.advance(Duration.ofMillis(150));
        executor.stall(Duration.ofMillis(90)); // busy until 240 ms: the 200 ms tick is late, none missed
        executor.advance(Duration.ofMillis(70));
        assertEquals(List.of(100L, 240L, 300L), ticks);
    }

    /**
     * An Error (out of direct memory in a heartbeat, say) goes to the thread's uncaught-exception
     * handler, where gsnode run exits; an exception is logged and the ticks go on.
     */
    @Test
    void anErrorInATaskReachesTheThreadsUncaughtHandlerAndAnExceptionDoesNot() {
        Thread self = Thread.currentThread();
        Thread.UncaughtExceptionHandler before = self.getUncaughtExceptionHandler();
        List<Throwable> escalated = new ArrayList<>();
        self.setUncaughtExceptionHandler((t, e) -> escalated.add(e));
        try {
            RouterLoop loop = new RouterLoop(executor, executor::now, lag -> {});
            OutOfMemoryError oom = new OutOfMemoryError("Cannot reserve 4194304 bytes of direct buffer memory");
            int[] beats = {0};
            loop.every(Duration.ofMillis(50), Duration.ofMillis(100), () -> {
                if (++beats[0] == 1) throw oom;
                if (beats[0] == 2) throw new IllegalStateException("a bug, logged");
            });
            loop.run(() -> {
                throw new StackOverflowError();
            });
            executor.advance(Duration.ofMillis(300));
            assertEquals(2, escalated.size(), "the task's Error, then the heartbeat's: " + escalated);
            assertEquals(StackOverflowError.class, escalated.get(0).getClass());
            assertSame(oom, escalated.get(1));
            assertEquals(3, beats[0], "the heartbeat went on after both");
        } finally {
            self.setUncaughtExceptionHandler(before);
        }
    }
}
