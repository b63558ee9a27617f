package io.gsnode.tools.results.plot;

import io.gsnode.tools.results.Cell;
import io.gsnode.tools.results.InputProblem;
import io.gsnode.tools.results.Medians;
import io.gsnode.tools.results.Seeds;
import io.gsnode.tools.results.Stat;
import io.gsnode.tools.results.Units;
import io.gsnode.tools.results.compare.Metric;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Figure 1 of the report: per arm, one bar per side (backend, transport or queue) at the receivers'
 * p99, a tick at their p50 and a whisker of ±1 s.d. of p99 across seeds. Bar and tick are medians
 * across seeds of each seed's median over its runs, as in the tables.
 */
public final class Figure1Chart {

    /** One bar: an arm on one side. */
    record Bar(Stat p99, Stat p50, Stat sd, int seeds) {}

    private Figure1Chart() {}

    /** @param armOrder arms in the order to draw them (others follow by name); may be empty */
    public static Chart build(List<Cell> cells, List<String> armOrder, int width, int height) throws InputProblem {
        if (cells.isEmpty()) throw new InputProblem("no cell to draw");
        int n = Seeds.single(cells, s -> s.identity().n(), "network size", "--n");
        int payload = Seeds.single(cells, s -> s.identity().payloadBytes(), "payload size", "--payload");
        String scenario = Seeds.single(cells, s -> s.identity().scenario(), "scenario", "--scenario");
        SideLabels labels = new SideLabels(cells);
        List<String> arms = order(cells, armOrder);
        // Sides in the order the command line gave them.
        List<String> sides = new ArrayList<>(new LinkedHashSet<>(cells.stream().map(labels::of).toList()));
        Map<String, Map<String, Bar>> bars = new LinkedHashMap<>();
        double top = 0;
        int minSeeds = Integer.MAX_VALUE;
        int maxSeeds = 0;
        for (String arm : arms) {
            Map<String, Bar> row = new LinkedHashMap<>();
            for (String side : sides) {
                List<Cell> mine = cells.stream().filter(c -> c.summary().identity().arm().equals(arm) && labels.of(c).equals(side)).toList();
                if (mine.isEmpty()) continue;
                List<Stat> p99s = Seeds.perSeed(mine, Metric.P99::of);
                Bar bar = new Bar(Medians.median(p99s), Seeds.median(mine, Metric.P50::of), Medians.standardDeviation(p99s), p99s.size());
                row.put(side, bar);
                minSeeds = Math.min(minSeeds, bar.seeds());
                maxSeeds = Math.max(maxSeeds, bar.seeds());
                if (bar.p99().observed()) top = Math.max(top, bar.p99().value() + (bar.sd().observed() ? bar.sd().value() : 0));
                if (bar.p50().observed()) top = Math.max(top, bar.p50().value());
            }
            bars.put(arm, row);
        }
        long deadlineMs = cells.get(0).summary().deadlineMs();
        NiceTicks y = NiceTicks.of(0, Math.max(top, 1) * 1.05 / 1000, 6);

        Chart chart = new Chart(width, height, "Receiver completion by arm");
        Legend legend = new Legend();
        for (int i = 0; i < sides.size(); i++) legend.add(Legend.Key.SWATCH, Palette.colour(i), sides.get(i));
        legend.add(Legend.Key.TICK, Rgb.BLACK, "p50");
        if (maxSeeds > 1) legend.add(Legend.Key.WHISKER, Rgb.BLACK, "±1 s.d. of p99 across seeds");
        legend.add(Legend.Key.CENSORED, Rgb.BLACK, "p99 censored (pale bar)");
        if (deadlineMs / 1000.0 <= y.max()) legend.add(Legend.Key.DASHED, Rgb.MUTED, "deadline " + Units.seconds(deadlineMs));
        double legendWidth = legend.width(Chart.LABEL);
        Panel.requireRoom(width - 102 - legendWidth, height - 142, sides.size() + " sides");
        Panel panel = new Panel(72, 78, width - 72 - legendWidth - 30, height - 78 - 64, new NiceTicks(0, 1, 1), y);

        chart.bold(width / 2.0, 24, "Receiver completion by arm: n = " + n + ", " + Units.payload(payload) + ", " + scenario, 16, Mark.Anchor.MIDDLE);
        chart.muted(width / 2.0, 44, "bars: p99, ticks: p50, medians across seeds (" + seedRange(minSeeds, maxSeeds)
                + "); whiskers: ±1 s.d. of p99 across seeds", 12, Mark.Anchor.MIDDLE);
        panel.axes(chart, false, false, true, v -> "", y::label);
        chart.upright(20, panel.top + panel.height / 2, "receiver completion time (s)", Chart.LABEL);
        if (deadlineMs / 1000.0 <= y.max()) {
            chart.dashed(panel.left, panel.py(deadlineMs / 1000.0), panel.left + panel.width, panel.py(deadlineMs / 1000.0), Rgb.MUTED, 1.5);
        }

        double group = panel.width / arms.size();
        double barWidth = group * 0.8 / sides.size();
        for (int a = 0; a < arms.size(); a++) {
            double groupLeft = panel.left + a * group + group * 0.1;
            armLabel(chart, arms.get(a), panel.left + (a + 0.5) * group, panel.bottom(), group);
            for (int s = 0; s < sides.size(); s++) {
                Bar bar = bars.get(arms.get(a)).get(sides.get(s));
                if (bar == null) continue;
                drawBar(chart, panel, bar, groupLeft + s * barWidth, barWidth, Palette.colour(s));
            }
        }
        legend.draw(chart, width - legendWidth - 10, panel.top + 10, Chart.LABEL);
        return chart;
    }

    private static void drawBar(Chart chart, Panel panel, Bar bar, double x, double w, Rgb colour) {
        double inset = Math.min(3, w * 0.1);
        double left = x + inset;
        double width = w - 2 * inset;
        double centre = x + w / 2;
        if (!bar.p99().observed()) {
            // A censored p99 has no height; a pale bar to the top with the censored marker says so.
            chart.rect(left, panel.top, width, panel.height, colour.lighter(0.75), colour);
            chart.add(new Mark.Marker(centre, panel.top + 8, Mark.Shape.TRIANGLE_UP, 10, colour, false));
        } else {
            double top = panel.py(bar.p99().value() / 1000);
            chart.rect(left, top, width, panel.bottom() - top, colour, colour);
            if (bar.sd().observed()) {
                double hi = Math.max(panel.top, panel.py((bar.p99().value() + bar.sd().value()) / 1000));
                double lo = Math.min(panel.bottom(), panel.py(Math.max(0, bar.p99().value() - bar.sd().value()) / 1000));
                double cap = Math.min(6, width / 3);
                chart.line(centre, hi, centre, lo, Rgb.BLACK, 1.5);
                chart.line(centre - cap, hi, centre + cap, hi, Rgb.BLACK, 1.5);
                chart.line(centre - cap, lo, centre + cap, lo, Rgb.BLACK, 1.5);
            }
        }
        if (bar.p50().observed()) {
            double y = panel.py(bar.p50().value() / 1000);
            chart.line(left - 1, y, left + width + 1, y, Rgb.BLACK, 3);
        }
    }

    /** The arm's name under its group, smaller or slanted when the group is narrow. */
    static void armLabel(Chart chart, String arm, double centre, double baseline, double room) {
        double size = Math.min(Chart.LABEL, room / (Math.max(1, arm.length()) * 0.6));
        if (size >= 9) {
            chart.text(centre, baseline + 18, arm, size, Mark.Anchor.MIDDLE);
        } else {
            chart.add(new Mark.Text(centre, baseline + 14, arm, 10, Mark.Anchor.END, false, Rgb.BLACK, -35));
        }
    }

    static List<String> order(List<Cell> cells, List<String> armOrder) {
        List<String> arms = new ArrayList<>();
        TreeSet<String> present = new TreeSet<>(cells.stream().map(c -> c.summary().identity().arm()).toList());
        for (String a : armOrder) if (present.remove(a)) arms.add(a);
        arms.addAll(present);
        return arms;
    }

    private static String seedRange(int min, int max) {
        if (max == 1) return "1 seed: no spread";
        return (min == max ? Integer.toString(max) : min + " to " + max) + " seeds";
    }
}
