package io.gsnode.tools.results.plot;

import io.gsnode.formats.record.NodeRecord;
import io.gsnode.tools.results.CellRecords;
import java.util.ArrayList;
import java.util.List;

/**
 * The receivers of one arm on one side, pooled over its cells (seeds and runs): the completion
 * times of those that completed, sorted, and how many receivers there were in all. Those that
 * never completed stay in the population, so the curve ends below 1 rather than pretending.
 */
public record CdfSeries(String label, double[] completionMs, int receivers, int cells) {

    public static CdfSeries of(String label, List<CellRecords> cells) {
        List<Double> times = new ArrayList<>();
        int receivers = 0;
        for (CellRecords cell : cells) {
            for (NodeRecord r : cell.records()) {
                if (!r.receiver()) continue;
                receivers++;
                if (r.completed() && r.completionMs() != null) times.add(r.completionMs());
            }
        }
        return new CdfSeries(label, times.stream().mapToDouble(Double::doubleValue).sorted().toArray(), receivers, cells.size());
    }

    public int censored() {
        return receivers - completionMs.length;
    }
}
