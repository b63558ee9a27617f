package io.gsnode.segmentation.arm;

import java.util.Map;

/**
 * The cell around an arm, read from the reference's {@code SEGMENT_*} knobs (docs/arms.md §2,
 * §5.9, §10): node count, dial graph, latency model, links, seed, payload and deadline. The arm
 * itself is {@link ArmKnobs}; both read the same map and each ignores the other's knobs.
 *
 * @param strict {@code SEGMENT_STRICT}
 * @param slowTests {@code SEGMENT_SLOW_TESTS}: harness only, recorded and otherwise ignored
 * @param n {@code SEGMENT_MESH_SIZES}: the node count (exactly one value, ≥ 2), or null when unset
 *     (the topology file then says)
 * @param degree {@code SEGMENT_DEGREE}: the dial graph's degree (default 70)
 * @param latencyModel {@code SEGMENT_LATENCY_MODEL}: {@code geo} or {@code uniform} (the
 *     reference's default when unset is {@code uniform}; every report cell sets {@code geo})
 * @param detRand {@code SEGMENT_DET_RAND}: seeded gossipsub shuffles (§5.9)
 * @param seed {@code SEGMENT_SEED}: graph, latency, region and gossipsub seed (default 1)
 * @param payloadBytes {@code SEGMENT_PAYLOAD_BYTES}: P (default 1 MiB)
 * @param deadlineMs {@code SEGMENT_DEADLINE_MS}: the rate@deadline slot (default 4000); does not stop the run
 * @param upMbps {@code SEGMENT_UP_MBPS}: home uplink (default 50)
 * @param downMbps {@code SEGMENT_DOWN_MBPS}: home downlink (default 10 × up when only the uplink is
 *     set, 50 when neither is)
 * @param datacenterPct {@code SEGMENT_DATACENTER_PCT}: percent of nodes 1…N−1 on datacenter links
 * @param datacenterMbps {@code SEGMENT_DATACENTER_MBPS}: their symmetric rate (default 1000)
 * @param builderUpMbps {@code SEGMENT_BUILDER_UP_MBPS}: node 0's symmetric rate, or null (home node)
 * @param slowPct {@code SEGMENT_SLOW_PCT}: percent of thin nodes after the datacenter block (unused by the report)
 */
public record CellKnobs(boolean strict, boolean slowTests, Integer n, int degree, String latencyModel, boolean detRand,
                        long seed, int payloadBytes, int deadlineMs, int upMbps, int downMbps, int datacenterPct,
                        int datacenterMbps, Integer builderUpMbps, int slowPct) {

    /** Prysm's default peer count, the report's dial-graph degree. */
    public static final int DEFAULT_DEGREE = 70;
    /** go: gossipsim.DefaultRate, 50 Mbps. */
    public static final int DEFAULT_MBPS = 50;
    /** docs/arms.md §2: the rate@deadline slot when unset. */
    public static final int DEFAULT_DEADLINE_MS = 4000;
    /** §5.9: the deterministic-rand seed is graph seed × this + node index. */
    private static final long ROUTER_SEED_MULTIPLIER = 1_000_003L;

    /** The gossipsub seed of node {@code index} of a cell whose graph seed is {@code graphSeed} (§5.9). */
    public static long routerSeed(long graphSeed, int index) {
        return graphSeed * ROUTER_SEED_MULTIPLIER + index;
    }

    /**
     * @throws InvalidKnobException for an unknown, unsupported or malformed knob, or percentages
     *     that together exceed the non-publisher nodes
     */
    public static CellKnobs parse(Map<String, String> env) {
        for (String name : env.keySet()) KnobNames.checkKnown(name);
        KnobReader k = new KnobReader(env);
        Integer n = null;
        if (k.isSet("SEGMENT_MESH_SIZES")) {
            String sizes = k.text("SEGMENT_MESH_SIZES", "");
            if (sizes.contains(",")) {
                throw new InvalidKnobException("SEGMENT_MESH_SIZES=" + sizes + ": a node runs one cell, give exactly one node count");
            }
            n = k.integer("SEGMENT_MESH_SIZES", 0, 2, Integer.MAX_VALUE);
        }
        String model = k.text("SEGMENT_LATENCY_MODEL", "uniform");
        if (!model.equals("geo") && !model.equals("uniform")) {
            throw new InvalidKnobException("SEGMENT_LATENCY_MODEL=" + model + ": want geo or uniform");
        }
        int up = k.integer("SEGMENT_UP_MBPS", DEFAULT_MBPS, 1, Integer.MAX_VALUE);
        int down = k.integer("SEGMENT_DOWN_MBPS", k.isSet("SEGMENT_UP_MBPS") ? 10 * up : DEFAULT_MBPS, 1, Integer.MAX_VALUE);
        int dcPct = k.integer("SEGMENT_DATACENTER_PCT", 0, 0, 100);
        int slowPct = k.integer("SEGMENT_SLOW_PCT", 0, 0, 100);
        if (dcPct + slowPct > 100) {
            throw new InvalidKnobException("SEGMENT_DATACENTER_PCT=" + dcPct + " and SEGMENT_SLOW_PCT=" + slowPct
                    + " together exceed the non-publisher nodes");
        }
        return new CellKnobs(k.flag("SEGMENT_STRICT"), k.flag("SEGMENT_SLOW_TESTS"), n,
                k.integer("SEGMENT_DEGREE", DEFAULT_DEGREE, 1, Integer.MAX_VALUE), model, k.flag("SEGMENT_DET_RAND"),
                k.longValue("SEGMENT_SEED", 1), k.integer("SEGMENT_PAYLOAD_BYTES", 1 << 20, 1, Integer.MAX_VALUE),
                k.integer("SEGMENT_DEADLINE_MS", DEFAULT_DEADLINE_MS, 1, Integer.MAX_VALUE), up, down, dcPct,
                k.integer("SEGMENT_DATACENTER_MBPS", 1000, 1, Integer.MAX_VALUE),
                k.optionalInteger("SEGMENT_BUILDER_UP_MBPS", 1, Integer.MAX_VALUE), slowPct);
    }

    /**
     * The gossipsub seed of node {@code index} under {@code SEGMENT_DET_RAND} (§5.9): graph seed ×
     * 1 000 003 + index, so two arms at one seed draw the same meshes; null when the knob is off.
     */
    public Long routerSeed(int index) {
        return detRand ? routerSeed(seed, index) : null;
    }
}
