package io.gsnode.tools.results;

import java.util.ArrayList;
import java.util.List;

/** Censoring-aware medians and spreads, the arithmetic of docs/arms.md §13 rule 5. */
public final class Medians {

    private Medians() {}

    /**
     * The median of {@code values}: censored values rank above every number, so the median is
     * censored exactly when its rank falls on one; with an even count it is the mean of the two
     * middle values (censored if either is). Missing when the list is empty or any value is missing.
     */
    public static Stat median(List<Stat> values) {
        if (values.isEmpty() || values.stream().anyMatch(Stat::missing)) return Stat.MISSING;
        List<Double> observed = new ArrayList<>();
        for (Stat s : values) if (s.observed()) observed.add(s.value());
        observed.sort(null);
        int count = values.size();
        int lower = (count - 1) / 2;
        int upper = count / 2;
        if (upper >= observed.size()) return Stat.CENSORED;
        return Stat.of((observed.get(lower) + observed.get(upper)) / 2);
    }

    /**
     * The sample standard deviation (n − 1) of the values; missing unless there are at least two
     * and every one is a number (a censored value has no distance from the others).
     */
    public static Stat standardDeviation(List<Stat> values) {
        if (values.size() < 2 || !values.stream().allMatch(Stat::observed)) return Stat.MISSING;
        double mean = values.stream().mapToDouble(Stat::value).average().orElseThrow();
        double squares = values.stream().mapToDouble(s -> (s.value() - mean) * (s.value() - mean)).sum();
        return Stat.of(Math.sqrt(squares / (values.size() - 1)));
    }
}
