package io.gsnode.tools.topology;

import io.gsnode.formats.topology.IpPlan;
import io.gsnode.formats.topology.LatencyModel;
import io.gsnode.formats.topology.Scenario;
import java.util.Objects;

/**
 * What the generator draws a topology from.
 *
 * @param n node count, 2..{@link IpPlan#MAX_NODES} ({@code SEGMENT_MESH_SIZES}, a single integer >= 2)
 * @param degree the requested degree of the random regular graph, at least 1 ({@code SEGMENT_DEGREE},
 *     default {@link #DEFAULT_DEGREE}); clamped by {@link RandomRegularGraph#clampDegree}, ignored
 *     for line and star
 * @param seed seeds the graph, the region draw and the pair jitter ({@code SEGMENT_SEED})
 * @param latencyModel geo or uniform ({@code SEGMENT_LATENCY_MODEL}, default geo)
 * @param scenario the link scenario (default home)
 * @param edges which dial graph (default regular)
 */
public record TopologyParams(int n, int degree, long seed, LatencyModel latencyModel, Scenario scenario, EdgeKind edges) {

    /** docs/arms.md §2: {@code SEGMENT_DEGREE} = 70, Prysm's default max peer count. */
    public static final int DEFAULT_DEGREE = 70;

    public TopologyParams {
        if (n < 2 || n > IpPlan.MAX_NODES) {
            throw new IllegalArgumentException("n must be in 2.." + IpPlan.MAX_NODES + ", was " + n);
        }
        if (degree < 1) throw new IllegalArgumentException("degree must be at least 1, was " + degree);
        Objects.requireNonNull(latencyModel, "latencyModel");
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(edges, "edges");
    }

    /** The report's defaults at size n: degree 70, geo latency, home links, random regular graph. */
    public static TopologyParams defaults(int n, long seed) {
        return new TopologyParams(n, DEFAULT_DEGREE, seed, LatencyModel.GEO, Scenario.home(), EdgeKind.REGULAR);
    }

    /** The degree the graph will have: the clamped degree for a regular graph, 0 for line and star. */
    public int effectiveDegree() {
        return edges == EdgeKind.REGULAR ? RandomRegularGraph.clampDegree(degree, n) : 0;
    }
}
