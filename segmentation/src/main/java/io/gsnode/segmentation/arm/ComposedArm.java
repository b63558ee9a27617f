package io.gsnode.segmentation.arm;

import io.gsnode.formats.wire.WireForm;
import io.gsnode.segmentation.codec.WireForms;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * An arm composed from knobs: a catalogue row ({@link KnobTemplate}, resolved at each payload
 * size) or a custom set of knobs. Every A and C arm is one of these; there is no per-arm code.
 */
final class ComposedArm implements Arm {

    private final String name;
    private final String alias;
    private final String description;
    private final String edges;
    private final Map<String, String> symbolicKnobs;
    private final IntFunction<Map<String, String>> knobsAt;
    private final IntFunction<ArmKnobs> parsedAt;
    private final String variant;

    private ComposedArm(String name, String alias, String variant, String description, String edges,
                        Map<String, String> symbolicKnobs, IntFunction<Map<String, String>> knobsAt,
                        IntFunction<ArmKnobs> parsedAt) {
        this.name = name;
        this.alias = alias;
        this.variant = variant;
        this.description = description;
        this.edges = edges;
        this.symbolicKnobs = Collections.unmodifiableMap(new LinkedHashMap<>(symbolicKnobs));
        this.knobsAt = knobsAt;
        this.parsedAt = parsedAt;
    }

    /** A catalogue row: its knobs are parsed strictly, so a row that leaves a wire knob to a default cannot exist. */
    static ComposedArm fromTemplate(String name, String alias, Variant variant, String description, String edges,
                                    KnobTemplate template) {
        IntFunction<Map<String, String>> knobsAt = payload -> {
            Map<String, String> knobs = new LinkedHashMap<>();
            if (variant != Variant.A) knobs.put("SHADOW_VARIANT", variant.wireName());
            knobs.putAll(template.resolve(payload));
            return knobs;
        };
        Map<String, String> symbolic = new LinkedHashMap<>();
        if (variant != Variant.A) symbolic.put("SHADOW_VARIANT", variant.wireName());
        symbolic.putAll(template.symbolic());
        return new ComposedArm(name, alias, variant.wireName(), description, edges, symbolic, knobsAt,
                payload -> ArmKnobs.parse(knobsAt.apply(payload), true));
    }

    /** An override's value that removes the knob, and the knobs named after it, instead of setting it. */
    static final String REMOVE = "-";

    /**
     * {@code base} with {@code overrides} on top of its knobs at every payload size, for an
     * ablation; parsed as strictly as the row. {@code NAME=-} removes {@code NAME} and every
     * {@code NAME_*} knob (the park's settings go with {@code SEGMENT_IHAVE_PARK}).
     */
    static ComposedArm overriding(Arm base, String name, Map<String, String> overrides) {
        IntFunction<Map<String, String>> knobsAt = payload -> applied(base.knobs(payload), overrides);
        Map<String, String> symbolic = applied(base.knobs(), overrides);
        return new ComposedArm(name, name, base.variant(), base.description() + ", with " + overrides, base.edges(), symbolic,
                knobsAt, payload -> ArmKnobs.parse(knobsAt.apply(payload), true));
    }

    private static Map<String, String> applied(Map<String, String> row, Map<String, String> overrides) {
        Map<String, String> knobs = new LinkedHashMap<>(row);
        overrides.forEach((knob, value) -> {
            if (value.equals(REMOVE)) {
                knobs.keySet().removeIf(k -> k.equals(knob) || k.startsWith(knob + "_"));
            } else {
                knobs.put(knob, value);
            }
        });
        return knobs;
    }

    /** Custom knobs: the same at every payload size. */
    static ComposedArm fromKnobs(String name, ArmKnobs knobs) {
        return new ComposedArm(name, name, knobs.variant().wireName(), "custom arm: " + knobs.env(), "",
                knobs.env(), payload -> knobs.env(), payload -> knobs);
    }

    @Override public String name() { return name; }
    @Override public String alias() { return alias; }
    @Override public String variant() { return variant; }
    @Override public String description() { return description; }
    @Override public String edges() { return edges; }
    @Override public Map<String, String> knobs() { return symbolicKnobs; }

    @Override
    public Map<String, String> knobs(int payloadBytes) {
        return knobsAt.apply(payloadBytes);
    }

    @Override
    public ArmKnobs armKnobs(int payloadBytes) {
        return parsedAt.apply(payloadBytes);
    }

    @Override
    public WireForm wireForm(int payloadBytes) {
        ArmKnobs knobs = armKnobs(payloadBytes);
        return knobs.variant() == Variant.B
                ? WireForms.ofPartialMessages(PartialArmNode.groupOf(knobs, payloadBytes))
                : ArmLayout.of(knobs, payloadBytes).wireForm();
    }

    @Override
    public ArmNode instantiate(ArmContext context) {
        ArmKnobs knobs = armKnobs(context.payloadBytes());
        return knobs.variant() == Variant.B ? new PartialArmNode(knobs, context) : new GossipArmNode(knobs, context);
    }

    @Override
    public String toString() {
        return name;
    }
}
