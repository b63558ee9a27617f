package io.gsnode.node.cli;

import io.gsnode.node.run.Schedule;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * The instants of a cell, in milliseconds after its T0, as {@code gsnode run}, {@code gsnode cell}
 * and {@code gsnode shadow} take them (a picocli mixin). Each command starts from defaults that
 * suit it: a single node, a quick local cell, the study's Shadow cell.
 */
public final class ScheduleOptions {

    @Option(names = "--dial-at", paramLabel = "MS", description = "Dial instant, ms after T0 (default: ${DEFAULT-VALUE}).")
    public long dialAt;

    @Option(names = "--subscribe-at", paramLabel = "MS", description = "Subscribe instant, ms after T0 (default: ${DEFAULT-VALUE}).")
    public long subscribeAt;

    @Option(names = "--publish-at", paramLabel = "MS", description = "Publish instant, ms after T0 (default: ${DEFAULT-VALUE}).")
    public long publishAt;

    @Option(names = "--hold", paramLabel = "MS", description = "How long after the publish to observe (default: ${DEFAULT-VALUE}).")
    public long hold;

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
