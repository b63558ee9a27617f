package io.gsnode.node.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The fixed instants of a cell (docs/arms.md §11.2): absolute epoch milliseconds, so every node of a
 * cell acts at the same moments whenever it started. Under Shadow every clock reads simulated
 * time, which starts at 946684800000, so the same arithmetic holds there.
 */
public record Schedule(long epochMs, Duration dialAt, Duration subscribeAt, Duration publishAt, Duration hold) {

    public Schedule {
        if (!(dialAt.compareTo(subscribeAt) <= 0 && subscribeAt.compareTo(publishAt) < 0)) {
            throw new IllegalArgumentException("need dial-at <= subscribe-at < publish-at (got " + dialAt.toMillis() + ", "
                    + subscribeAt.toMillis() + ", " + publishAt.toMillis() + " ms)");
        }
        if (dialAt.isNegative() || hold.isNegative() || hold.isZero()) {
            throw new IllegalArgumentException("dial-at must not be negative and hold must be positive");
        }
    }

    /** A cell's instants, in milliseconds after a T0 that is not known yet (its epoch is 0). */
    public static Schedule offsets(long dialAtMs, long subscribeAtMs, long publishAtMs, long holdMs) {
        return new Schedule(0, Duration.ofMillis(dialAtMs), Duration.ofMillis(subscribeAtMs), Duration.ofMillis(publishAtMs),
                Duration.ofMillis(holdMs));
    }

    public Schedule withEpoch(long epochMs) {
        return new Schedule(epochMs, dialAt, subscribeAt, publishAt, hold);
    }

    /**
     * Waits for {@code file} to hold the epoch (decimal milliseconds), written by a runner once
     * every node of the cell listens.
     *
     * @throws IOException when {@code timeout} passed first, or the file holds something else
     */
    static long awaitEpochFile(Path file, Duration timeout) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() - deadline < 0) {
            if (Files.exists(file)) {
                String text = Files.readString(file).trim();
                if (!text.isEmpty()) {
                    try {
                        return Long.parseLong(text);
                    } catch (NumberFormatException e) {
                        throw new IOException("epoch file " + file + " holds '" + text + "', not epoch milliseconds");
                    }
                }
            }
            Thread.sleep(20);
        }
        throw new IOException("no epoch in " + file + " within " + timeout.toSeconds() + " s");
    }

    public long dialMs() {
        return epochMs + dialAt.toMillis();
    }

    public long subscribeMs() {
        return epochMs + subscribeAt.toMillis();
    }

    public long publishMs() {
        return epochMs + publishAt.toMillis();
    }

    public long endMs() {
        return publishMs() + hold.toMillis();
    }

    /** Sleeps until the epoch millisecond {@code instantMs} (returns at once if it has passed). */
    static void sleepUntil(long instantMs) throws InterruptedException {
        while (true) {
            long left = instantMs - System.currentTimeMillis();
            if (left <= 0) return;
            Thread.sleep(Math.min(left, 1000));
        }
    }
}
