package io.gsnode.shadow;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Map;

/**
 * Shadow's quantities: an unsigned integer magnitude, optional spaces, a unit. Shadow's
 * regex lets dots through but parses the magnitude as u64, so {@code "12.5 ms"} is a parse error;
 * this class writes integers only and its parser rejects what Shadow's rejects.
 */
public final class ShadowQuantity {

    /** Time units and their length in nanoseconds; plurals are accepted, case matters. */
    private static final Map<String, Long> TIME_NANOS = Map.ofEntries(
            Map.entry("ns", 1L), Map.entry("nanosecond", 1L),
            Map.entry("us", 1_000L), Map.entry("μs", 1_000L), Map.entry("microsecond", 1_000L),
            Map.entry("ms", 1_000_000L), Map.entry("millisecond", 1_000_000L),
            Map.entry("s", 1_000_000_000L), Map.entry("sec", 1_000_000_000L), Map.entry("second", 1_000_000_000L),
            Map.entry("m", 60_000_000_000L), Map.entry("min", 60_000_000_000L), Map.entry("minute", 60_000_000_000L),
            Map.entry("h", 3_600_000_000_000L), Map.entry("hr", 3_600_000_000_000L), Map.entry("hour", 3_600_000_000_000L));

    /** SI and binary prefixes of bandwidth and byte units. */
    private static final Map<String, Long> PREFIXES = Map.ofEntries(
            Map.entry("", 1L),
            Map.entry("K", 1_000L), Map.entry("kilo", 1_000L), Map.entry("Ki", 1L << 10), Map.entry("kibi", 1L << 10),
            Map.entry("M", 1_000_000L), Map.entry("mega", 1_000_000L), Map.entry("Mi", 1L << 20), Map.entry("mebi", 1L << 20),
            Map.entry("G", 1_000_000_000L), Map.entry("giga", 1_000_000_000L), Map.entry("Gi", 1L << 30), Map.entry("gibi", 1L << 30),
            Map.entry("T", 1_000_000_000_000L), Map.entry("tera", 1_000_000_000_000L), Map.entry("Ti", 1L << 40),
            Map.entry("tebi", 1L << 40));

    private ShadowQuantity() {
    }

    /**
     * A time field of the config, as written ({@code "78000 ms"}, or a bare integer of seconds) and
     * in nanoseconds; one Shadow would refuse cannot be made.
     */
    public record Time(@JsonValue String text, long nanos) {

        public Time {
            if (nanos != parseTimeNanos(text)) throw new IllegalArgumentException("'" + text + "' is not " + nanos + " ns");
        }

        @JsonCreator
        static Time parse(String text) {
            return new Time(text, parseTimeNanos(text));
        }

        @JsonCreator
        static Time seconds(long seconds) {
            return parse(Long.toString(seconds));
        }

        public static Time ofMillis(long millis) {
            return parse(ShadowQuantity.millis(millis));
        }

        public static Time ofMicros(long micros) {
            return parse(ShadowQuantity.micros(micros));
        }
    }

    /** A size field of the config, as written ({@code "131072 B"}, or a bare integer of bytes) and in bytes. */
    public record Size(@JsonValue String text, long bytes) {

        public Size {
            if (bytes != parseSize(text)) throw new IllegalArgumentException("'" + text + "' is not " + bytes + " B");
        }

        @JsonCreator
        static Size parse(String text) {
            return new Size(text, parseSize(text));
        }

        @JsonCreator
        static Size ofBytes(long bytes) {
            return parse(ShadowQuantity.bytes(bytes));
        }

        /** A bare integer is bytes, as in Shadow. */
        private static long parseSize(String text) {
            String t = text.strip();
            return !t.isEmpty() && t.chars().allMatch(Character::isDigit) ? Long.parseLong(t) : parseBytes(text);
        }
    }

    /** A time of {@code micros} microseconds, e.g. {@code "42150 us"}. */
    public static String micros(long micros) {
        if (micros < 0) throw new IllegalArgumentException("a time must not be negative, was " + micros + " us");
        return micros + " us";
    }

    /** A time of {@code millis} milliseconds, e.g. {@code "120000 ms"}. */
    public static String millis(long millis) {
        if (millis < 0) throw new IllegalArgumentException("a time must not be negative, was " + millis + " ms");
        return millis + " ms";
    }

    /**
     * A bandwidth of {@code bitsPerSecond}, e.g. {@code "50000000 bit"}: Shadow wants a whole
     * number of bytes per second.
     */
    public static String bits(long bitsPerSecond) {
        if (bitsPerSecond < 8 || bitsPerSecond % 8 != 0) {
            throw new IllegalArgumentException("Shadow needs a bandwidth that is a positive multiple of 8 bit/s, was " + bitsPerSecond);
        }
        return bitsPerSecond + " bit";
    }

    /** A size of {@code bytes} bytes, e.g. {@code "131072 B"}. */
    public static String bytes(long bytes) {
        if (bytes < 0) throw new IllegalArgumentException("a size must not be negative, was " + bytes);
        return bytes + " B";
    }

    /**
     * Parses a time as Shadow does: nanoseconds; a bare integer means seconds.
     *
     * @throws IllegalArgumentException naming the value and the rule it breaks
     */
    public static long parseTimeNanos(String text) {
        Parts m = match(text, "time");
        String unit = m.unit().isEmpty() ? "s" : m.unit();
        Long scale = TIME_NANOS.get(unit);
        if (scale == null && unit.endsWith("s")) scale = TIME_NANOS.get(unit.substring(0, unit.length() - 1));
        if (scale == null) throw new IllegalArgumentException("'" + text + "': unknown time unit '" + unit + "'");
        return times(magnitude(m, text), scale, text);
    }

    /** Parses a bandwidth in bits per second; it must be a multiple of 8. */
    public static long parseBitsPerSecond(String text) {
        Parts m = match(text, "bandwidth");
        long bits = times(magnitude(m, text), prefixed(m.unit(), text, "bit", "bits"), text);
        if (bits % 8 != 0) throw new IllegalArgumentException("'" + text + "': a bandwidth must be divisible by 8 bit/s");
        return bits;
    }

    /** Parses a size in bytes. */
    public static long parseBytes(String text) {
        Parts m = match(text, "size");
        return times(magnitude(m, text), prefixed(m.unit(), text, "B", "byte", "bytes"), text);
    }

    /** A quantity split as Shadow's regex {@code ([0-9.]+) *([A-Za-zμ]*)} splits it. */
    private record Parts(String magnitude, String unit) {
    }

    /** By hand rather than by regex: a graph at N = 2000 has 4 M latencies to check. */
    private static Parts match(String text, String what) {
        String t = text.strip();
        int i = 0;
        while (i < t.length() && (Character.isDigit(t.charAt(i)) || t.charAt(i) == '.')) i++;
        int digitsEnd = i;
        while (i < t.length() && t.charAt(i) == ' ') i++;
        int unitStart = i;
        while (i < t.length() && (Character.isLetter(t.charAt(i)))) i++;
        if (digitsEnd == 0 || i != t.length()) {
            throw new IllegalArgumentException("'" + text + "' is not a Shadow " + what + " (integer, optional spaces, unit)");
        }
        return new Parts(t.substring(0, digitsEnd), t.substring(unitStart));
    }

    private static long magnitude(Parts m, String text) {
        String digits = m.magnitude();
        long v = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') {
                // Shadow: the magnitude is a u64, so "12.5" fails even though its regex let it through.
                throw new IllegalArgumentException("'" + text + "': the magnitude must be an unsigned integer (Shadow parses it as u64)");
            }
            v = times(v, 10, text) + (c - '0');
            if (v < 0) throw tooLarge(text);
        }
        return v;
    }

    /** {@code a * b} of two non-negative numbers, refused when it does not fit a long. */
    private static long times(long a, long b, String text) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException overflow) {
            throw tooLarge(text);
        }
    }

    private static IllegalArgumentException tooLarge(String text) {
        return new IllegalArgumentException("'" + text + "' is too large (at most " + Long.MAX_VALUE + " in the base unit)");
    }

    private static long prefixed(String unit, String text, String... bases) {
        for (String base : bases) {
            if (unit.endsWith(base)) {
                Long p = PREFIXES.get(unit.substring(0, unit.length() - base.length()));
                if (p != null) return p;
            }
        }
        throw new IllegalArgumentException("'" + text + "': unknown unit '" + unit + "' (want " + String.join("/", bases)
                + " with an optional K, M, G, T, Ki, Mi, Gi or Ti prefix)");
    }
}
