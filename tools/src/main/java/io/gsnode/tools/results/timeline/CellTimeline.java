package io.gsnode.tools.results.timeline;

import io.gsnode.formats.record.NodeRecord;
import io.gsnode.tools.results.CellRecords;
import io.gsnode.tools.results.InputProblem;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One cell's node timelines joined into one picture (docs/records.md §1.5): the publisher's copies
 * of one message with the nodes they went to, and every receiver's first copy of it with the node
 * it came from, so that the first-copy tree can be walked from the publisher. Peers are matched to
 * nodes by their peer ids; times are each node's own milliseconds since the publish instant.
 *
 * @param records the cell's records, one per node
 * @param publisher the publisher's node index
 * @param messageId the message the picture follows (hex)
 * @param messages how many distinct messages the cell's timelines name
 * @param heartbeatsMs the publisher's heartbeats around the publish
 * @param copies the publisher's copies of the message, in the order they were handed to their streams
 * @param firstCopies each receiver's first copy of the message, earliest first
 * @param without receivers (with a record) that have no first copy of the message
 */
public record CellTimeline(CellRecords records, int publisher, String messageId, int messages, List<Double> heartbeatsMs,
                           List<Copy> copies, List<FirstCopy> firstCopies, List<Integer> without) {

    /** A copy the publisher wrote: to node {@code to} ({@value #OUTSIDE} when no node of the cell has that peer id). */
    public record Copy(int to, String kind, double queuedMs, double startMs, double doneMs) {}

    /**
     * A receiver's first copy: from node {@code from} ({@value #OUTSIDE}: not a node of the cell),
     * and {@code hops} from the publisher along first copies ({@value #OUTSIDE} where that path
     * leaves the cell's records).
     */
    public record FirstCopy(int node, int from, double atMs, int hops) {}

    /** Stands for a peer that is not a node of the cell, or a path that cannot be walked. */
    public static final int OUTSIDE = -1;

    /**
     * The picture of {@code message} (a hex id; null: the message of the publisher's first copy,
     * else the one most receivers name first).
     *
     * @throws InputProblem when no record of the cell has a timeline, or none names {@code message}
     */
    public static CellTimeline of(CellRecords cell, String message) throws InputProblem {
        List<NodeRecord> records = cell.records();
        Map<String, Integer> nodeOf = new HashMap<>();
        NodeRecord publisher = null;
        boolean any = false;
        for (NodeRecord r : records) {
            if (r.peerId() != null) nodeOf.put(r.peerId(), r.index());
            if ("publisher".equals(r.role())) publisher = r;
            any |= r.timeline() != null;
        }
        if (!any) {
            throw new InputProblem(cell.dir() + ": no record has a timeline (records written before the field, or no node "
                    + "reached the publish instant)");
        }
        if (publisher == null) throw new InputProblem(cell.dir() + ": no record is the publisher's");
        Map<String, Integer> namedFirst = new LinkedHashMap<>();
        for (NodeRecord r : records) {
            if (r.timeline() == null) continue;
            for (NodeRecord.Timeline.FirstCopy f : r.timeline().firstCopies()) namedFirst.merge(f.id(), 1, Integer::sum);
            for (NodeRecord.Timeline.Copy c : r.timeline().copies()) namedFirst.putIfAbsent(c.id(), 0);
        }
        String id = message != null ? message : defaultMessage(publisher, namedFirst);
        if (!namedFirst.containsKey(id)) {
            throw new InputProblem(cell.dir() + ": no timeline names message " + id + " (" + namedFirst.size() + " messages do)");
        }
        NodeRecord.Timeline own = publisher.timeline();
        List<Copy> copies = new ArrayList<>();
        if (own != null) {
            for (NodeRecord.Timeline.Copy c : own.copies()) {
                if (c.id().equals(id)) {
                    copies.add(new Copy(nodeOf.getOrDefault(c.to(), OUTSIDE), c.kind(), c.queuedMs(), c.startMs(), c.doneMs()));
                }
            }
        }
        copies.sort(Comparator.comparingDouble(Copy::startMs).thenComparingDouble(Copy::doneMs));
        Map<Integer, NodeRecord.Timeline.FirstCopy> firstOf = new HashMap<>();
        Map<Integer, Integer> firstFrom = new HashMap<>();
        List<Integer> without = new ArrayList<>();
        for (NodeRecord r : records) {
            if (!r.receiver() || r.timeline() == null) continue;
            NodeRecord.Timeline.FirstCopy first = null;
            for (NodeRecord.Timeline.FirstCopy f : r.timeline().firstCopies()) {
                if (f.id().equals(id) && (first == null || f.atMs() < first.atMs())) first = f;
            }
            if (first == null) {
                without.add(r.index());
            } else {
                firstOf.put(r.index(), first);
                firstFrom.put(r.index(), nodeOf.getOrDefault(first.from(), OUTSIDE));
            }
        }
        List<FirstCopy> firstCopies = new ArrayList<>();
        for (var e : firstOf.entrySet()) {
            int node = e.getKey();
            firstCopies.add(new FirstCopy(node, firstFrom.get(node), e.getValue().atMs(), hops(node, publisher.index(), firstFrom)));
        }
        firstCopies.sort(Comparator.comparingDouble(FirstCopy::atMs).thenComparingInt(FirstCopy::node));
        List<Double> heartbeats = own == null ? List.of() : own.heartbeatsMs();
        return new CellTimeline(cell, publisher.index(), id, namedFirst.size(), heartbeats, List.copyOf(copies),
                List.copyOf(firstCopies), List.copyOf(without));
    }

    /** The message of the publisher's first copy; without one, the message most receivers name. */
    private static String defaultMessage(NodeRecord publisher, Map<String, Integer> named) {
        if (publisher.timeline() != null) {
            NodeRecord.Timeline.Copy first = publisher.timeline().copies().stream()
                    .min(Comparator.comparingDouble(NodeRecord.Timeline.Copy::queuedMs)).orElse(null);
            if (first != null) return first.id();
        }
        return named.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElseThrow();
    }

    /** Hops from the publisher along first copies, {@value #OUTSIDE} when the path leaves the records or loops. */
    private static int hops(int node, int publisher, Map<Integer, Integer> from) {
        int hops = 0;
        int at = node;
        while (at != publisher) {
            Integer up = from.get(at);
            if (up == null || up == OUTSIDE || hops > from.size()) return OUTSIDE;
            at = up;
            hops++;
        }
        return hops;
    }

    /** The first copy of {@code node}, if it has one. */
    public FirstCopy firstCopyOf(int node) {
        for (FirstCopy f : firstCopies) {
            if (f.node() == node) return f;
        }
        return null;
    }
}
