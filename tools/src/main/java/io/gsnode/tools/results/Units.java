package io.gsnode.tools.results;

import java.math.BigDecimal;
import java.util.Locale;

/** How results print sizes and times, so tables and figures agree. */
public final class Units {

    private Units() {}

    /** A payload size as the report writes it: 1 MiB, 128 KiB, or bytes when neither is exact. */
    public static String payload(long bytes) {
        if (bytes > 0 && bytes % (1 << 20) == 0) return bytes / (1 << 20) + " MiB";
        if (bytes > 0 && bytes % 1024 == 0) return bytes / 1024 + " KiB";
        return bytes + " B";
    }

    public static String bytes(double b) {
        if (Math.abs(b) >= 1 << 20) return String.format(Locale.ROOT, "%.2f MiB", b / (1 << 20));
        if (Math.abs(b) >= 1024) return String.format(Locale.ROOT, "%.1f KiB", b / 1024);
        return String.format(Locale.ROOT, "%.0f B", b);
    }

    /** 3000 → "3 s", 2500 → "2.5 s". */
    public static String seconds(long ms) {
        return BigDecimal.valueOf(ms).movePointLeft(3).stripTrailingZeros().toPlainString() + " s";
    }

    public static String millis(double ms) {
        return String.format(Locale.ROOT, "%.0f", ms);
    }

    /** A plain number for CSV: no grouping, '.' as the decimal point, no exponent for ordinary sizes. */
    public static String csvNumber(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
        return String.format(Locale.ROOT, "%.6f", v).replaceAll("0+$", "");
    }
}
