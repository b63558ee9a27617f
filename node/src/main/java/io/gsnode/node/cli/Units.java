package io.gsnode.node.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * One way to write a size or a time in every command (docs/README.md, "units"): a size in bytes,
 * or with {@code KiB}, {@code MiB} or {@code GiB} ({@code 1MiB}, {@code 64KiB}); a time in the
 * option's own unit when bare, or with {@code ms}, {@code s} or {@code m} ({@code 250ms}, {@code 8s}).
 */
public final class Units {

    private static final Pattern SIZE = Pattern.compile("([0-9]+)\\s*(B|KiB|MiB|GiB)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern TIME = Pattern.compile("([0-9]+)\\s*(ms|s|m)?", Pattern.CASE_INSENSITIVE);

    private Units() {}

    /** A size in bytes: {@code 1048576}, {@code 1MiB}. */
    public static long bytes(String text) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) throw new TypeConversionException("'" + text + "' is not a size (bytes, or with KiB, MiB, GiB: 1MiB)");
        long unit = m.group(2) == null ? 1 : switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "kib" -> 1L << 10;
            case "mib" -> 1L << 20;
            case "gib" -> 1L << 30;
            default -> 1;
        };
        try {
            return Math.multiplyExact(Long.parseLong(m.group(1)), unit);
        } catch (ArithmeticException | NumberFormatException e) {
            throw new TypeConversionException("'" + text + "' is too large");
        }
    }

    /** A time in milliseconds; a bare number is {@code bareUnitMs} milliseconds each (1 for ms options, 1000 for s ones). */
    public static long millis(String text, long bareUnitMs) {
        Matcher m = TIME.matcher(text.trim());
        if (!m.matches()) throw new TypeConversionException("'" + text + "' is not a time (a number, or with ms, s, m: 250ms, 8s)");
        long unit = m.group(2) == null ? bareUnitMs : switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "ms" -> 1;
            case "s" -> 1000;
            default -> 60_000;
        };
        try {
            return Math.multiplyExact(Long.parseLong(m.group(1)), unit);
        } catch (ArithmeticException | NumberFormatException e) {
            throw new TypeConversionException("'" + text + "' is too long");
        }
    }

    /** An {@code int} size option. */
    public static final class IntBytes implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            long v = bytes(value);
            if (v > Integer.MAX_VALUE) throw new TypeConversionException("'" + value + "' is too large (at most 2 GiB - 1)");
            return (int) v;
        }
    }

    /** A {@code long} size option. */
    public static final class LongBytes implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return bytes(value);
        }
    }

    /** A time option in milliseconds (bare numbers are milliseconds). */
    public static final class Millis implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return millis(value, 1);
        }
    }

    /** A time option in seconds (bare numbers are seconds; {@code 90s}, {@code 10m}, {@code 500ms} read as such). */
    public static final class Seconds implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            long ms = millis(value, 1000);
            if (ms % 1000 != 0) throw new TypeConversionException("'" + value + "' is not a whole number of seconds");
            return ms / 1000;
        }
    }
}
