package io.gsnode.tools.results.compare;

import io.gsnode.tools.results.Stat;
import io.gsnode.tools.results.Units;
import java.util.Locale;

/** How a side's median prints in the markdown tables, by the metric's unit. */
final class ValueFormat {

    private ValueFormat() {}

    static String format(Stat s, Metric.Unit unit) {
        if (s.missing()) return "–";
        if (s.censored()) return "censored";
        return switch (unit) {
            case MS -> Units.millis(s.value());
            case BYTES -> Units.bytes(s.value());
            case COUNT -> String.format(Locale.ROOT, "%.1f", s.value()).replaceAll("\\.0$", "");
            case FRACTION -> String.format(Locale.ROOT, "%.1f%%", s.value() * 100);
        };
    }

    static String unitName(Metric.Unit unit) {
        return switch (unit) {
            case MS -> "ms";
            case BYTES -> "bytes";
            case COUNT -> "count";
            case FRACTION -> "fraction";
        };
    }
}
