package io.gsnode.formats.topology;

import java.util.List;

/**
 * What the parser found in the file, before the checks that need the whole file (sizes against
 * n, edge ranges, duplicates, connectivity). A field the file lacks stays null (or -1 for the
 * latency count).
 */
final class RawTopology {
    String schema;
    Integer n;
    Long seed;
    Integer degree;
    LatencyModel latencyModel;
    Scenario scenario;
    Integer publisher;
    List<TopologyNode> nodes;
    IntList edgeA;
    IntList edgeB;
    /** How many values latency_us held, or -1 when the file has no latency_us. */
    long latencyCount = -1;
    /** True when latency_us came before n, so the sink could not be fed and needs a second pass. */
    boolean latencyDeferred;
    /** The sink the latency values went to in this pass, or null. */
    TopologyParser.LatencySink latencySink;
}
