package io.gsnode.tools.results.compare;

import io.gsnode.tools.results.Stat;
import java.util.Locale;

/**
 * A difference from the reference, in percent of the reference (docs/arms.md §13 rule 6), and
 * how it prints: a ratio of 2 or more as a multiplier, ×2.5 rather than +150% (rule 7).
 */
public final class Difference {

    private Difference() {}

    /**
     * (other − reference) / reference × 100. Censored when either side is censored (the
     * difference is then only a bound), missing when either is missing or the reference is 0.
     */
    public static Stat percent(Stat reference, Stat other) {
        if (reference.missing() || other.missing()) return Stat.MISSING;
        if (reference.censored() || other.censored()) return Stat.CENSORED;
        if (reference.value() == 0) return Stat.MISSING;
        return Stat.of((other.value() - reference.value()) / reference.value() * 100);
    }

    /** "+4%", "-34%", "0%", "×2.5", "censored", or "–" when there is no difference to give. */
    public static String format(Stat percent) {
        if (percent.missing()) return "–";
        if (percent.censored()) return "censored";
        double ratio = 1 + percent.value() / 100;
        if (ratio >= 2) return "×" + trim(String.format(Locale.ROOT, "%.1f", ratio));
        long rounded = Math.round(percent.value());
        return rounded == 0 ? "0%" : String.format(Locale.ROOT, "%+d%%", rounded);
    }

    /** ×8 rather than ×8.0, as the report writes it. */
    private static String trim(String number) {
        return number.endsWith(".0") ? number.substring(0, number.length() - 2) : number;
    }
}
