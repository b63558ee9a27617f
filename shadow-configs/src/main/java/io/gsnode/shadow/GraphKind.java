package io.gsnode.shadow;

/** Which network graph the generator writes (docs/shadow.md). */
public enum GraphKind {

    /**
     * One GML node per host, a directed edge for every ordered pair including self-loops, each
     * with that pair's latency from the topology, and {@code use_shortest_path: false}: every
     * pair sees exactly its own latency. N² edges (4 M, ~0.3 GB of GML, at N = 2000).
     */
    COMPLETE("complete"),

    /**
     * Only the dial graph's edges (both directions) and self-loops, with
     * {@code use_shortest_path: true}. Far smaller, but Shadow routes every pair along the
     * lowest-latency path, so pairs that are not dial edges see the sum of a path's latencies, and
     * even a dial edge is bypassed where a detour is faster (real latencies break the triangle
     * inequality). For cells too large for the complete graph, with that caveat.
     */
    EDGES("edges");

    private final String wireName;

    GraphKind(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** The name on the command line: what picocli matches an option's value against and what help lists. */
    @Override
    public String toString() {
        return wireName;
    }
}
