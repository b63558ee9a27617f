package io.gsnode.segmentation.arm;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One row of the reference's arm table ({@code testing/shadowstudy/arms.sh}, docs/arms.md §2, §7)
 * as text: {@code NAME=VALUE} pairs separated by spaces, where a value may be a symbol of the
 * payload size and a pair may be a group:
 * <ul>
 *   <li>{@code K}: P / 32768, the number of 32 KiB segments ({@code KA} in the scripts);</li>
 *   <li>{@code P/16384}: the number of 16 KiB segments;</li>
 *   <li>{@code AR}: the size-adaptive push width, 4 if P ≤ 256 KiB, else 3 if P ≤ 1 MiB, else 2;</li>
 *   <li>{@code FINAL}: the pull discipline, six knobs (§2);</li>
 *   <li>{@code FINAL_FROM_512K}: {@code FINAL} when P ≥ 512 KiB, nothing below (tier 3).</li>
 * </ul>
 */
final class KnobTemplate {

    static final String FINAL = "SEGMENT_IWANT_DISCIPLINE_MS=200 SEGMENT_OFFER_TABLE=1 SEGMENT_IHAVE_PARK=1 "
            + "SEGMENT_IHAVE_PARK_K=1 SEGMENT_IHAVE_PARK_PROMISE_MS=400 SEGMENT_IHAVE_PARK_TTL_MS=30000";
    static final int FINAL_FROM_BYTES = 512 * 1024;

    private final String text;

    KnobTemplate(String text) {
        this.text = text;
    }

    /** {@code AR} (docs/arms.md §2): 4 up to 256 KiB, 3 up to 1 MiB, 2 above. */
    static int adaptivePushWidth(int payloadBytes) {
        if (payloadBytes <= 256 * 1024) return 4;
        if (payloadBytes <= 1024 * 1024) return 3;
        return 2;
    }

    /** The knobs at payload size {@code payloadBytes}. */
    Map<String, String> resolve(int payloadBytes) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String word : text.trim().split("\\s+")) {
            switch (word) {
                case "FINAL" -> out.putAll(pairs(FINAL));
                case "FINAL_FROM_512K" -> {
                    if (payloadBytes >= FINAL_FROM_BYTES) out.putAll(pairs(FINAL));
                }
                default -> {
                    String[] kv = split(word);
                    out.put(kv[0], value(kv[1], payloadBytes));
                }
            }
        }
        return out;
    }

    /** The knobs with their symbols unresolved, for the listing; tier 3's conditional FINAL says so. */
    Map<String, String> symbolic() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String word : text.trim().split("\\s+")) {
            switch (word) {
                case "FINAL" -> out.putAll(pairs(FINAL));
                case "FINAL_FROM_512K" -> pairs(FINAL).forEach((k, v) -> out.put(k, v + " if P >= 512 KiB"));
                default -> {
                    String[] kv = split(word);
                    out.put(kv[0], kv[1]);
                }
            }
        }
        return out;
    }

    private static String value(String symbol, int payloadBytes) {
        return switch (symbol) {
            case "K" -> String.valueOf(payloadBytes / 32768);
            case "P/16384" -> String.valueOf(payloadBytes / 16384);
            case "AR" -> String.valueOf(adaptivePushWidth(payloadBytes));
            default -> symbol;
        };
    }

    private static Map<String, String> pairs(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String word : text.split(" ")) {
            String[] kv = split(word);
            out.put(kv[0], kv[1]);
        }
        return out;
    }

    private static String[] split(String word) {
        int eq = word.indexOf('=');
        if (eq <= 0) throw new IllegalStateException("arm table entry '" + word + "' is not NAME=VALUE");
        return new String[] {word.substring(0, eq), word.substring(eq + 1)};
    }

    @Override
    public String toString() {
        return text;
    }
}
