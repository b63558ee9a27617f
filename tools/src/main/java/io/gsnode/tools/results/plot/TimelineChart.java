package io.gsnode.tools.results.plot;

import io.gsnode.formats.record.CellIdentity;
import io.gsnode.tools.results.InputProblem;
import io.gsnode.tools.results.Units;
import io.gsnode.tools.results.timeline.CellTimeline;
import io.gsnode.tools.results.timeline.CellTimeline.Copy;
import io.gsnode.tools.results.timeline.CellTimeline.FirstCopy;
import java.util.List;

/**
 * The publisher's per-peer byte timeline ({@code gsnode timeline --out}): one row per copy of the
 * message, a pale bar while it waited in the peer's queue and a solid one while the stream took
 * it (coloured by push or IWANT answer), a mark where that peer's first copy arrived (hollow when
 * it came from another node first), and the publisher's heartbeats as dashed lines. Copies that
 * finish together and copies served one after another show at a glance.
 */
public final class TimelineChart {

    private static final double ROW = 18;

    private TimelineChart() {}

    public static Chart of(CellTimeline t, int width) throws InputProblem {
        List<Copy> copies = t.copies();
        if (copies.isEmpty()) throw new InputProblem("the publisher's record lists no copy of message " + t.messageId() + " to draw");
        double end = 0;
        for (Copy c : copies) end = Math.max(end, c.doneMs());
        for (Copy c : copies) {
            FirstCopy f = c.to() == CellTimeline.OUTSIDE ? null : t.firstCopyOf(c.to());
            if (f != null) end = Math.max(end, f.atMs());
        }
        NiceTicks x = NiceTicks.of(firstHeartbeat(t), Math.max(end, 1) * 1.02, 8);
        NiceTicks y = new NiceTicks(0, copies.size(), copies.size());
        Legend legend = new Legend()
                .add(Legend.Key.SWATCH, Palette.colour(0).lighter(0.7), "queued for the peer")
                .add(Legend.Key.SWATCH, Palette.colour(0), "push: taken by the stream")
                .add(Legend.Key.SWATCH, Palette.colour(1), "IWANT answer: taken by the stream")
                .add(Legend.Key.TICK, Rgb.BLACK, "a dot: the peer's first copy (hollow: from another node first)")
                .add(Legend.Key.DASHED, Rgb.MUTED, "the publisher's heartbeats");
        double legendHeight = legend.height(12);
        // One row per copy; a few copies still get a panel tall enough to read.
        double rows = Math.max(copies.size(), 4) * ROW;
        Panel.requireRoom(width - 96, rows, copies.size() + " copies");
        Chart chart = new Chart(width, (int) Math.ceil(70 + rows + 60 + legendHeight), "Publisher timeline");
        Panel panel = new Panel(72, 70, width - 72 - 24, rows, x, y);

        CellIdentity id = t.records().records().get(0).identity();
        chart.bold(width / 2.0, 24, "Publisher's copies: " + id.arm() + " over " + id.transport() + ", " + id.n() + " nodes, "
                + Units.payload(id.payloadBytes()) + ", " + id.backend(), 16, Mark.Anchor.MIDDLE);
        chart.muted(width / 2.0, 44, id.cell() + ", run " + id.run() + ", message " + shortId(t.messageId())
                + "; ms since the publish instant", 12, Mark.Anchor.MIDDLE);
        panel.axes(chart, true, true, false, v -> Units.csvNumber(v), v -> "");
        chart.text(panel.left + panel.width / 2, panel.bottom() + 38, "time since the publish (ms)", Chart.LABEL, Mark.Anchor.MIDDLE);
        for (double h : t.heartbeatsMs()) {
            if (h >= x.min() && h <= x.max()) chart.dashed(panel.px(h), panel.top, panel.px(h), panel.bottom(), Rgb.MUTED, 1);
        }
        for (int row = 0; row < copies.size(); row++) {
            Copy c = copies.get(row);
            double top = panel.top + row * ROW + 3;
            double h = ROW - 6;
            Rgb colour = Palette.colour("iwant".equals(c.kind()) ? 1 : 0);
            chart.text(panel.left - 6, top + h - 2, c.to() == CellTimeline.OUTSIDE ? "peer ?" : "node " + c.to(), 11, Mark.Anchor.END);
            if (c.startMs() > c.queuedMs()) {
                chart.rect(panel.px(c.queuedMs()), top, panel.px(c.startMs()) - panel.px(c.queuedMs()), h, colour.lighter(0.7), null);
            }
            chart.rect(panel.px(c.startMs()), top, Math.max(1, panel.px(c.doneMs()) - panel.px(c.startMs())), h, colour, null);
            FirstCopy f = c.to() == CellTimeline.OUTSIDE ? null : t.firstCopyOf(c.to());
            if (f != null) {
                chart.add(new Mark.Marker(panel.px(f.atMs()), top + h / 2, Mark.Shape.CIRCLE, 7, Rgb.BLACK, f.from() == t.publisher()));
            }
        }
        legend.draw(chart, panel.left, panel.bottom() + 64, 12);
        return chart;
    }

    /** The last heartbeat before the publish (the one that left the mesh the publish went out on), else 0. */
    private static double firstHeartbeat(CellTimeline t) {
        double last = 0;
        for (double h : t.heartbeatsMs()) {
            if (h < 0 && (last == 0 || h > last)) last = h;
        }
        return last;
    }

    private static String shortId(String hex) {
        return hex.length() <= 16 ? hex : hex.substring(0, 16) + "…";
    }
}
