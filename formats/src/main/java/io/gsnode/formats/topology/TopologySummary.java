package io.gsnode.formats.topology;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What {@link TopologyReader#check} reports about a valid file, in one line.
 *
 * @param n node count
 * @param seed the draw seed
 * @param degree the file's degree field
 * @param latencyModel the latency model
 * @param scenario the link scenario
 * @param publisher the publishing node
 * @param edges number of edges in the dial graph
 * @param minNodeDegree smallest number of edges at one node
 * @param maxNodeDegree largest number of edges at one node
 * @param classes how many nodes of each link class (classes with none are left out)
 * @param minLatencyMicros smallest off-diagonal latency, microseconds
 * @param maxLatencyMicros largest off-diagonal latency, microseconds
 * @param meanLatencyMicros mean off-diagonal latency, microseconds
 */
public record TopologySummary(int n, long seed, int degree, LatencyModel latencyModel, Scenario scenario, int publisher,
                              int edges, int minNodeDegree, int maxNodeDegree, Map<LinkClass, Integer> classes,
                              int minLatencyMicros, int maxLatencyMicros, double meanLatencyMicros) {

    public TopologySummary {
        classes = Map.copyOf(classes);
    }

    /** For example {@code gsnode.topology/1 n=500 seed=7 degree=70 edges=17500 (70..70 per node) ...}. */
    public String oneLine() {
        String classCounts = new EnumMap<>(classes).entrySet().stream()
                .map(e -> e.getKey().wireName() + " " + e.getValue()).collect(Collectors.joining(", "));
        return String.format(Locale.ROOT, "%s n=%d seed=%d degree=%d edges=%d (%d..%d per node) latency=%s "
                        + "(%.3f..%.3f ms, mean %.3f ms) scenario=%s (%s) publisher=%d",
                Topology.SCHEMA, n, seed, degree, edges, minNodeDegree, maxNodeDegree, latencyModel.wireName(),
                minLatencyMicros / 1e3, maxLatencyMicros / 1e3, meanLatencyMicros / 1e3, scenario.name(), classCounts,
                publisher);
    }
}
