package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The heartbeat ticks as go's ticker does: after a stall once, immediately, then on its grid. */
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
}
