package io.gsnode.node.cli;

import io.gsnode.node.run.Schedule;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * The instants of a cell, in milliseconds after its T0, as {@code gsnode run}, {@code gsnode cell},
 * {@code gsnode shadow} and {@code gsnode k8s} take them (a picocli mixin), with one default
 * schedule for every backend ({@link #defaults}; docs/README.md, "the schedule"): the meshes form
 * and settle over several heartbeats before the publish, and the hold outlasts the slowest arm.
 */
public final class ScheduleOptions {

    @Option(names = "--dial-at", converter = Units.Millis.class, paramLabel = "MS", description = "Dial instant, ms after T0 (default: ${DEFAULT-VALUE}).")
    public long dialAt;

    @Option(names = "--subscribe-at", converter = Units.Millis.class, paramLabel = "MS", description = "Subscribe instant, ms after T0 (default: ${DEFAULT-VALUE}).")
    public long subscribeAt;

    @Option(names = "--publish-at", converter = Units.Millis.class, paramLabel = "MS", description = "Publish instant, ms after T0 (default: ${DEFAULT-VALUE}).")
    public long publishAt;

    @Option(names = "--hold", converter = Units.Millis.class, paramLabel = "MS", description = "How long after the publish to observe (default: ${DEFAULT-VALUE}).")
    public long hold;

    /** Dial at T0, subscribe 4 s and publish 10 s after it, hold 8 s. */
    public static final long DIAL_AT_MS = 0;
    public static final long SUBSCRIBE_AT_MS = 4000;
    public static final long PUBLISH_AT_MS = 10_000;
    public static final long HOLD_MS = 8000;

    /** The default schedule, the same on every backend. */
    public static ScheduleOptions defaults() {
        return new ScheduleOptions(DIAL_AT_MS, SUBSCRIBE_AT_MS, PUBLISH_AT_MS, HOLD_MS);
    }

    public ScheduleOptions(long dialAt, long subscribeAt, long publishAt, long hold) {
        this.dialAt = dialAt;
        this.subscribeAt = subscribeAt;
        this.publishAt = publishAt;
        this.hold = hold;
    }

    /** The instants with T0 at {@code t0Ms} epoch milliseconds; refuses an order that cannot run. */
    public Schedule from(long t0Ms) {
        return new Schedule(t0Ms, Duration.ofMillis(dialAt), Duration.ofMillis(subscribeAt), Duration.ofMillis(publishAt),
                Duration.ofMillis(hold));
    }
}
