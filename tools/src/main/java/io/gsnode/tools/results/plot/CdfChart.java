package io.gsnode.tools.results.plot;

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

/**
 * Receiver completion CDF: for each arm (and side), the fraction of all receivers complete by each
 * instant after the publish, pooled over seeds and runs. A curve that stops below 100 % has
 * receivers that never completed; the legend says how many.
 */
public final class CdfChart {

    private CdfChart() {}

    /**
     * The CDF of {@code cells}' node records, one curve per arm (in {@code armOrder}, then by name)
     * and, where the cells come from several sides, per side. Cells without node records are left
     * out and counted on {@code err}.
     *
     * @throws InputProblem when the cells differ in n, payload or scenario, or none has records
     */
    public static Chart fromCells(List<Cell> cells, List<String> armOrder, int width, int height, PrintWriter err)
            throws InputProblem {
        int n = Seeds.single(cells, s -> s.identity().n(), "network size", "--n");
        int payload = Seeds.single(cells, s -> s.identity().payloadBytes(), "payload size", "--payload");
        String scenario = Seeds.single(cells, s -> s.identity().scenario(), "scenario", "--scenario");
        SideLabels labels = new SideLabels(cells);
        boolean severalSides = cells.stream().map(labels::of).distinct().count() > 1;
        Map<String, List<CellRecords>> byCurve = new LinkedHashMap<>();
        int withoutRecords = 0;
        for (String arm : Figure1Chart.order(cells, armOrder)) {
            for (Cell c : cells) {
                if (!c.summary().identity().arm().equals(arm)) continue;
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
        return build(series, "n = " + n + ", " + Units.payload(payload) + ", " + scenario,
                cells.get(0).summary().deadlineMs(), width, height);
    }

    /**
     * @param what the cells' common identity for the title, e.g. "n = 500, 1 MiB, home"
     * @param deadlineMs drawn as a dashed line
     */
    public static Chart build(List<CdfSeries> series, String what, long deadlineMs, int width, int height) throws InputProblem {
        if (series.isEmpty()) throw new InputProblem("no receiver records to draw");
        double last = 0;
        for (CdfSeries s : series) if (s.completionMs().length > 0) last = Math.max(last, s.completionMs()[s.completionMs().length - 1]);
        NiceTicks x = NiceTicks.of(0, Math.max(last, deadlineMs) * 1.02 / 1000, 8);
        NiceTicks y = new NiceTicks(0, 100, 20);

        Chart chart = new Chart(width, height, "Receiver completion CDF");
        Legend legend = new Legend();
        for (int i = 0; i < series.size(); i++) {
            CdfSeries s = series.get(i);
            String label = s.label() + " (" + s.receivers() + " receivers, " + s.cells() + (s.cells() == 1 ? " cell" : " cells")
                    + (s.censored() > 0 ? ", " + s.censored() + " never completed" : "") + ")";
            legend.add(Legend.Key.PLAIN_LINE, Palette.colour(i), label);
        }
        legend.add(Legend.Key.DASHED, Rgb.MUTED, "deadline " + Units.seconds(deadlineMs));
        // The legend goes under the axis title, never over the curves: a mostly censored curve runs along the bottom.
        double legendHeight = legend.height(12);
        Panel.requireRoom(width - 96, height - 130 - legendHeight, series.size() + " curves");
        Panel panel = new Panel(72, 70, width - 72 - 24, height - 70 - 60 - legendHeight, x, y);

        chart.bold(width / 2.0, 24, "Receiver completion CDF: " + what, 16, Mark.Anchor.MIDDLE);
        chart.muted(width / 2.0, 44, "fraction of all receivers complete, pooled over seeds and runs; never-completed receivers "
                + "keep the curve below 100 %", 12, Mark.Anchor.MIDDLE);
        panel.axes(chart, true, true, true, x::label, v -> Units.csvNumber(v) + "%");
        chart.text(panel.left + panel.width / 2, panel.bottom() + 38, "time since the publish (s)", Chart.LABEL, Mark.Anchor.MIDDLE);
        chart.upright(20, panel.top + panel.height / 2, "receivers complete (%)", Chart.LABEL);
        double deadline = deadlineMs / 1000.0;
        chart.dashed(panel.px(deadline), panel.top, panel.px(deadline), panel.bottom(), Rgb.MUTED, 1.5);
        for (int i = 0; i < series.size(); i++) steps(chart, panel, series.get(i), Palette.colour(i));
        legend.draw(chart, panel.left, panel.bottom() + 64, 12);
        return chart;
    }

    /** The empirical CDF as a staircase, ending flat at the right edge at its final fraction. */
    private static void steps(Chart chart, Panel panel, CdfSeries s, Rgb colour) {
        if (s.receivers() == 0) return;
        List<double[]> points = new ArrayList<>();
        points.add(new double[] {panel.px(0), panel.py(0)});
        double[] t = s.completionMs();
        int i = 0;
        while (i < t.length) {
            int j = i;
            while (j + 1 < t.length && t[j + 1] == t[i]) j++;
            double px = panel.px(t[i] / 1000);
            points.add(new double[] {px, panel.py(100.0 * i / s.receivers())});
            points.add(new double[] {px, panel.py(100.0 * (j + 1) / s.receivers())});
            i = j + 1;
        }
        points.add(new double[] {panel.px(panel.x.max()), panel.py(100.0 * t.length / s.receivers())});
        chart.add(new Mark.Polyline(points, colour, 2));
    }
}
