package io.gsnode.node.launch;

import io.gsnode.formats.record.NodeRecord;
import io.gsnode.node.run.BackgroundLoad;
import io.gsnode.node.run.WarmupPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A cell's condition (docs/conditions.md §2, §3): a warm-up diffusion before the measured publish,
 * and background load; {@link #COLD} has neither. The values are {@code gsnode run}'s flags as given;
 * {@link #warmupPlan} and {@link #backgroundLoad} check them against the cell's instants.
 *
 * @param warmupAt the warm-up's instant, ms after T0; null: the default after the subscribe instant
 * @param background {@code SIZE@INTERVAL}, or null for no background load
 * @param backgroundFrom when the background load starts, ms after T0; null: the default
 */
public record Condition(boolean warmup, Long warmupAt, long warmupGap, String background, Long backgroundFrom,
                        String backgroundNodes, String backgroundTopic) {

    /** Neither warm-up nor background load: the report's figures. */
    public static final Condition COLD = new Condition(false, null, WarmupPlan.DEFAULT_GAP_MS, null, null, "all", "sibling");

    public Condition {
        if (!warmup) {
            if (warmupAt != null) throw new IllegalArgumentException("--warmup-at needs --warmup");
            // Without a warm-up its gap means nothing: one cold condition, however it was spelt.
            warmupGap = WarmupPlan.DEFAULT_GAP_MS;
        }
        if (background == null) {
            if (backgroundFrom != null) throw new IllegalArgumentException("--background-from needs --background");
            backgroundNodes = "all";
            backgroundTopic = "sibling";
        }
        Objects.requireNonNull(backgroundNodes, "backgroundNodes");
        if (!"same".equals(backgroundTopic) && !"sibling".equals(backgroundTopic)) {
            throw new IllegalArgumentException("--background-topic is sibling or same, got '" + backgroundTopic + "'");
        }
    }

    /** Whether the cell is anything but cold. */
    public boolean any() {
        return warmup || background != null;
    }

    /** The condition as the record and the cell label name it: cold, warm, background or warm+background. */
    public String name() {
        return NodeRecord.condition(warmup, background != null);
    }

    /** Whether background load goes on the arm's own topic. */
    public boolean sameTopic() {
        return "same".equals(backgroundTopic);
    }

    /**
     * The same condition for nodes whose T0 comes {@code shiftMs} before the user's (a Shadow cell's
     * instants count from the JVMs' start): the instants given move with the others.
     */
    public Condition shifted(long shiftMs) {
        return new Condition(warmup, warmupAt == null ? null : warmupAt + shiftMs, warmupGap, background,
                backgroundFrom == null ? null : backgroundFrom + shiftMs, backgroundNodes, backgroundTopic);
    }

    /** The warm-up, checked against the cell's instants; null without one. */
    public WarmupPlan warmupPlan(long subscribeAtMs, long publishAtMs) {
        return warmup ? WarmupPlan.of(warmupAt, warmupGap, subscribeAtMs, publishAtMs) : null;
    }

    /** The background load, checked against the cell's instants; null without one. */
    public BackgroundLoad backgroundLoad(long subscribeAtMs, long endMs) {
        if (background == null) return null;
        long from = backgroundFrom != null ? backgroundFrom : subscribeAtMs + WarmupPlan.MESH_FORMATION_MS;
        if (from < subscribeAtMs || from >= endMs) {
            throw new IllegalArgumentException("--background-from " + from + " ms must be between the subscribe instant ("
                    + subscribeAtMs + " ms) and the end of the hold (" + endMs + " ms)");
        }
        return BackgroundLoad.parse(background, from, BackgroundLoad.parseSenders(backgroundNodes), sameTopic());
    }

    /** The {@code gsnode run} flags that say this condition; none for a cold cell. */
    public List<String> args() {
        List<String> a = new ArrayList<>();
        if (warmup) {
            a.add("--warmup");
            if (warmupAt != null) a.addAll(List.of("--warmup-at", Long.toString(warmupAt)));
            a.addAll(List.of("--warmup-gap", Long.toString(warmupGap)));
        }
        if (background != null) {
            a.addAll(List.of("--background", background, "--background-nodes", backgroundNodes, "--background-topic", backgroundTopic));
            if (backgroundFrom != null) a.addAll(List.of("--background-from", Long.toString(backgroundFrom)));
        }
        return a;
    }
}
