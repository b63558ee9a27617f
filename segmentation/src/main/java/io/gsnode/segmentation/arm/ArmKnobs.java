package io.gsnode.segmentation.arm;

import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.segmentation.codec.CellBlockRoot;
import io.gsnode.segmentation.codec.ReedSolomon;
import io.gsnode.segmentation.codec.SegmentDescriptor;
import io.gsnode.segmentation.codec.SegmentEncodingParams;
import io.gsnode.segmentation.partial.BroadcasterConfig;
import io.gsnode.segmentation.policy.DisciplineConfig;
import java.time.Duration;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an arm is, read from the reference's {@code SEGMENT_*} knobs (docs/arms.md §2, §3, §5.2,
 * §6, §7, §9) plus {@code SHADOW_VARIANT}: its message form, its forwarding and request policies
 * and its router overrides. {@link #parse} checks every knob and every combination and fails with
 * the knob, its value and what is allowed; {@link ArmCatalogue#custom} turns the result into an arm.
 *
 * @param variant {@code SHADOW_VARIANT}: a (default), b or c
 * @param mode {@code SEGMENT_ARMS} for variant a; for c, {@link Mode#PHASE} when
 *     {@code SEGMENT_C_PHASE_R} is set, else {@link Mode#SEGMENTED}; for b {@link Mode#SEGMENTED}
 *     (segments, moved by the broadcaster rather than forwarded as gossip)
 * @param encoding how the payload is cut ({@code SEGMENT_SIZE_BYTES}, {@code SEGMENT_FIXED_COUNT},
 *     {@code SEGMENT_PARITY}, {@code SEGMENT_COMPRESS_FIRST}, {@code SEGMENT_STRUCTURED_IDS});
 *     null for the whole message
 * @param structuredIds {@code SEGMENT_STRUCTURED_IDS}: the 101-byte id function (§3.7)
 * @param phaseR the phase push width r ({@code SEGMENT_A_PHASE_R}, default 2; or
 *     {@code SEGMENT_C_PHASE_R}); meaningful only in {@link Mode#PHASE}
 * @param phaseFixedBudget {@code SEGMENT_PHASE_FIXED_BUDGET}: no IDONTWANT decay of r
 * @param maxIHaveMessages {@code SEGMENT_MAX_IHAVE_MESSAGES}: the router's MaxIHaveMessages on a
 *     phase arm (default 4096, §5.2); 0 on other arms (the base configuration's value stands)
 * @param discipline the request family (§6.3–6.6), or null for stock pulls (§6.2)
 * @param stopPull {@code SEGMENT_STOP_PULL} (§6.7)
 * @param meshD {@code SEGMENT_MESH_D}: D, with Dlo = 3D/4 and Dhi = 3D/2; null keeps §5.2's 8/6/12
 * @param idontwantThreshold {@code SEGMENT_IDONTWANT_THRESHOLD} in bytes; null keeps 1024
 * @param partial variant B's broadcaster knobs (§8); null for a and c
 * @param strict {@code SEGMENT_STRICT}: a wire-affecting knob left to a default is an error
 * @param env the knobs as given (arm knobs and {@code SHADOW_VARIANT} only), sorted by name
 */
public record ArmKnobs(Variant variant, Mode mode, SegmentEncodingParams encoding, boolean structuredIds,
                       int phaseR, boolean phaseFixedBudget, int maxIHaveMessages, DisciplineConfig discipline,
                       boolean stopPull, Integer meshD, Integer idontwantThreshold, BroadcasterConfig partial,
                       boolean strict, Map<String, String> env) {

    /** {@code SEGMENT_ARMS}: how the arm forwards (docs/arms.md §7). */
    public enum Mode {
        /** One message, stock gossipsub. */
        WHOLE,
        /** Segments, stock gossipsub: eager push to the whole mesh. */
        SEGMENTED,
        /** Segments under phase forwarding (§6.1). */
        PHASE;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The research tree's default unit, used for an unset unit outside strict mode (go: {@code segments.DefaultSegmentSize}). */
    public static final int DEFAULT_SEGMENT_SIZE = 32768;
    /** MaxIHaveMessages on every phase arm (docs/arms.md §5.2, §6.1): one immediate IHAVE per message. */
    public static final int PHASE_MAX_IHAVE_MESSAGES = 4096;
    /** go: {@code envDuration("SEGMENT_IHAVE_PARK_TTL_MS", 30*time.Second)}. */
    public static final Duration DEFAULT_PARK_TTL = Duration.ofSeconds(30);
    /** go: "forgive one break" — the park's k when {@code SEGMENT_IHAVE_PARK_K} is unset. */
    public static final int DEFAULT_PARK_K = 2;

    public ArmKnobs {
        env = Collections.unmodifiableMap(new TreeMap<>(env));
    }

    /** Parses {@code env}; strict when it sets {@code SEGMENT_STRICT=1}. Entries not named SEGMENT_* (other than SHADOW_VARIANT) are ignored. */
    public static ArmKnobs parse(Map<String, String> env) {
        return parse(env, false);
    }

    /**
     * Parses {@code env}, strict when {@code forceStrict} or {@code SEGMENT_STRICT=1}.
     *
     * @throws InvalidKnobException for an unknown, unsupported, malformed or out-of-range knob, or
     *     a combination the reference refuses (e.g. stop-pull without structured ids)
     */
    public static ArmKnobs parse(Map<String, String> env, boolean forceStrict) {
        for (String name : env.keySet()) KnobNames.checkKnown(name);
        KnobReader k = new KnobReader(env);
        boolean strict = forceStrict || k.flag("SEGMENT_STRICT");
        Variant variant = Variant.parse(k.text("SHADOW_VARIANT", "a"));
        if (variant != Variant.B) {
            for (String name : KnobNames.VARIANT_B) {
                onlyWith(k, name, false, "SHADOW_VARIANT=b (a variant B knob, docs/arms.md §8)");
            }
        }
        String publishMode = k.text("SEGMENT_PUBLISH_MODE", "batch");
        if (!publishMode.equals("batch")) {
            throw new InvalidKnobException("SEGMENT_PUBLISH_MODE=" + publishMode + ": only batch publishing is "
                    + "supported (docs/arms.md §5.4; fcfs is unused by the report)");
        }

        Mode mode = switch (variant) {
            case A -> modeOfVariantA(k);
            case B -> modeOfVariantB(k);
            case C -> modeOfVariantC(k);
        };
        int phaseR = 0;
        if (variant == Variant.A) {
            phaseR = k.integer("SEGMENT_A_PHASE_R", 2, 0, Integer.MAX_VALUE);
            onlyWith(k, "SEGMENT_A_PHASE_R", mode == Mode.PHASE, "SEGMENT_ARMS=phase");
        } else if (mode == Mode.PHASE) {
            phaseR = k.integer("SEGMENT_C_PHASE_R", 0, 1, Integer.MAX_VALUE);
        }
        onlyWith(k, "SEGMENT_MAX_IHAVE_MESSAGES", mode == Mode.PHASE, "phase forwarding");
        onlyWith(k, "SEGMENT_PHASE_FIXED_BUDGET", mode == Mode.PHASE, "phase forwarding");
        String source = k.text("SEGMENT_PHASE_SRC", "immediate");
        if (!source.equals("immediate")) {
            throw new InvalidKnobException("SEGMENT_PHASE_SRC=" + source + ": only the immediate source policy is "
                    + "supported (docs/arms.md §6.1 step 6)");
        }
        String selection = k.text("SEGMENT_PHASE_SEL", "rank");
        if (!selection.equals("rank")) {
            throw new InvalidKnobException("SEGMENT_PHASE_SEL=" + selection + ": only rank selection is supported (§6.1)");
        }
        int maxIHave = mode == Mode.PHASE
                ? k.integer("SEGMENT_MAX_IHAVE_MESSAGES", PHASE_MAX_IHAVE_MESSAGES, 1, Integer.MAX_VALUE) : 0;
        boolean fixedBudget = mode == Mode.PHASE && k.flag("SEGMENT_PHASE_FIXED_BUDGET");

        boolean structured = k.flag("SEGMENT_STRUCTURED_IDS");
        SegmentEncodingParams encoding = encoding(k, variant, mode, structured, strict);

        boolean stopPull = k.flag("SEGMENT_STOP_PULL");
        if (stopPull && !structured) {
            // The gate has to recognise a segment announcement it will never fetch (§6.7).
            throw new InvalidKnobException("SEGMENT_STOP_PULL requires SEGMENT_STRUCTURED_IDS");
        }
        DisciplineConfig discipline = discipline(k);
        Integer meshD = k.optionalInteger("SEGMENT_MESH_D", 2, 1000);
        Integer threshold = k.optionalInteger("SEGMENT_IDONTWANT_THRESHOLD", 0, Integer.MAX_VALUE);

        Map<String, String> given = new TreeMap<>();
        for (var e : env.entrySet()) {
            if (KnobNames.ARM.contains(e.getKey()) || KnobNames.VARIANT_B.contains(e.getKey())
                    || e.getKey().equals("SHADOW_VARIANT")) given.put(e.getKey(), e.getValue());
        }
        BroadcasterConfig partial = variant == Variant.B ? broadcaster(k) : null;
        if (variant == Variant.B) {
            if (structured || stopPull || discipline != null) {
                throw new InvalidKnobException("variant B moves segments as partial messages, not gossip: structured ids, "
                        + "stop-pull and the pull discipline have no effect on it (docs/arms.md §8)");
            }
            if (encoding.compressFirst()) throw new InvalidKnobException("SEGMENT_COMPRESS_FIRST is variant a only");
        }
        ArmKnobs knobs = new ArmKnobs(variant, mode, encoding, structured, phaseR, fixedBudget, maxIHave, discipline,
                stopPull, meshD, threshold, partial, strict, given);
        try {
            knobs.applyTo(GossipConfig.DEFAULT); // the router overrides must make a valid configuration
        } catch (IllegalArgumentException e) {
            throw new InvalidKnobException("SEGMENT_MESH_D / SEGMENT_IDONTWANT_THRESHOLD make an invalid router "
                    + "configuration: " + e.getMessage());
        }
        return knobs;
    }

    private static Mode modeOfVariantA(KnobReader k) {
        onlyWith(k, "SEGMENT_C_PHASE_R", false, "SHADOW_VARIANT=c");
        if (!k.isSet("SEGMENT_ARMS")) {
            throw new InvalidKnobException("SEGMENT_ARMS must be set for variant a: whole, segmented or phase");
        }
        String arms = k.text("SEGMENT_ARMS", "");
        return switch (arms) {
            case "whole" -> Mode.WHOLE;
            case "segmented" -> Mode.SEGMENTED;
            case "phase" -> Mode.PHASE;
            default -> throw new InvalidKnobException("SEGMENT_ARMS=" + arms + ": want exactly one of whole, "
                    + "segmented or phase (a node runs one arm)");
        };
    }

    private static Mode modeOfVariantB(KnobReader k) {
        for (String aOrC : new String[] {"SEGMENT_ARMS", "SEGMENT_A_PHASE_R", "SEGMENT_C_PHASE_R", "SEGMENT_COMPRESS_FIRST",
                "SEGMENT_FIXED_COUNT"}) {
            onlyWith(k, aOrC, false, "SHADOW_VARIANT=a or c (variant B cuts the raw payload at SEGMENT_SIZE_BYTES, docs/arms.md §8)");
        }
        return Mode.SEGMENTED;
    }

    /** Variant B's knobs (docs/arms.md §7, §8.4-8.5); only the report's push policy is supported. */
    private static BroadcasterConfig broadcaster(KnobReader k) {
        String policy = k.text("SEGMENT_POLICIES", "phase");
        if (!policy.equals("phase")) {
            throw new InvalidKnobException("SEGMENT_POLICIES=" + policy + ": only the phase push policy is supported "
                    + "(docs/arms.md §8.4; split, all, none and the coordinated push are unused by the report)");
        }
        for (String unused : new String[] {"SEGMENT_PUSH_DIVISOR", "SEGMENT_PUSH_GRACE_MS", "SEGMENT_ANNOUNCE_WINDOW_MS"}) {
            if (k.isSet(unused) && !k.text(unused, "0").equals("0")) {
                throw new InvalidKnobException(unused + " is not supported: the report's B arms leave it off (docs/arms.md §8.4)");
            }
        }
        if (k.isSet("SEGMENT_B_GROUPS") && !k.text("SEGMENT_B_GROUPS", "1").equals("1")) {
            throw new InvalidKnobException("SEGMENT_B_GROUPS: only one group per cell is supported (docs/arms.md §3.9)");
        }
        return new BroadcasterConfig(
                k.integer("SEGMENT_REPLICATION", 2, 0, 1000),
                k.integer("SEGMENT_CLAIM_PER_PEER", 0, 0, SegmentDescriptor.MAX_SEGMENTS),
                k.integer("SEGMENT_STRIKE_CAP", 0, 0, 1000),
                k.millis("SEGMENT_STRIKE_TTL_MS", BroadcasterConfig.DEFAULT_STRIKE_TTL),
                k.flag("SEGMENT_ADAPTIVE_TIMEOUT"),
                k.flag("SEGMENT_PARTIAL_COMPRESS"),
                k.integer("SEGMENT_PUSH_CHUNK", 0, 0, 0xffff),
                k.millis("SEGMENT_REQUEST_TIMEOUT_MS", BroadcasterConfig.DEFAULT_REQUEST_TIMEOUT),
                k.millis("SEGMENT_RETRY_INTERVAL_MS", BroadcasterConfig.DEFAULT_RETRY_INTERVAL),
                k.integer("SEGMENT_CLAIM_SURPLUS", 0, 0, SegmentDescriptor.MAX_SEGMENTS));
    }

    private static Mode modeOfVariantC(KnobReader k) {
        for (String aOnly : new String[] {"SEGMENT_ARMS", "SEGMENT_A_PHASE_R", "SEGMENT_COMPRESS_FIRST", "SEGMENT_FIXED_COUNT"}) {
            onlyWith(k, aOnly, false, "SHADOW_VARIANT=a (variant C cuts the raw payload at SEGMENT_SIZE_BYTES, docs/arms.md §9)");
        }
        return k.isSet("SEGMENT_C_PHASE_R") ? Mode.PHASE : Mode.SEGMENTED;
    }

    private static SegmentEncodingParams encoding(KnobReader k, Variant variant, Mode mode, boolean structured, boolean strict) {
        if (mode == Mode.WHOLE) {
            for (String wire : new String[] {"SEGMENT_SIZE_BYTES", "SEGMENT_FIXED_COUNT", "SEGMENT_PARITY", "SEGMENT_COMPRESS_FIRST"}) {
                onlyWith(k, wire, false, "a segmented arm (the whole message carries the raw payload, docs/arms.md §3.3)");
            }
            return null;
        }
        int size = k.integer("SEGMENT_SIZE_BYTES", 0, 1, SegmentDescriptor.MAX_SEGMENT_SIZE);
        int count = k.integer("SEGMENT_FIXED_COUNT", 0, 1, SegmentDescriptor.MAX_SEGMENTS);
        if (size == 0 && count == 0) {
            if (strict) {
                throw new InvalidKnobException("SEGMENT_STRICT: SEGMENT_SIZE_BYTES (or SEGMENT_FIXED_COUNT) must be set; "
                        + "the unit is part of the arm, not a default");
            }
            size = DEFAULT_SEGMENT_SIZE;
        }
        int parity = k.integer("SEGMENT_PARITY", 0, 1, ReedSolomon.MAX_SHARDS - 1);
        boolean compressFirst = variant != Variant.C && k.flag("SEGMENT_COMPRESS_FIRST");
        return new SegmentEncodingParams(size, count, parity, compressFirst, structured, CellBlockRoot.SYNTHETIC_SLOT);
    }

    private static DisciplineConfig discipline(KnobReader k) {
        boolean on = k.isSet("SEGMENT_IWANT_DISCIPLINE_MS");
        onlyWith(k, "SEGMENT_OFFER_TABLE", on, "SEGMENT_IWANT_DISCIPLINE_MS");
        onlyWith(k, "SEGMENT_IHAVE_PARK", on, "SEGMENT_IWANT_DISCIPLINE_MS");
        boolean park = k.flag("SEGMENT_IHAVE_PARK");
        for (String parkKnob : new String[] {"SEGMENT_IHAVE_PARK_K", "SEGMENT_IHAVE_PARK_PROMISE_MS", "SEGMENT_IHAVE_PARK_TTL_MS"}) {
            onlyWith(k, parkKnob, park, "SEGMENT_IHAVE_PARK=1");
        }
        if (!on) return null;
        Duration window = k.millis("SEGMENT_IWANT_DISCIPLINE_MS", null);
        DisciplineConfig.ParkConfig parkConfig = !park ? null : new DisciplineConfig.ParkConfig(
                k.integer("SEGMENT_IHAVE_PARK_K", DEFAULT_PARK_K, 1, Integer.MAX_VALUE),
                k.millis("SEGMENT_IHAVE_PARK_PROMISE_MS", window.multipliedBy(3).dividedBy(4)),
                k.millis("SEGMENT_IHAVE_PARK_TTL_MS", DEFAULT_PARK_TTL));
        return new DisciplineConfig(window, k.flag("SEGMENT_OFFER_TABLE"), parkConfig);
    }

    /** Refuses {@code name} when set without what it needs: a knob with no effect is a mistake, not a no-op. */
    private static void onlyWith(KnobReader k, String name, boolean allowed, String requirement) {
        if (k.isSet(name) && !allowed) {
            throw new InvalidKnobException(name + " has no effect without " + requirement);
        }
    }

    /** The record's arm label (docs/arms.md §12.1): the SEGMENT_ARMS entry for variant a, {@code variantC} for c. */
    public String armLabel() {
        return switch (variant) {
            case A -> mode.wireName();
            case B -> "variantB";
            case C -> "variantC";
        };
    }

    /** The router configuration this arm runs with, from the cell's {@code base}. */
    public GossipConfig applyTo(GossipConfig base) {
        GossipConfig.Builder b = base.toBuilder();
        if (meshD != null) {
            // go (gossipsim.MeshParams): Dlo = 3D/4, Dhi = 3D/2, Dout clamped below Dlo and D/2.
            int d = meshD;
            int dLo = Math.max(1, d * 3 / 4);
            int dHi = Math.max(d + 1, d * 3 / 2);
            b.mesh(d, dLo, dHi);
            b.set("d_out", String.valueOf(Math.max(0, Math.min(base.dOut(), Math.min(dLo - 1, d / 2 - 1)))));
        }
        if (idontwantThreshold != null) b.set("idontwant_threshold", String.valueOf(idontwantThreshold));
        if (mode == Mode.PHASE) b.maxIHaveMessages(maxIHaveMessages);
        if (variant == Variant.B) b.partialMessages(true);
        return b.build();
    }
}
