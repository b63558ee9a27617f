package io.gsnode.tools.results;

import io.gsnode.formats.record.Build;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The builds a set of cells came from (docs/records.md §5), so that a table never silently mixes
 * the numbers of two builds: a cell's build is the list of its implementations' builds.
 */
public final class CellBuilds {

    private CellBuilds() {}

    /** One cell's builds as one label, for example {@code gsnode 1e93e36deb1d} or {@code gsnode ...; gopeer ...}. */
    public static String label(Cell c) {
        List<Build> builds = c.summary().builds();
        if (builds == null || builds.isEmpty()) return "unknown build (cell older than provenance)";
        List<String> parts = new ArrayList<>();
        for (Build b : builds) parts.add(b.name() + " " + b.shortName());
        return String.join("; ", parts);
    }

    /** The cells' build labels, each with how many cells name it, in label order. */
    public static Map<String, Integer> count(List<Cell> cells) {
        Map<String, Integer> out = new TreeMap<>();
        for (Cell c : cells) out.merge(label(c), 1, Integer::sum);
        return out;
    }

    /** {@code label (k cells), ...} */
    public static String describe(Map<String, Integer> counts) {
        List<String> parts = new ArrayList<>();
        counts.forEach((label, k) -> parts.add(label + " (" + k + (k == 1 ? " cell)" : " cells)")));
        return String.join(", ", parts);
    }
}
