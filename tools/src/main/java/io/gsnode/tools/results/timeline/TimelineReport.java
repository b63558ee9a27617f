package io.gsnode.tools.results.timeline;

import io.gsnode.formats.record.CellIdentity;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.tools.results.timeline.CellTimeline.Copy;
import io.gsnode.tools.results.timeline.CellTimeline.FirstCopy;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code gsnode timeline}'s text: the publisher's heartbeats, its copies of the message as bars on
 * one time axis (queued, handed to the stream, taken by it), and the first-copy tree, each
 * receiver under the node its first copy came from.
 */
public final class TimelineReport {

    /** Characters of the bar column. */
    static final int BAR = 40;

    private TimelineReport() {}

    public static void write(CellTimeline t, PrintWriter out) {
        CellIdentity id = t.records().records().get(0).identity();
        out.printf(Locale.ROOT, "%s, run %d: %s over %s, %d nodes; publisher node %d (%s)%n", id.cell(), id.run(), id.arm(),
                id.transport(), id.n(), t.publisher(), impl(t, t.publisher()));
        out.printf(Locale.ROOT, "message %s%s%n", t.messageId(),
                t.messages() > 1 ? " (one of " + t.messages() + " in the timelines; --message ID follows another)" : "");
        out.println("times: ms since the publish instant, each on its node's own clock");
        out.println();
        out.println("publisher's heartbeats: " + (t.heartbeatsMs().isEmpty() ? "none recorded" : join(t.heartbeatsMs())));
        out.println();
        copies(t, out);
        out.println();
        tree(t, out);
        if (!t.without().isEmpty()) out.println("receivers without a copy of the message: " + t.without());
        out.flush();
    }

    private static void copies(CellTimeline t, PrintWriter out) {
        if (t.copies().isEmpty()) {
            out.println("the publisher's record lists no copy of the message");
            return;
        }
        double end = 0;
        for (Copy c : t.copies()) end = Math.max(end, c.doneMs());
        double scale = end <= 0 ? 1 : BAR / end;
        out.printf(Locale.ROOT, "the publisher's %d copies (. queued, # being taken by the stream; 0 to %s ms):%n",
                t.copies().size(), ms(end));
        out.printf(Locale.ROOT, "  %-9s %-5s %9s %9s %9s %9s  %s%n", "to", "kind", "queued", "start", "done", "first", "bar");
        for (Copy c : t.copies()) {
            FirstCopy f = c.to() == CellTimeline.OUTSIDE ? null : t.firstCopyOf(c.to());
            String first = f == null ? "-" : ms(f.atMs()) + (f.from() == t.publisher() ? "" : "*");
            out.printf(Locale.ROOT, "  %-9s %-5s %9s %9s %9s %9s  |%s|%n", node(t, c.to()), c.kind(), ms(c.queuedMs()),
                    ms(c.startMs()), ms(c.doneMs()), first, bar(c, scale));
        }
        out.println("  first: the node's first copy of the message; * when it came from another node first");
    }

    /** A bar of {@value #BAR} characters: blank before the copy was queued, '.' while queued, '#' while the stream took it. */
    public static String bar(Copy c, double scale) {
        StringBuilder sb = new StringBuilder(BAR);
        for (int i = 0; i < BAR; i++) {
            double at = (i + 0.5) / scale;
            sb.append(at < c.queuedMs() ? ' ' : at < c.startMs() ? '.' : at <= c.doneMs() ? '#' : ' ');
        }
        return sb.toString();
    }

    private static void tree(CellTimeline t, PrintWriter out) {
        Map<Integer, List<FirstCopy>> children = new TreeMap<>();
        List<FirstCopy> orphans = new ArrayList<>();
        for (FirstCopy f : t.firstCopies()) {
            if (f.hops() == CellTimeline.OUTSIDE) orphans.add(f);
            else children.computeIfAbsent(f.from(), k -> new ArrayList<>()).add(f);
        }
        out.printf(Locale.ROOT, "first-copy tree (%d receivers; each under the node its first copy came from):%n", t.firstCopies().size());
        out.println("  node " + t.publisher() + " (publisher, " + impl(t, t.publisher()) + ")");
        branch(t, t.publisher(), 2, children, out);
        for (FirstCopy f : orphans) {
            out.printf(Locale.ROOT, "  node %d at %s ms, from %s (outside the records)%n", f.node(), ms(f.atMs()), node(t, f.from()));
        }
    }

    private static void branch(CellTimeline t, int parent, int depth, Map<Integer, List<FirstCopy>> children, PrintWriter out) {
        for (FirstCopy f : children.getOrDefault(parent, List.of())) {
            out.printf(Locale.ROOT, "%s%s at %s ms (%s)%n", "  ".repeat(depth), node(t, f.node()), ms(f.atMs()), impl(t, f.node()));
            branch(t, f.node(), depth + 1, children, out);
        }
    }

    private static String node(CellTimeline t, int index) {
        return index == CellTimeline.OUTSIDE ? "a peer" : "node " + index;
    }

    private static String impl(CellTimeline t, int index) {
        for (NodeRecord r : t.records().records()) {
            if (r.index() == index) return r.identity().impl() == null ? NodeRecord.JAVA : r.identity().impl();
        }
        return "?";
    }

    private static String join(List<Double> values) {
        List<String> s = new ArrayList<>();
        for (double v : values) s.add(ms(v));
        return String.join(", ", s);
    }

    static String ms(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
