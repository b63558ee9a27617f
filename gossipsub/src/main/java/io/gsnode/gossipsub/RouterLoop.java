package io.gsnode.gossipsub;

import io.gsnode.libp2p.fatal.FatalErrors;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The single thread that owns all router state, and the clock it reads. Every other router class
 * is touched only from tasks run here; a task that throws an exception is logged, never allowed to
 * kill the thread or stop a periodic task, and an Error goes to the thread's uncaught-exception
 * handler ({@link FatalErrors}), where the node exits. Both the executor and the clock come from
 * the builder so tests can drive them by hand.
 */
final class RouterLoop {

    private static final Logger log = LoggerFactory.getLogger(RouterLoop.class);

    /** Where tasks run: the router's own thread in production, a hand-cranked queue in tests. */
    interface Executor {
        /** Throws {@link RejectedExecutionException} once shut down. */
        void execute(Runnable task);

        void schedule(long delayNanos, Runnable task);

        void scheduleAtFixedRate(long initialDelayNanos, long periodNanos, Runnable task);

        /** Stops running tasks and waits briefly for the current one. */
        void shutdown();
    }

    private final Executor executor;
    private final LongSupplier clock;
    private final LongConsumer lag;
    private volatile boolean closed;

    /** {@code lag} hears, for every task, how long after it was due it started. */
    RouterLoop(Executor executor, LongSupplier clock, LongConsumer lag) {
        this.executor = executor;
        this.clock = clock;
        this.lag = lag;
    }

    long now() {
        return clock.getAsLong();
    }

    LongSupplier clock() {
        return clock;
    }

    /** Runs {@code task} on the loop; callable from any thread; dropped once closed. */
    void run(Runnable task) {
        if (closed) return;
        long queued = now();
        try {
            executor.execute(() -> {
                lag.accept(now() - queued);
                try {
                    task.run();
                } catch (RuntimeException e) {
                    log.error("router task failed", e);
                } catch (Error e) {
                    FatalErrors.escalate(e);
                }
            });
        } catch (RejectedExecutionException e) {
            // Closed meanwhile: nothing left to do.
        }
    }

    void schedule(Duration delay, Runnable task) {
        if (closed) return;
        long due = now() + delay.toNanos();
        executor.schedule(delay.toNanos(), () -> {
            lag.accept(now() - due);
            try {
                task.run();
            } catch (RuntimeException e) {
                log.error("router timer failed", e);
            } catch (Error e) {
                FatalErrors.escalate(e);
            }
        });
    }

    /**
     * Runs {@code task} every {@code period}, as go's {@code time.Ticker} does: on a fixed grid, and
     * after a stall (the loop busy past several ticks) once, immediately, then on the grid again. A
     * fixed-rate executor would replay every missed tick back to back; each replay that is not the
     * last one already due is skipped.
     */
    void every(Duration initialDelay, Duration period, Runnable task) {
        long periodNanos = period.toNanos();
        long first = now() + initialDelay.toNanos();
        long[] ticksRun = {0};
        executor.scheduleAtFixedRate(initialDelay.toNanos(), periodNanos, () -> {
            long due = first + ticksRun[0] * periodNanos;
            long nextDue = first + ++ticksRun[0] * periodNanos;
            if (now() - nextDue >= 0) return; // a later tick is due already: this one is a replay
            lag.accept(now() - due);
            try {
                task.run();
            } catch (RuntimeException e) {
                log.error("heartbeat failed", e);
            } catch (Error e) {
                FatalErrors.escalate(e);
            }
        });
    }

    void close() {
        closed = true;
        executor.shutdown();
    }

    /** The production executor: one daemon thread named {@code gossip-router}. */
    static Executor newThread() {
        ScheduledExecutorService ses = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gossip-router");
            t.setDaemon(true);
            return t;
        });
        return new Executor() {
            @Override
            public void execute(Runnable task) {
                ses.execute(task);
            }

            @Override
            public void schedule(long delayNanos, Runnable task) {
                ses.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
            }

            @Override
            public void scheduleAtFixedRate(long initialDelayNanos, long periodNanos, Runnable task) {
                ses.scheduleAtFixedRate(task, initialDelayNanos, periodNanos, TimeUnit.NANOSECONDS);
            }

            @Override
            public void shutdown() {
                ses.shutdownNow();
                try {
                    ses.awaitTermination(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
    }
}
