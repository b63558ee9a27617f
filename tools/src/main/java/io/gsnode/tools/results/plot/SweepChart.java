package io.gsnode.tools.results.plot;

import io.gsnode.formats.record.CellSummary;
import io.gsnode.tools.results.Cell;
import io.gsnode.tools.results.InputProblem;
import io.gsnode.tools.results.Seeds;
import io.gsnode.tools.results.Stat;
import io.gsnode.tools.results.Units;
import io.gsnode.tools.results.compare.Metric;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * The report's Figures 8 and 9: one line per arm against network size or payload size, one
 * column per side, rows p50, p99, bytes received per node and control bytes received per node.
 * Each point is the median across seeds of each seed's median over its runs; a censored point
 * is a hollow triangle at its panel's top and breaks the line.
 */
public final class SweepChart {

    /** What the x axis sweeps. */
    public enum Axis {
        N("network size (nodes)", s -> s.identity().n(), 1),
        PAYLOAD("payload size (KiB)", s -> s.identity().payloadBytes(), 1024);

        final String title;
        final ToIntFunction<CellSummary> field;
        final double divisor;

        Axis(String title, ToIntFunction<CellSummary> field, double divisor) {
            this.title = title;
            this.field = field;
            this.divisor = divisor;
        }

        /** The name on the command line ({@code gsnode plot sweep --x n|payload}). */
        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private record Row(String title, Function<CellSummary, Stat> statistic, double divisor) {}

    private SweepChart() {}

    public static Chart build(List<Cell> cells, Axis axis, List<String> armOrder, int width, int height) throws InputProblem {
        if (cells.isEmpty()) throw new InputProblem("no cell to draw");
        String fixed;
        if (axis == Axis.N) {
            fixed = Units.payload(Seeds.single(cells, s -> s.identity().payloadBytes(), "payload size", "--payload"));
        } else {
            fixed = "n = " + Seeds.single(cells, s -> s.identity().n(), "network size", "--n");
        }
        String scenario = Seeds.single(cells, s -> s.identity().scenario(), "scenario", "--scenario");
        boolean socket = cells.stream().allMatch(c -> c.summary().medianRxBytes() != null);
        List<Row> rows = List.of(
                new Row("p50 (s)", Metric.P50::of, 1000),
                new Row("p99 (s)", Metric.P99::of, 1000),
                new Row(socket ? "received/node, socket (MiB)" : "received/node, gossip data (MiB)",
                        socket ? Metric.RX_SOCKET::of : Metric.RX_DATA::of, 1 << 20),
                new Row("control received/node (KiB)", Metric.RX_CONTROL::of, 1024));
        SideLabels labels = new SideLabels(cells);
        List<String> sides = new ArrayList<>(new LinkedHashSet<>(cells.stream().map(labels::of).toList()));
        List<String> arms = Figure1Chart.order(cells, armOrder);
        TreeSet<Integer> xs = new TreeSet<>(cells.stream().map(c -> axis.field.applyAsInt(c.summary())).toList());

        // points[row][side][arm][x]
        Stat[][][][] points = new Stat[rows.size()][sides.size()][arms.size()][xs.size()];
        double[] rowTop = new double[rows.size()];
        List<Integer> xList = new ArrayList<>(xs);
        for (int r = 0; r < rows.size(); r++) {
            for (int s = 0; s < sides.size(); s++) {
                for (int a = 0; a < arms.size(); a++) {
                    for (int i = 0; i < xList.size(); i++) {
                        final int si = s, ai = a, xi = i;
                        List<Cell> mine = cells.stream().filter(c -> labels.of(c).equals(sides.get(si))
                                && c.summary().identity().arm().equals(arms.get(ai)) && axis.field.applyAsInt(c.summary()) == xList.get(xi)).toList();
                        Stat p = mine.isEmpty() ? Stat.MISSING : Seeds.median(mine, rows.get(r).statistic());
                        points[r][s][a][i] = p;
                        if (p.observed()) rowTop[r] = Math.max(rowTop[r], p.value() / rows.get(r).divisor());
                    }
                }
            }
        }

        Chart chart = new Chart(width, height, "Sweep against " + axis.title);
        Legend legend = new Legend();
        for (int a = 0; a < arms.size(); a++) legend.add(Legend.Key.LINE, Palette.colour(a), arms.get(a));
        legend.add(Legend.Key.CENSORED, Rgb.BLACK, "censored: beyond the observation");
        double legendWidth = legend.width(Chart.LABEL);
        double left = 78;
        double top = 84;
        double gap = 40;
        double rowGap = 26;
        double columnWidth = (width - left - legendWidth - 30 - gap * (sides.size() - 1)) / sides.size();
        double rowHeight = (height - top - 56 - rowGap * (rows.size() - 1)) / rows.size();
        Panel.requireRoom(columnWidth, rowHeight, sides.size() + " sides and " + arms.size() + " arms");
        // A margin either side keeps the first and last points off the frame.
        double xMin = xs.first() / axis.divisor;
        double xMax = xs.last() / axis.divisor;
        double pad = Math.max(xMax - xMin, xMax) * 0.05;
        NiceTicks x = axis == Axis.N ? NiceTicks.integers(Math.max(0, xMin - pad), xMax + pad, 5) : NiceTicks.of(Math.max(0, xMin - pad), xMax + pad, 5);

        chart.bold(width / 2.0, 24, "Against " + axis.title.replaceAll(" \\(.*", "") + ": " + fixed + ", " + scenario, 16, Mark.Anchor.MIDDLE);
        chart.muted(width / 2.0, 44, "each point: median across seeds of each seed's median over its runs; one column per side", 12,
                Mark.Anchor.MIDDLE);
        for (int s = 0; s < sides.size(); s++) {
            double columnLeft = left + s * (columnWidth + gap);
            chart.bold(columnLeft + columnWidth / 2, top - 10, sides.get(s), Chart.LABEL, Mark.Anchor.MIDDLE);
            for (int r = 0; r < rows.size(); r++) {
                NiceTicks y = NiceTicks.of(0, Math.max(rowTop[r], 1e-9) * 1.08, 4);
                Panel panel = new Panel(columnLeft, top + r * (rowHeight + rowGap), columnWidth, rowHeight, x, y);
                boolean lastRow = r == rows.size() - 1;
                panel.axes(chart, true, lastRow, s == 0, x::label, y::label);
                if (s == 0) chart.upright(16, panel.top + panel.height / 2, rows.get(r).title(), 11);
                for (int a = 0; a < arms.size(); a++) series(chart, panel, xList, axis.divisor, points[r][s][a], rows.get(r).divisor(), Palette.colour(a));
            }
        }
        chart.text(left + (width - left - legendWidth - 30) / 2, height - 14, axis.title, Chart.LABEL, Mark.Anchor.MIDDLE);
        legend.draw(chart, width - legendWidth - 10, top + 10, Chart.LABEL);
        return chart;
    }

    private static void series(Chart chart, Panel panel, List<Integer> xs, double xDivisor, Stat[] values, double yDivisor, Rgb colour) {
        List<double[]> run = new ArrayList<>();
        for (int i = 0; i < xs.size(); i++) {
            Stat v = values[i];
            double px = panel.px(xs.get(i) / xDivisor);
            if (v.observed()) {
                run.add(new double[] {px, panel.py(v.value() / yDivisor)});
                continue;
            }
            flush(chart, run, colour);
            if (v.censored()) chart.add(new Mark.Marker(px, panel.top + 7, Mark.Shape.TRIANGLE_UP, 10, colour, false));
        }
        flush(chart, run, colour);
    }

    private static void flush(Chart chart, List<double[]> run, Rgb colour) {
        if (run.size() > 1) chart.add(new Mark.Polyline(run, colour, 2));
        for (double[] p : run) chart.add(new Mark.Marker(p[0], p[1], Mark.Shape.CIRCLE, 6, colour, true));
        run.clear();
    }
}
