package io.gsnode.segmentation.arm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every arm by name (docs/arms.md §7), in the report's order, as the reference's arm table
 * ({@code testing/shadowstudy/arms.sh}) defines it: each row is the arm's {@code SEGMENT_*} knobs,
 * and every arm is composed from them by the same code ({@link ArmKnobs}, the policies of
 * {@code io.gsnode.segmentation.policy}). A new arm is a new row, or a new policy behind a new knob.
 *
 * <p>Symbols in a row ({@code K}, {@code P/16384}, {@code AR}, {@code FINAL},
 * {@code FINAL_FROM_512K}) resolve at the cell's payload size; see {@link KnobTemplate}. Rows are
 * parsed in strict mode: every wire-affecting knob is explicit.
 *
 * <p>Not here: the production-path rows {@code prod2_16k} … {@code prod3s_16k}, which the report
 * does not use.
 */
public final class ArmCatalogue {

    private static final Map<String, Arm> ARMS = new LinkedHashMap<>();

    /** The B tuned knobs shared by both B rows (docs/arms.md §7). */
    private static final String B_TUNED = "SEGMENT_POLICIES=phase SEGMENT_REPLICATION=2 SEGMENT_CLAIM_PER_PEER=4 "
            + "SEGMENT_STRIKE_CAP=1 SEGMENT_STRIKE_TTL_MS=30000 SEGMENT_ADAPTIVE_TIMEOUT=1 SEGMENT_PARTIAL_COMPRESS=1";

    static {
        a("wholend", "wholend", "whole message: one gossip message, stock gossipsub, every announcer asked",
                "SEGMENT_ARMS=whole");
        a("atuned_32k", "atuned", "A-tuned: phase r=2 on 32 KiB segments, with the pull discipline",
                "SEGMENT_ARMS=phase SEGMENT_A_PHASE_R=2 SEGMENT_SIZE_BYTES=32768 FINAL");
        a("atuned_16k", "am_k64", "A-tuned on 16 KiB segments",
                "SEGMENT_ARMS=phase SEGMENT_A_PHASE_R=2 SEGMENT_SIZE_BYTES=16384 FINAL");
        a("acoded_32k", "acoded", "coded A: A-tuned on an RS group K + K, stop-pull after any K",
                "SEGMENT_ARMS=phase SEGMENT_A_PHASE_R=2 SEGMENT_SIZE_BYTES=32768 SEGMENT_PARITY=K "
                        + "SEGMENT_STRUCTURED_IDS=1 SEGMENT_STOP_PULL=1 FINAL");
        a("lad_phase_32k", "lad_phase", "phase shift: phase r=2 on 32 KiB segments with stock pulls",
                "SEGMENT_ARMS=phase SEGMENT_A_PHASE_R=2 SEGMENT_SIZE_BYTES=32768 SEGMENT_STRUCTURED_IDS=1");
        a("lad_batch_16k", "lad_batch16", "tier 1: 16 KiB segments, eager push to the whole mesh, batch publish",
                "SEGMENT_ARMS=segmented SEGMENT_STRUCTURED_IDS=1 SEGMENT_SIZE_BYTES=16384");
        a("aadaptds_16k", "aadaptds", "tier 2: size-adaptive push width AR on 16 KiB segments, with the pull discipline",
                "SEGMENT_ARMS=phase SEGMENT_A_PHASE_R=AR SEGMENT_SIZE_BYTES=16384 SEGMENT_STRUCTURED_IDS=1 FINAL");
        a("aadaptcf_16k", "aadaptcf", "tier 3: compress first, P/16384 pieces + as many parity, push width AR, "
                        + "stop-pull; the pull discipline only from 512 KiB",
                "SEGMENT_ARMS=phase SEGMENT_A_PHASE_R=AR SEGMENT_COMPRESS_FIRST=1 SEGMENT_FIXED_COUNT=P/16384 "
                        + "SEGMENT_PARITY=P/16384 SEGMENT_STRUCTURED_IDS=1 SEGMENT_STOP_PULL=1 FINAL_FROM_512K");
        a("aadaptcfd_16k", "aadaptcfd", "tier 3 with the pull discipline at every size",
                "SEGMENT_ARMS=phase SEGMENT_A_PHASE_R=AR SEGMENT_COMPRESS_FIRST=1 SEGMENT_FIXED_COUNT=P/16384 "
                        + "SEGMENT_PARITY=P/16384 SEGMENT_STRUCTURED_IDS=1 SEGMENT_STOP_PULL=1 FINAL");
        a("acodedcf_32k", "acodedcf", "compress-first code alone: compress first, K pieces + K parity, phase r=2, stop-pull",
                "SEGMENT_ARMS=phase SEGMENT_A_PHASE_R=2 SEGMENT_COMPRESS_FIRST=1 SEGMENT_FIXED_COUNT=K "
                        + "SEGMENT_PARITY=K SEGMENT_STRUCTURED_IDS=1 SEGMENT_STOP_PULL=1 FINAL");
        b("bfixed_32k", "bfixed", "B tuned: 32 KiB segments as partial messages, push r=2, claims 4 per peer, "
                        + "strike cap 1, adaptive timeout, snappy per segment",
                B_TUNED + " SEGMENT_SIZE_BYTES=32768");
        b("bcodedfc1_32k", "bcodedfc1", "coded B: B tuned on an RS group K + K, one segment per partial message",
                B_TUNED + " SEGMENT_SIZE_BYTES=32768 SEGMENT_PARITY=K SEGMENT_PUSH_CHUNK=1");
        c("c_32k", "c32", "C: one topic per 32 KiB segment, phase r=2, with the pull discipline",
                "SEGMENT_SIZE_BYTES=32768 SEGMENT_C_PHASE_R=2 FINAL");
        c("crs_32k", "c32rs", "C + RS: one topic per coded index of a K + K group, any K complete",
                "SEGMENT_SIZE_BYTES=32768 SEGMENT_C_PHASE_R=2 SEGMENT_PARITY=K FINAL");
        add(ComposedArm.fromTemplate("line", "line", Variant.A,
                "known answer: the whole message over a line of 2 nodes", "line", new KnobTemplate("SEGMENT_ARMS=whole")));
    }

    private ArmCatalogue() {}

    private static void b(String name, String alias, String description, String knobs) {
        add(ComposedArm.fromTemplate(name, alias, Variant.B, description, "", new KnobTemplate(knobs)));
    }

    private static void a(String name, String alias, String description, String knobs) {
        add(ComposedArm.fromTemplate(name, alias, Variant.A, description, "", new KnobTemplate(knobs)));
    }

    private static void c(String name, String alias, String description, String knobs) {
        add(ComposedArm.fromTemplate(name, alias, Variant.C, description, "", new KnobTemplate(knobs)));
    }

    private static void add(Arm arm) {
        ARMS.put(arm.name(), arm);
    }

    /**
     * The arm called {@code name}: a catalogue name or published alias, optionally followed by
     * knob overrides for an ablation, {@code atuned_32k+SEGMENT_IWANT_DISCIPLINE_MS=300+...}, where
     * {@code NAME=-} removes a knob and its {@code NAME_*} settings ({@code +SEGMENT_IHAVE_PARK=-}:
     * no park). An overridden arm keeps the whole string as its name, so its records and cells never
     * pair with the row's.
     *
     * @throws IllegalArgumentException for an unknown arm, a malformed override or knobs that do
     *     not make a valid arm (at 1 MiB)
     */
    public static Arm get(String name) {
        int plus = name.indexOf('+');
        if (plus < 0) return row(name);
        Map<String, String> overrides = new LinkedHashMap<>();
        for (String pair : name.substring(plus + 1).split("\\+", -1)) {
            int eq = pair.indexOf('=');
            if (eq < 1 || eq == pair.length() - 1) {
                throw new IllegalArgumentException("arm '" + name + "': an override is NAME=VALUE, got '" + pair + "'");
            }
            overrides.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        Arm arm = ComposedArm.overriding(row(name.substring(0, plus)), name, overrides);
        try {
            arm.armKnobs(1 << 20);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("arm '" + name + "': " + e.getMessage(), e);
        }
        return arm;
    }

    private static Arm row(String name) {
        Arm arm = ARMS.get(name);
        if (arm != null) return arm;
        for (Arm a : ARMS.values()) {
            if (a.alias().equals(name)) return a;
        }
        throw new IllegalArgumentException("unknown arm '" + name + "'; known: " + String.join(", ", ARMS.keySet()));
    }

    public static Collection<Arm> all() {
        return List.copyOf(ARMS.values());
    }

    public static List<String> names() {
        return new ArrayList<>(ARMS.keySet());
    }

    /** An arm from knobs rather than a catalogue row, named {@code custom}. */
    public static Arm custom(ArmKnobs knobs) {
        return custom("custom", knobs);
    }

    /** An arm from knobs rather than a catalogue row. */
    public static Arm custom(String name, ArmKnobs knobs) {
        return ComposedArm.fromKnobs(name, knobs);
    }
}
