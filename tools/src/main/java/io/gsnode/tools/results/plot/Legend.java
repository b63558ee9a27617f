package io.gsnode.tools.results.plot;

import java.util.ArrayList;
import java.util.List;

/** A column of legend entries: a swatch, line, marker or tick and its words. */
final class Legend {

    /** What an entry's key looks like. */
    enum Key { SWATCH, LINE, PLAIN_LINE, TICK, WHISKER, CENSORED, DASHED }

    record Entry(Key key, Rgb colour, String label) {}

    private final List<Entry> entries = new ArrayList<>();

    Legend add(Key key, Rgb colour, String label) {
        entries.add(new Entry(key, colour, label));
        return this;
    }

    double width(double size) {
        return 34 + entries.stream().mapToDouble(e -> Chart.textWidth(e.label(), size)).max().orElse(0);
    }

    double height(double size) {
        return entries.size() * size * 1.6;
    }

    /** Draws the entries downwards from (x, y); returns the height used. */
    double draw(Chart chart, double x, double y, double size) {
        double row = size * 1.6;
        double cy = y;
        for (Entry e : entries) {
            double mid = cy - size * 0.35;
            switch (e.key()) {
                case SWATCH -> chart.rect(x, mid - 6, 22, 12, e.colour(), e.colour());
                case LINE -> {
                    chart.line(x, mid, x + 22, mid, e.colour(), 2);
                    chart.add(new Mark.Marker(x + 11, mid, Mark.Shape.CIRCLE, 6, e.colour(), true));
                }
                case PLAIN_LINE -> chart.line(x, mid, x + 22, mid, e.colour(), 2.5);
                case TICK -> chart.line(x + 2, mid, x + 20, mid, e.colour(), 3);
                case WHISKER -> {
                    chart.line(x + 11, mid - 7, x + 11, mid + 7, e.colour(), 1.5);
                    chart.line(x + 7, mid - 7, x + 15, mid - 7, e.colour(), 1.5);
                    chart.line(x + 7, mid + 7, x + 15, mid + 7, e.colour(), 1.5);
                }
                case CENSORED -> chart.add(new Mark.Marker(x + 11, mid, Mark.Shape.TRIANGLE_UP, 10, e.colour(), false));
                case DASHED -> chart.dashed(x, mid, x + 22, mid, e.colour(), 1.5);
            }
            chart.text(x + 30, cy, e.label(), size, Mark.Anchor.START);
            cy += row;
        }
        return cy - y;
    }
}
