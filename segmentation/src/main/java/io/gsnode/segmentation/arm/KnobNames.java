package io.gsnode.segmentation.arm;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Every {@code SEGMENT_*} name gsnode knows, by who reads it, so a misspelt or unsupported knob
 * fails the parse instead of silently changing nothing (docs/arms.md §2, §6.8, §8, §11.5).
 */
final class KnobNames {

    /** Read by {@link ArmKnobs}: the arm's wire form and its router policies (§3, §5.2, §6, §7, §9). */
    static final Set<String> ARM = Set.of(
            "SEGMENT_STRICT", "SEGMENT_ARMS", "SEGMENT_A_PHASE_R", "SEGMENT_C_PHASE_R",
            "SEGMENT_PHASE_FIXED_BUDGET", "SEGMENT_MAX_IHAVE_MESSAGES", "SEGMENT_PHASE_SRC", "SEGMENT_PHASE_SEL",
            "SEGMENT_SIZE_BYTES", "SEGMENT_FIXED_COUNT", "SEGMENT_PARITY", "SEGMENT_COMPRESS_FIRST",
            "SEGMENT_STRUCTURED_IDS", "SEGMENT_STOP_PULL", "SEGMENT_IWANT_DISCIPLINE_MS", "SEGMENT_OFFER_TABLE",
            "SEGMENT_IHAVE_PARK", "SEGMENT_IHAVE_PARK_K", "SEGMENT_IHAVE_PARK_PROMISE_MS", "SEGMENT_IHAVE_PARK_TTL_MS",
            "SEGMENT_MESH_D", "SEGMENT_IDONTWANT_THRESHOLD", "SEGMENT_PUBLISH_MODE");

    /** Read by {@link CellKnobs}: the cell around the arm (§2, §10). */
    static final Set<String> CELL = Set.of(
            "SEGMENT_STRICT", "SEGMENT_SLOW_TESTS", "SEGMENT_MESH_SIZES", "SEGMENT_DEGREE", "SEGMENT_LATENCY_MODEL",
            "SEGMENT_DET_RAND", "SEGMENT_SEED", "SEGMENT_PAYLOAD_BYTES", "SEGMENT_DEADLINE_MS", "SEGMENT_UP_MBPS",
            "SEGMENT_DOWN_MBPS", "SEGMENT_DATACENTER_PCT", "SEGMENT_DATACENTER_MBPS", "SEGMENT_BUILDER_UP_MBPS",
            "SEGMENT_SLOW_PCT");

    /** Variant B's knobs (§7, §8), read by {@link ArmKnobs} for {@code SHADOW_VARIANT=b}. */
    static final Set<String> VARIANT_B = Set.of(
            "SEGMENT_POLICIES", "SEGMENT_REPLICATION", "SEGMENT_CLAIM_PER_PEER", "SEGMENT_STRIKE_CAP",
            "SEGMENT_STRIKE_TTL_MS", "SEGMENT_ADAPTIVE_TIMEOUT", "SEGMENT_PARTIAL_COMPRESS", "SEGMENT_PUSH_CHUNK",
            "SEGMENT_REQUEST_TIMEOUT_MS", "SEGMENT_RETRY_INTERVAL_MS", "SEGMENT_PUSH_GRACE_MS",
            "SEGMENT_CLAIM_SURPLUS", "SEGMENT_ANNOUNCE_WINDOW_MS", "SEGMENT_PUSH_DIVISOR", "SEGMENT_B_GROUPS");

    /** Knobs of the fork and harness the report's arms do not use (§6.8) and modes the node refuses (§11.5). */
    static final Set<String> UNSUPPORTED = Set.of(
            "SEGMENT_IWANT_HEDGE_MS", "SEGMENT_ADAPTIVE_HEDGE", "SEGMENT_TAIL_HEDGE_K", "SEGMENT_TAIL_H",
            "SEGMENT_TAIL_BOUNDS", "SEGMENT_TAIL_SCHEDULE", "SEGMENT_REQUEST_NQG", "SEGMENT_IWANT_BUDGET_N",
            "SEGMENT_PULL_BUDGET", "SEGMENT_PULL_MEMORY", "SEGMENT_RAREST_FIRST", "SEGMENT_RARITY_DRAIN",
            "SEGMENT_GROUP_PUSH", "SEGMENT_LINK_MOD", "SEGMENT_LINK_ENFORCE", "SEGMENT_PHASE_MESHLESS",
            "SEGMENT_PHASE_ANNOUNCE_HOLDERS", "SEGMENT_PHASE_SRC_DELAY_MS", "SEGMENT_PHASE_SRC_DEGREE",
            "SEGMENT_CONTROL_COALESCE", "SEGMENT_A_REGIME_RULE", "SEGMENT_PROC_US", "SEGMENT_PROC_WORKERS",
            "SEGMENT_STOP_PULL_H", "SEGMENT_PRODUCTION", "SEGMENT_SUB_EXTRA", "SEGMENT_INITIAL_CWND_PACKETS",
            "SEGMENT_WARMUP_BYTES", "SEGMENT_WARMUP", "SEGMENT_BG_INTERVAL_MS", "SEGMENT_BG_MSG_BYTES",
            "SEGMENT_BG_LEADIN_MS", "SEGMENT_LATENCY_SWEEP", "SEGMENT_MESH_MBPS");

    /** Prefixes of unsupported families: failure injections and adversaries (§6.8). */
    static final List<String> UNSUPPORTED_PREFIXES = List.of(
            "SEGMENT_FAIL_", "SEGMENT_ADV_", "SEGMENT_NQG_", "SEGMENT_ADAPTIVE_HEDGE_");

    private KnobNames() {}

    static boolean unsupported(String name) {
        if (UNSUPPORTED.contains(name)) return true;
        for (String prefix : UNSUPPORTED_PREFIXES) {
            if (name.startsWith(prefix)) return true;
        }
        return false;
    }

    /** Throws for a {@code SEGMENT_*} name nobody reads, or one gsnode refuses. */
    static void checkKnown(String name) {
        if (!name.startsWith("SEGMENT_")) return;
        if (unsupported(name)) {
            throw new InvalidKnobException(name + " is not supported by gsnode: the report's arms do not use it "
                    + "(docs/arms.md §6.8, §11.5)");
        }
        if (!ARM.contains(name) && !CELL.contains(name) && !VARIANT_B.contains(name)) {
            throw new InvalidKnobException("unknown knob " + name + "; known: arm " + new TreeSet<>(ARM)
                    + ", cell " + new TreeSet<>(CELL));
        }
    }
}
