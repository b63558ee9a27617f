package io.gsnode.tools.topology;

import io.gsnode.formats.topology.Edge;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Which dial graph to build (docs/arms.md §10.1, {@code SHADOW_EDGES}): the random regular graph,
 * or one of the known-answer graphs whose result can be worked out by hand.
 */
public enum EdgeKind {
    /** A random regular connected graph of the clamped degree. */
    REGULAR("regular"),
    /** 0 – 1 – … – N−1: each node dials the next. */
    LINE("line"),
    /** Node 0 dials every other node. */
    STAR("star");

    private final String wireName;

    EdgeKind(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<EdgeKind> fromWireName(String name) {
        return Arrays.stream(values()).filter(k -> k.wireName.equals(name)).findFirst();
    }

    /** The known-answer line 0 – 1 – … – N−1. */
    static List<Edge> line(int n) {
        List<Edge> edges = new ArrayList<>(n - 1);
        for (int i = 0; i + 1 < n; i++) edges.add(new Edge(i, i + 1));
        return edges;
    }

    /** The known-answer star: node 0 to all. */
    static List<Edge> star(int n) {
        List<Edge> edges = new ArrayList<>(n - 1);
        for (int i = 1; i < n; i++) edges.add(new Edge(0, i));
        return edges;
    }
}
