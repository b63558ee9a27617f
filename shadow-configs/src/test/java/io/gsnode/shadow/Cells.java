package io.gsnode.shadow;

import io.gsnode.formats.topology.AccessLink;
import io.gsnode.formats.topology.Edge;
import io.gsnode.formats.topology.GeoLatency;
import io.gsnode.formats.topology.IpPlan;
import io.gsnode.formats.topology.LatencyMatrix;
import io.gsnode.formats.topology.LatencyModel;
import io.gsnode.formats.topology.Scenario;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyNode;
import io.gsnode.formats.topology.TopologyWriter;
import io.gsnode.shadow.cli.ShadowCommand;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/** Topologies and generator runs shared by the tests. */
final class Cells {

    /** What {@code gsnode shadow} printed and returned. */
    record Run(int exit, String out, String err) {
    }

    /** Paths no real machine has, so that a config that leaks a real path is easy to tell. */
    static final String JAVA = "/usr/lib/jvm/java-17/bin/java";
    static final String JAR = "/opt/gsnode/gsnode.jar";

    private Cells() {
    }

    /**
     * Three nodes on a line 0-1-2 under dcb20 (node 0 a 1 Gbit/s builder, the others home links),
     * with hand-written asymmetric latencies: 1 ms on the diagonal, and a zero 2 -> 1 latency that
     * Shadow cannot take (the generator writes 1 us).
     */
    static Topology threeNodes() {
        int[] micros = {
            1000, 25_000, 40_123,
            26_000, 1000, 12_000,
            41_000, 0, 1000};
        return topology(3, Scenario.dcb20(), LatencyModel.GEO, List.of(new Edge(0, 1), new Edge(1, 2)), LatencyMatrix.dense(3, micros));
    }

    /**
     * {@code n} nodes on a ring, home links, and latencies from a cheap formula (5..105 ms,
     * asymmetric, 1 ms on the diagonal) so that a large cell's test spends its time in the generator.
     */
    static Topology ring(int n) {
        List<Edge> edges = new ArrayList<>();
        for (int i = 0; i + 1 < n; i++) edges.add(new Edge(i, i + 1));
        edges.add(new Edge(0, n - 1));
        return topology(n, Scenario.home(), LatencyModel.GEO, edges, formulaLatency(n));
    }

    /** {@code n} nodes, every pair dialled, with {@link #ring}'s links and latencies. */
    static Topology complete(int n) {
        List<Edge> edges = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) edges.add(new Edge(i, j));
        }
        return topology(n, Scenario.home(), LatencyModel.GEO, edges, formulaLatency(n));
    }

    private static LatencyMatrix formulaLatency(int n) {
        return new LatencyMatrix() {
            @Override
            public int n() {
                return n;
            }

            @Override
            public int micros(int from, int to) {
                return from == to ? 1000 : 5000 + (from * 7919 + to * 104_729) % 100_000;
            }
        };
    }

    static Topology topology(int n, Scenario scenario, LatencyModel model, List<Edge> edges, LatencyMatrix latency) {
        List<TopologyNode> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            AccessLink link = scenario.accessLink(i, n);
            nodes.add(new TopologyNode(i, IpPlan.ipOf(i), GeoLatency.regionOf(7, i), link.linkClass(), link.upBps(), link.downBps()));
        }
        return new Topology(n, 7, 0, model, scenario, 0, nodes, edges, latency);
    }

    static Path write(Topology topology, Path file) throws IOException {
        TopologyWriter.write(topology, file);
        return file;
    }

    /** Runs {@code gsnode shadow} with {@code args}, plus the test java and jar unless given. */
    static Run shadow(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        if (!all.contains("--java")) all.addAll(List.of("--java", JAVA));
        if (!all.contains("--jar")) all.addAll(List.of("--jar", JAR));
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cl = new CommandLine(new ShadowCommand());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(all.toArray(String[]::new));
        return new Run(exit, out.toString(), err.toString());
    }

    /**
     * A config with its {@code x-gsnode.build} block's values left out: the build that wrote a golden
     * file or an example is provenance, not what the generator is tested for.
     */
    static String withoutBuild(String yaml) {
        return yaml.replaceAll("(?m)^(  build:\n)(    .*\n)+", "$1");
    }
}
