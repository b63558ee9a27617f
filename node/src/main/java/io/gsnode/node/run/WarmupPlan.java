package io.gsnode.node.run;

/**
 * The warm-up of a warm cell (docs/conditions.md §2): at {@code atMs} after T0 the publisher
 * diffuses the warm-up payload, an unrelated payload of the arm's own shape, through the same
 * topics and policies as the measured one, so every connection has carried a payload before the
 * measured publish. Each node then needs {@code gapMs} of quiet between its warm-up completion and
 * the publish instant; a node whose warm-up completed later, or never, is marked late in its record.
 *
 * @param atMs the warm-up's publish instant, milliseconds after T0
 * @param gapMs the quiet a node needs between its warm-up completion and the measured publish
 */
public record WarmupPlan(long atMs, long gapMs) {

    /** Quiet before the measured publish unless a user asks for another. */
    public static final long DEFAULT_GAP_MS = 1000;

    /**
     * The time meshes get to form between the subscribe instant and a default warm-up (or the
     * background load's default start): the reference harness's 2.5 s of mesh formation, five
     * heartbeats at gossipsub's defaults.
     */
    public static final long MESH_FORMATION_MS = 2500;

    public WarmupPlan {
        if (atMs < 0) throw new IllegalArgumentException("--warmup-at must not be negative, was " + atMs);
        if (gapMs < 0) throw new IllegalArgumentException("--warmup-gap must not be negative, was " + gapMs);
    }

    /**
     * The warm-up at {@code atMs} (null: {@link #MESH_FORMATION_MS} after the subscribe instant)
     * with {@code gapMs} of quiet, checked against the cell's instants: it must come after the
     * subscribe instant and leave its gap before the publish.
     */
    public static WarmupPlan of(Long atMs, long gapMs, long subscribeAtMs, long publishAtMs) {
        long at = atMs != null ? atMs : subscribeAtMs + MESH_FORMATION_MS;
        WarmupPlan plan = new WarmupPlan(at, gapMs);
        if (at < subscribeAtMs) {
            throw new IllegalArgumentException("--warmup-at " + at + " ms is before the subscribe instant (" + subscribeAtMs
                    + " ms): the warm-up travels on the arm's topics, which the nodes join at the subscribe instant");
        }
        if (at + gapMs >= publishAtMs) {
            throw new IllegalArgumentException("the warm-up at " + at + " ms" + (atMs == null ? " (the subscribe instant + "
                    + MESH_FORMATION_MS + " ms of mesh formation)" : "") + " with its " + gapMs
                    + " ms gap leaves no time to diffuse before the publish at " + publishAtMs
                    + " ms; move --publish-at later, or --warmup-at earlier");
        }
        return plan;
    }
}
