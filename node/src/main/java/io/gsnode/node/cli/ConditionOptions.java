package io.gsnode.node.cli;

import io.gsnode.node.launch.Condition;
import io.gsnode.node.run.BackgroundLoad;
import io.gsnode.node.run.WarmupPlan;
import picocli.CommandLine.Option;

/**
 * The cell's condition, as {@code gsnode run}, {@code gsnode cell} and {@code gsnode shadow} take
 * it (a picocli mixin): a warm-up diffusion before the measured publish, and background load
 * (docs/conditions.md §2, §3). Without either the cell is cold, as the report's figures are.
 */
public final class ConditionOptions {

    @Option(names = "--warmup", description = {"Diffuse the warm-up payload (the arm's own wire form, another payload, seed 12)"
            + " from the publisher before the measured publish, so every connection has carried a payload; the record keeps"
            + " its completion and counters apart (default: off, a cold cell)."})
    public boolean warmup;

    @Option(names = "--warmup-at", converter = Units.Millis.class, paramLabel = "MS", description = {"The warm-up's publish instant, ms after T0 (default: the"
            + " subscribe instant + " + WarmupPlan.MESH_FORMATION_MS + " ms of mesh formation)."})
    public Long warmupAt;

    @Option(names = "--warmup-gap", converter = Units.Millis.class, paramLabel = "MS", description = {"Quiet a node needs between its warm-up completion and the"
            + " publish; a node that had less is marked late in its record (default: ${DEFAULT-VALUE})."})
    public long warmupGap = WarmupPlan.DEFAULT_GAP_MS;

    @Option(names = "--background", paramLabel = "SIZE@INTERVAL", description = {"Background load: each sender publishes a"
            + " high-entropy message of SIZE every INTERVAL, e.g. 8KiB@100ms (default: none)."})
    public String background;

    @Option(names = "--background-from", converter = Units.Millis.class, paramLabel = "MS", description = {"When the background load starts, ms after T0; it runs"
            + " to the end of the hold (default: the subscribe instant + " + WarmupPlan.MESH_FORMATION_MS + " ms)."})
    public Long backgroundFrom;

    @Option(names = "--background-nodes", paramLabel = "all|I,J,...", description = "Which nodes send background load (default: ${DEFAULT-VALUE}).")
    public String backgroundNodes = "all";

    @Option(names = "--background-topic", paramLabel = "sibling|same", description = {"Publish background load on its own topic, "
            + BackgroundLoad.TOPIC + ", which every node joins (sibling), or on the arm's first topic (same) (default: ${DEFAULT-VALUE})."})
    public String backgroundTopic = "sibling";

    /** The condition these flags describe. @throws IllegalArgumentException for a bad value or combination */
    public Condition toCondition() {
        return new Condition(warmup, warmupAt, warmupGap, background, backgroundFrom, backgroundNodes, backgroundTopic);
    }

    /**
     * Refuses what a runner cannot start: a condition the cell's instants do not leave room for,
     * or one on nodes that are not gsnode's (the go peer runs cold cells only).
     */
    public void check(ScheduleOptions instants, boolean allJava) {
        Condition c = toCondition();
        c.warmupPlan(instants.subscribeAt, instants.publishAt);
        c.backgroundLoad(instants.subscribeAt, instants.publishAt + instants.hold);
        if (c.any() && !allJava) {
            throw new IllegalArgumentException("--warmup and --background are gsnode's: the go peer runs cold cells only");
        }
    }
}
