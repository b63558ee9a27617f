package io.gsnode.tools.results.compare;

import io.gsnode.tools.results.Medians;
import io.gsnode.tools.results.Stat;
import java.util.ArrayList;
import java.util.List;

/**
 * One metric of one row: each side's median across the paired seeds of each seed's statistic
 * (itself the median of that seed's runs), the difference of those medians, and the per-seed
 * differences (docs/arms.md §13 rules 5 and 6).
 */
public record MetricComparison(Metric metric, Stat reference, Stat other, Stat difference, PerSeedDifference perSeed) {

    public static MetricComparison of(Metric metric, List<SeedPair> seeds) {
        List<Stat> refs = new ArrayList<>();
        List<Stat> others = new ArrayList<>();
        List<Stat> differences = new ArrayList<>();
        for (SeedPair pair : seeds) {
            Stat r = pair.referenceStat(metric);
            Stat o = pair.otherStat(metric);
            refs.add(r);
            others.add(o);
            differences.add(Difference.percent(r, o));
        }
        Stat ref = Medians.median(refs);
        Stat other = Medians.median(others);
        return new MetricComparison(metric, ref, other, Difference.percent(ref, other), PerSeedDifference.of(differences));
    }
}
