package io.gsnode.shadow;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * A GML network graph as {@link GmlGraphReader} read it: its nodes with their rates, and its edges
 * as parallel arrays (4 M edges at N = 2000, so no object per edge).
 */
public final class GmlGraph {

    /** One node: its id and the rates on it, bits per second (0 when absent). */
    public record Node(long id, String label, long upBps, long downBps) {
    }

    private final boolean directed;
    private final Map<Long, Node> nodes;
    private final long[] sources;
    private final long[] targets;
    private final long[] latencyNanos;
    private final int edgeCount;

    GmlGraph(boolean directed, Map<Long, Node> nodes, long[] sources, long[] targets, long[] latencyNanos, int edgeCount) {
        this.directed = directed;
        this.nodes = new HashMap<>(nodes);
        this.sources = sources;
        this.targets = targets;
        this.latencyNanos = latencyNanos;
        this.edgeCount = edgeCount;
    }

    public boolean directed() {
        return directed;
    }

    /** The node with {@code id}, or null. */
    public Node node(long id) {
        return nodes.get(id);
    }

    public int nodeCount() {
        return nodes.size();
    }

    public int edgeCount() {
        return edgeCount;
    }

    public long source(int edge) {
        return sources[edge];
    }

    public long target(int edge) {
        return targets[edge];
    }

    /** The edge's latency, nanoseconds (Shadow's own resolution). */
    public long latencyNanos(int edge) {
        return latencyNanos[edge];
    }

    /** Ids of all nodes, ascending. */
    public long[] nodeIds() {
        long[] ids = nodes.keySet().stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(ids);
        return ids;
    }
}
