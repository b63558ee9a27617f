package io.gsnode.tools.results.compare;

import io.gsnode.tools.results.Cell;
import io.gsnode.tools.results.Medians;
import io.gsnode.tools.results.Stat;
import java.util.List;

/** One seed present on both sides with the same wire form; each side may hold several runs. */
public record SeedPair(long seed, List<Cell> reference, List<Cell> other) {

    /** The reference's statistic for this seed: the median of its runs (docs/arms.md §13 rule 5). */
    public Stat referenceStat(Metric metric) {
        return Medians.median(reference.stream().map(c -> metric.of(c.summary())).toList());
    }

    public Stat otherStat(Metric metric) {
        return Medians.median(other.stream().map(c -> metric.of(c.summary())).toList());
    }
}
