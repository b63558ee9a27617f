package io.gsnode.tools.results;

import java.util.Locale;

/**
 * One statistic of one cell, seed or side: a number, censored (it lies beyond what the cell
 * observed, e.g. a p99 among receivers that never completed), or missing (the counter was not
 * recorded). Censored values sort above every number; a missing one makes anything computed
 * from it missing. Neither is ever replaced by a number.
 */
public record Stat(Kind kind, double value) {

    public enum Kind { OBSERVED, CENSORED, MISSING }

    public static final Stat CENSORED = new Stat(Kind.CENSORED, Double.NaN);
    public static final Stat MISSING = new Stat(Kind.MISSING, Double.NaN);

    public static Stat of(double value) {
        if (Double.isNaN(value)) throw new IllegalArgumentException("a statistic is a number, censored or missing, not NaN");
        return new Stat(Kind.OBSERVED, value);
    }

    /** A quantile of a cell summary: null there means censored (CellSummary's contract). */
    public static Stat quantile(Double ms) {
        return ms == null ? CENSORED : of(ms);
    }

    /** A counter of a cell summary: null there means not recorded. */
    public static Stat counter(Number value) {
        return value == null ? MISSING : of(value.doubleValue());
    }

    public boolean observed() {
        return kind == Kind.OBSERVED;
    }

    public boolean censored() {
        return kind == Kind.CENSORED;
    }

    public boolean missing() {
        return kind == Kind.MISSING;
    }

    @Override
    public String toString() {
        return switch (kind) {
            case OBSERVED -> String.format(Locale.ROOT, "%s", value);
            case CENSORED -> "censored";
            case MISSING -> "missing";
        };
    }
}
