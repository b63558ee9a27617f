package io.gsnode.tools.results.plot;

import io.gsnode.node.record.CellSummary;
import io.gsnode.tools.results.Cell;
import io.gsnode.tools.results.CellRecords;
import io.gsnode.tools.results.InputProblem;
import io.gsnode.tools.results.Seeds;
import io.gsnode.tools.results.Units;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;

/** {@code gsnode plot cdf}: receiver completion CDF per arm (and side), from the node records. */
@Command(name = "cdf", mixinStandardHelpOptions = true,
        description = {"The fraction of receivers complete against time since the publish, one curve per arm (and side), "
                + "pooled over seeds and runs; receivers that never completed keep a curve below 100 %%. Needs node "
                + "records and one n, payload and scenario."})
final class CdfCommand extends PlotSubcommand {

    @Override
    Chart chart(List<Cell> cells, PrintWriter err) throws InputProblem {
        int n = Seeds.single(cells, CellSummary::n, "network size", "--n");
        int payload = Seeds.single(cells, CellSummary::payloadBytes, "payload size", "--payload");
        String scenario = Seeds.single(cells, CellSummary::scenario, "scenario", "--scenario");
        SideLabels labels = new SideLabels(cells);
        boolean severalSides = cells.stream().map(labels::of).distinct().count() > 1;
        Map<String, List<CellRecords>> byCurve = new LinkedHashMap<>();
        int withoutRecords = 0;
        for (String arm : Figure1Chart.order(cells, filter.arms)) {
            for (Cell c : cells) {
                if (!c.summary().arm().equals(arm)) continue;
                Optional<CellRecords> records = CellRecords.read(c.dir());
                if (records.isEmpty()) {
                    withoutRecords++;
                    continue;
                }
                String label = severalSides ? arm + " · " + labels.of(c) : arm;
                byCurve.computeIfAbsent(label, k -> new ArrayList<>()).add(records.get());
            }
        }
        if (withoutRecords > 0) {
            err.println("gsnode plot cdf: " + withoutRecords + " cells have a summary but no node records and are not in the figure");
        }
        List<CdfSeries> series = new ArrayList<>();
        byCurve.forEach((label, records) -> series.add(CdfSeries.of(label, records)));
        return CdfChart.build(series, "n = " + n + ", " + Units.payload(payload) + ", " + scenario,
                cells.get(0).summary().deadlineMs(), width, height);
    }
}
