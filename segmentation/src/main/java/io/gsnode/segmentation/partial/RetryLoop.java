package io.gsnode.segmentation.partial;

import io.gsnode.gossipsub.partial.PartialRouterServices;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * The broadcaster's retry ticker (docs/arms.md §8.4, RetryInterval = 100 ms): every interval the
 * broadcaster gets a chance to run passes, so lapsed claims are re-issued even when no peer says
 * anything. It stops itself when {@code tick} reports nothing left to do and is restarted by the
 * next event. Runs on the router thread.
 */
final class RetryLoop {

    private final PartialRouterServices router;
    private final Duration interval;
    private final BooleanSupplier tick;
    private boolean scheduled;

    /** @param tick runs the passes; returns whether another tick is needed */
    RetryLoop(PartialRouterServices router, Duration interval, BooleanSupplier tick) {
        this.router = router;
        this.interval = interval;
        this.tick = tick;
    }

    void ensureRunning() {
        if (scheduled) return;
        scheduled = true;
        router.schedule(interval, this::fire);
    }

    private void fire() {
        scheduled = false;
        if (tick.getAsBoolean()) ensureRunning();
    }
}
