package io.gsnode.node.cli;

import io.gsnode.node.run.BackgroundLoad;
import io.gsnode.node.run.WarmupPlan;
import java.util.ArrayList;
import java.util.List;
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

    @Option(names = "--warmup-at", paramLabel = "MS", description = {"The warm-up's publish instant, ms after T0 (default: the"
            + " subscribe instant + " + WarmupPlan.MESH_FORMATION_MS + " ms of mesh formation)."})
    public Long warmupAt;

    @Option(names = "--warmup-gap", paramLabel = "MS", description = {"Quiet a node needs between its warm-up completion and the"
            + " publish; a node that had less is marked late in its record (default: ${DEFAULT-VALUE})."})
    public long warmupGap = WarmupPlan.DEFAULT_GAP_MS;

    @Option(names = "--background", paramLabel = "SIZE@INTERVAL", description = {"Background load: each sender publishes a"
            + " high-entropy message of SIZE every INTERVAL, e.g. 8KiB@100ms (default: none)."})
    public String background;

    @Option(names = "--background-from", paramLabel = "MS", description = {"When the background load starts, ms after T0; it runs"
            + " to the end of the hold (default: the subscribe instant + " + WarmupPlan.MESH_FORMATION_MS + " ms)."})
    public Long backgroundFrom;

    @Option(names = "--background-nodes", paramLabel = "all|I,J,...", description = "Which nodes send background load (default: ${DEFAULT-VALUE}).")
    public String backgroundNodes = "all";

    @Option(names = "--background-topic", paramLabel = "sibling|same", description = {"Publish background load on its own topic, "
            + BackgroundLoad.TOPIC + ", which every node joins (sibling), or on the arm's first topic (same) (default: ${DEFAULT-VALUE})."})
    public String backgroundTopic = "sibling";

    /** The warm-up, checked against the cell's instants; null without {@code --warmup}. */
    public WarmupPlan warmupPlan(long subscribeAtMs, long publishAtMs) {
        if (!warmup) {
            if (warmupAt != null) throw new IllegalArgumentException("--warmup-at needs --warmup");
            return null;
        }
        return WarmupPlan.of(warmupAt, warmupGap, subscribeAtMs, publishAtMs);
    }

    /** The background load, checked against the cell's instants; null without {@code --background}. */
    public BackgroundLoad backgroundLoad(long subscribeAtMs, long endMs) {
        if (background == null) {
            if (backgroundFrom != null) throw new IllegalArgumentException("--background-from needs --background");
            return null;
        }
        boolean same = switch (backgroundTopic) {
            case "same" -> true;
            case "sibling" -> false;
            default -> throw new IllegalArgumentException("--background-topic is sibling or same, got '" + backgroundTopic + "'");
        };
        long from = backgroundFrom != null ? backgroundFrom : subscribeAtMs + WarmupPlan.MESH_FORMATION_MS;
        if (from < subscribeAtMs || from >= endMs) {
            throw new IllegalArgumentException("--background-from " + from + " ms must be between the subscribe instant ("
                    + subscribeAtMs + " ms) and the end of the hold (" + endMs + " ms)");
        }
        return BackgroundLoad.parse(background, from, BackgroundLoad.parseSenders(backgroundNodes), same);
    }

    /** These options as {@code gsnode run} flags, for a runner to hand every node. */
    public List<String> asArgs() {
        return asArgs(0);
    }

    /**
     * The same flags for nodes whose T0 comes {@code shiftMs} before the user's (a Shadow cell's
     * instants count from the JVMs' start): the instants given move with the others.
     */
    public List<String> asArgs(long shiftMs) {
        List<String> a = new ArrayList<>();
        if (warmup) {
            a.add("--warmup");
            if (warmupAt != null) a.addAll(List.of("--warmup-at", Long.toString(warmupAt + shiftMs)));
            a.addAll(List.of("--warmup-gap", Long.toString(warmupGap)));
        }
        if (background != null) {
            a.addAll(List.of("--background", background, "--background-nodes", backgroundNodes, "--background-topic", backgroundTopic));
            if (backgroundFrom != null) a.addAll(List.of("--background-from", Long.toString(backgroundFrom + shiftMs)));
        }
        return a;
    }

    /** Whether the cell is anything but cold. */
    public boolean any() {
        return warmup || background != null;
    }

    /**
     * Refuses what a runner cannot start: a condition the cell's instants do not leave room for,
     * or one on nodes that are not gsnode's (the go peer runs cold cells only).
     */
    public void check(ScheduleOptions instants, boolean allJava) {
        warmupPlan(instants.subscribeAt, instants.publishAt);
        backgroundLoad(instants.subscribeAt, instants.publishAt + instants.hold);
        if (any() && !allJava) {
            throw new IllegalArgumentException("--warmup and --background are gsnode's: the go peer runs cold cells only");
        }
    }
}
