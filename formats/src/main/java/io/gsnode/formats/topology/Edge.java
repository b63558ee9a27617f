package io.gsnode.formats.topology;

/**
 * One edge of the dial graph: node {@code a} dials node {@code b} (docs/arms.md §10.1: the lower
 * index of each edge dials the higher one).
 *
 * @param a the dialer, the lower index
 * @param b the listener, the higher index
 */
public record Edge(int a, int b) implements Comparable<Edge> {

    public Edge {
        if (a < 0 || a >= b) throw new IllegalArgumentException("an edge needs 0 <= a < b, was [" + a + ", " + b + "]");
    }

    /** The edge between two distinct nodes, in its normal (lower, higher) orientation. */
    public static Edge between(int x, int y) {
        return new Edge(Math.min(x, y), Math.max(x, y));
    }

    /** Sorts by (a, b), the order the file keeps. */
    @Override
    public int compareTo(Edge o) {
        return a != o.a ? Integer.compare(a, o.a) : Integer.compare(b, o.b);
    }
}
