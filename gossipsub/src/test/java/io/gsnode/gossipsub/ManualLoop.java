package io.gsnode.gossipsub;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.concurrent.RejectedExecutionException;

/**
 * A router loop that runs nothing until the test says so, on a clock that moves only when the
 * test advances it: absence is proven by advancing time, never by sleeping. Test thread only.
 */
final class ManualLoop implements RouterLoop.Executor {

    private record Timer(long due, long seq, long period, Runnable task) {}

    private final ArrayDeque<Runnable> ready = new ArrayDeque<>();
    private final PriorityQueue<Timer> timers =
            new PriorityQueue<>(Comparator.comparingLong(Timer::due).thenComparingLong(Timer::seq));
    /** Far from zero, so no code can get away with assuming the clock starts there. */
    private long now = 1_000_000_000_000L;
    private long seq;
    private boolean shut;

    long now() {
        return now;
    }

    /** Tasks queued and not run yet. */
    int readyCount() {
        return ready.size();
    }

    @Override
    public void execute(Runnable task) {
        if (shut) throw new RejectedExecutionException("loop shut down");
        ready.addLast(task);
    }

    @Override
    public void schedule(long delayNanos, Runnable task) {
        if (shut) throw new RejectedExecutionException("loop shut down");
        timers.add(new Timer(now + delayNanos, seq++, 0, task));
    }

    @Override
    public void scheduleAtFixedRate(long initialDelayNanos, long periodNanos, Runnable task) {
        timers.add(new Timer(now + initialDelayNanos, seq++, periodNanos, task));
    }

    @Override
    public void shutdown() {
        shut = true;
        ready.clear();
        timers.clear();
    }

    /** Runs the queued tasks, and the ones they queue, without moving the clock. */
    void runPending() {
        Runnable task;
        while ((task = ready.pollFirst()) != null) task.run();
    }

    /**
     * The loop's thread was busy for {@code d}: the clock moves and nothing fires. Timers that fell
     * due meanwhile fire at the next {@link #advance}, back to back at the stall's end, as a
     * fixed-rate executor's do.
     */
    void stall(Duration d) {
        now += d.toNanos();
    }

    void advance(Duration d) {
        advanceTo(now + d.toNanos());
    }

    /** Moves the clock to {@code target}, firing each timer due on the way at its own instant. */
    void advanceTo(long target) {
        runPending();
        while (!timers.isEmpty() && timers.peek().due() - target <= 0) {
            Timer t = timers.poll();
            now = Math.max(now, t.due());
            if (t.period() > 0) timers.add(new Timer(t.due() + t.period(), seq++, t.period(), t.task()));
            t.task().run();
            runPending();
        }
        now = Math.max(now, target);
        runPending();
    }
}
