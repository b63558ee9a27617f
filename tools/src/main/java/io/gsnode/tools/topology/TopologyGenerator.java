package io.gsnode.tools.topology;

import io.gsnode.formats.topology.AccessLink;
import io.gsnode.formats.topology.Edge;
import io.gsnode.formats.topology.GeoLatency;
import io.gsnode.formats.topology.IpPlan;
import io.gsnode.formats.topology.LatencyMatrix;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Draws a {@link Topology} from {@link TopologyParams} (docs/arms.md §10): the dial graph, each
 * node's IP ({@link IpPlan}), region and access link, and a latency matrix that is computed when
 * written rather than held, so a large topology costs O(n + edges) memory.
 */
public final class TopologyGenerator {

    /** docs/arms.md §10.2: the publisher is always node 0. */
    static final int PUBLISHER = 0;

    private TopologyGenerator() {
    }

    public static Topology generate(TopologyParams params) {
        int n = params.n();
        int degree = params.effectiveDegree();
        List<Edge> edges = switch (params.edges()) {
            case REGULAR -> RandomRegularGraph.generate(n, degree, params.seed());
            case LINE -> EdgeKind.line(n);
            case STAR -> EdgeKind.star(n);
        };
        List<TopologyNode> nodes = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            AccessLink link = params.scenario().accessLink(i, n);
            nodes.add(new TopologyNode(i, IpPlan.ipOf(i), GeoLatency.regionOf(params.seed(), i), link.linkClass(),
                    link.upBps(), link.downBps()));
        }
        return new Topology(n, params.seed(), degree, params.latencyModel(), params.scenario(), PUBLISHER, nodes, edges,
                LatencyMatrix.computed(params.latencyModel(), params.seed(), n));
    }
}
