package io.gsnode.tools.results.compare;

import io.gsnode.tools.results.Medians;
import io.gsnode.tools.results.Stat;
import java.util.List;

/**
 * The per-seed differences of one metric (docs/arms.md §13 rule 6, the report's netns statistic):
 * their median across seeds and their min-to-max range. When a seed's difference is censored or
 * missing, the three are too, and {@code censoredSeeds}/{@code missingSeeds} say how many seeds
 * were the cause; a bound is never printed as a value.
 */
public record PerSeedDifference(int seeds, int censoredSeeds, int missingSeeds, Stat median, Stat min, Stat max) {

    public static PerSeedDifference of(List<Stat> differences) {
        int censored = (int) differences.stream().filter(Stat::censored).count();
        int missing = (int) differences.stream().filter(Stat::missing).count();
        if (missing > 0) return new PerSeedDifference(differences.size(), censored, missing, Stat.MISSING, Stat.MISSING, Stat.MISSING);
        if (censored > 0) return new PerSeedDifference(differences.size(), censored, 0, Stat.CENSORED, Stat.CENSORED, Stat.CENSORED);
        double min = differences.stream().mapToDouble(Stat::value).min().orElseThrow();
        double max = differences.stream().mapToDouble(Stat::value).max().orElseThrow();
        return new PerSeedDifference(differences.size(), 0, 0, Medians.median(differences), Stat.of(min), Stat.of(max));
    }

    /** "+4% [0% to +13%]", "censored at 2 of 10 seeds", or "–". */
    public String format() {
        if (missingSeeds > 0) return "–";
        if (censoredSeeds > 0) return "censored at " + censoredSeeds + " of " + seeds + " seeds";
        return Difference.format(median) + " [" + Difference.format(min) + " to " + Difference.format(max) + "]";
    }
}
