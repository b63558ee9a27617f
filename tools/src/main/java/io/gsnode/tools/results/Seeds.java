package io.gsnode.tools.results;

import io.gsnode.formats.record.CellSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/** Per-seed statistics of one side's cells: each seed's value is the median of its runs (docs/arms.md §13 rule 5). */
public final class Seeds {

    private Seeds() {}

    /** One value per seed, in seed order. */
    public static List<Stat> perSeed(List<Cell> cells, Function<CellSummary, Stat> statistic) {
        Map<Long, List<Stat>> runs = new TreeMap<>();
        for (Cell c : cells) runs.computeIfAbsent(c.summary().identity().seed(), s -> new ArrayList<>()).add(statistic.apply(c.summary()));
        return runs.values().stream().map(Medians::median).toList();
    }

    /** The median across seeds of each seed's statistic. */
    public static Stat median(List<Cell> cells, Function<CellSummary, Stat> statistic) {
        return Medians.median(perSeed(cells, statistic));
    }

    public static int count(List<Cell> cells) {
        return (int) cells.stream().mapToLong(c -> c.summary().identity().seed()).distinct().count();
    }

    /** The one value every cell has for {@code field}, or a problem naming the values and the filter that picks one. */
    public static <T> T single(List<Cell> cells, Function<CellSummary, T> field, String what, String option) throws InputProblem {
        List<T> values = cells.stream().map(c -> field.apply(c.summary())).distinct().toList();
        if (values.size() != 1) {
            throw new InputProblem("this figure needs one " + what + ", the cells have " + values + "; choose one with " + option);
        }
        return values.get(0);
    }
}
