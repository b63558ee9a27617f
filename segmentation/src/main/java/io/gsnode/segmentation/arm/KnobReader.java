package io.gsnode.segmentation.arm;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/** Typed reads of {@code SEGMENT_*} knobs from text, each failure naming the knob, its value and the allowed range. */
final class KnobReader {

    private final Map<String, String> env;

    KnobReader(Map<String, String> env) {
        this.env = env;
    }

    /** Set means present with a non-blank value; a blank value reads as unset, as go's {@code os.Getenv(k) != ""}. */
    boolean isSet(String name) {
        String v = env.get(name);
        return v != null && !v.isBlank();
    }

    String text(String name, String fallback) {
        return isSet(name) ? env.get(name).trim() : fallback;
    }

    /**
     * A switch: {@code 1/true/yes/on} or {@code 0/false/no/off}. Deviation: the reference treats
     * any non-empty value, {@code 0} included, as on; gsnode reads {@code 0} as off and refuses
     * anything else.
     */
    boolean flag(String name) {
        if (!isSet(name)) return false;
        String v = env.get(name).trim().toLowerCase(Locale.ROOT);
        return switch (v) {
            case "1", "true", "yes", "on" -> true;
            case "0", "false", "no", "off" -> false;
            default -> throw new InvalidKnobException(name + "=" + env.get(name) + ": want 1 or 0");
        };
    }

    /** An integer in [min, max], or {@code fallback} when unset. */
    int integer(String name, int fallback, int min, int max) {
        if (!isSet(name)) return fallback;
        return requireInteger(name, min, max);
    }

    Integer optionalInteger(String name, int min, int max) {
        return isSet(name) ? requireInteger(name, min, max) : null;
    }

    long longValue(String name, long fallback) {
        if (!isSet(name)) return fallback;
        try {
            return Long.parseLong(env.get(name).trim());
        } catch (NumberFormatException e) {
            throw new InvalidKnobException(name + "=" + env.get(name) + ": not an integer");
        }
    }

    /** Milliseconds, positive, as a duration; {@code fallback} when unset. */
    Duration millis(String name, Duration fallback) {
        if (!isSet(name)) return fallback;
        return Duration.ofMillis(requireInteger(name, 1, Integer.MAX_VALUE));
    }

    private int requireInteger(String name, int min, int max) {
        String v = env.get(name).trim();
        long parsed;
        try {
            parsed = Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new InvalidKnobException(name + "=" + v + ": not an integer (allowed " + range(min, max) + ")");
        }
        if (parsed < min || parsed > max) {
            throw new InvalidKnobException(name + "=" + v + ": out of range (allowed " + range(min, max) + ")");
        }
        return (int) parsed;
    }

    private static String range(int min, int max) {
        return max == Integer.MAX_VALUE ? ">= " + min : min + ".." + max;
    }
}
