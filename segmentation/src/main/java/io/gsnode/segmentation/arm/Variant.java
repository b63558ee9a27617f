package io.gsnode.segmentation.arm;

import java.util.Locale;

/** The test strategy a cell runs ({@code SHADOW_VARIANT}, docs/arms.md §2). */
public enum Variant {
    /** One topic: the whole message, or plain, coded or compress-first segments (§7). */
    A,
    /** One topic, segments moved by the broadcaster through the partial-messages extension (§8). */
    B,
    /** One topic per segment index (§9). */
    C;

    /** {@code a}, {@code b} or {@code c}, as {@code SHADOW_VARIANT} spells it. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    static Variant parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "a" -> A;
            case "b" -> B;
            case "c" -> C;
            default -> throw new InvalidKnobException("SHADOW_VARIANT=" + text + ": want a, b or c");
        };
    }
}
