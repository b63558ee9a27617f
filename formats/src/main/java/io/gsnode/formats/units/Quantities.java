package io.gsnode.formats.units;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes and times as every command writes them (docs/README.md, "One vocabulary"): a size in bytes,
 * or with {@code KiB}, {@code MiB} or {@code GiB} ({@code 1MiB}); a time in the option's own unit
 * when bare, or with {@code ms}, {@code s} or {@code m} ({@code 250ms}, {@code 8s}). Here, below the
 * commands, so that the node's options and the results tools' filters read them alike.
 */
public final class Quantities {

    private static final Pattern SIZE = Pattern.compile("([0-9]+)\\s*(B|KiB|MiB|GiB)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern TIME = Pattern.compile("([0-9]+)\\s*(ms|s|m)?", Pattern.CASE_INSENSITIVE);

    private Quantities() {}

    /** A size in bytes. @throws IllegalArgumentException naming the text when it is not one */
    public static long bytes(String text) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) throw new IllegalArgumentException("'" + text + "' is not a size (bytes, or with KiB, MiB, GiB: 1MiB)");
        long unit = m.group(2) == null ? 1 : switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "kib" -> 1L << 10;
            case "mib" -> 1L << 20;
            case "gib" -> 1L << 30;
            default -> 1;
        };
        try {
            return Math.multiplyExact(Long.parseLong(m.group(1)), unit);
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is too large");
        }
    }

    /** A size that fits an {@code int}. */
    public static int intBytes(String text) {
        long v = bytes(text);
        if (v > Integer.MAX_VALUE) throw new IllegalArgumentException("'" + text + "' is too large (at most 2 GiB - 1)");
        return (int) v;
    }

    /**
     * A time in milliseconds; a bare number is {@code bareUnitMs} milliseconds each (1 for ms
     * options, 1000 for s ones). @throws IllegalArgumentException naming the text when it is not one
     */
    public static long millis(String text, long bareUnitMs) {
        Matcher m = TIME.matcher(text.trim());
        if (!m.matches()) throw new IllegalArgumentException("'" + text + "' is not a time (a number, or with ms, s, m: 250ms, 8s)");
        long unit = m.group(2) == null ? bareUnitMs : switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "ms" -> 1;
            case "s" -> 1000;
            default -> 60_000;
        };
        try {
            return Math.multiplyExact(Long.parseLong(m.group(1)), unit);
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is too long");
        }
    }
}
