package io.gsnode.netns.fabric;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gsnode.formats.topology.AccessLink;
import io.gsnode.formats.topology.Edge;
import io.gsnode.formats.topology.GeoLatency;
import io.gsnode.formats.topology.IpPlan;
import io.gsnode.formats.topology.LatencyMatrix;
import io.gsnode.formats.topology.LatencyModel;
import io.gsnode.formats.topology.LinkClass;
import io.gsnode.formats.topology.Region;
import io.gsnode.formats.topology.Scenario;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/** Test fixtures: small hand-made topologies, the kernel's features, and probes run inside namespaces. */
public final class Fabrics {

    private static Set<KernelFeature> features;

    private Fabrics() {
    }

    /** The kernel's features; the calling test is skipped, with the reason, where namespaces cannot be made. */
    public static synchronized Set<KernelFeature> requireNamespaces() {
        if (features == null) {
            try {
                features = KernelProbe.probe();
            } catch (IOException e) {
                assumeTrue(false, "network namespaces unavailable here (tests need root or user namespaces): " + e.getMessage());
            }
        }
        return features;
    }

    public static FabricNames freshNames() {
        return new FabricNames("t" + Integer.toString(ThreadLocalRandom.current().nextInt(1 << 30), 36));
    }

    /** n nodes on a star around node 0 (or the given edges), every link at {@code up}/{@code down}, uniform latency. */
    public static Topology topology(int n, long upBps, long downBps, int latencyMicros, List<Edge> edges) {
        List<TopologyNode> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) nodes.add(new TopologyNode(i, IpPlan.ipOf(i), Region.EU, LinkClass.DATACENTER, upBps, downBps));
        int[] latency = new int[n * n];
        Arrays.fill(latency, latencyMicros);
        for (int i = 0; i < n; i++) latency[i * n + i] = 0;
        int degree = 0;
        for (int i = 0; i < n; i++) {
            int d = 0;
            for (Edge e : edges) if (e.a() == i || e.b() == i) d++;
            degree = Math.max(degree, d);
        }
        return new Topology(n, 1, degree, LatencyModel.UNIFORM, Scenario.parse("dc20").orElseThrow(), 0, nodes, edges,
                LatencyMatrix.dense(n, latency));
    }

    /** n nodes of the {@code home} scenario with geo latencies, on a ring with chords (i, i+2): degree 4. */
    public static Topology geoRing(int n, long seed) {
        TreeSet<Edge> edges = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            edges.add(Edge.between(i, (i + 1) % n));
            edges.add(Edge.between(i, (i + 2) % n));
        }
        return geo(n, seed, 4, edges);
    }

    /**
     * n nodes of the {@code home} scenario with geo latencies, every pair connected: the report's
     * degree (70) clamped to n - 1, as {@code gsnode cell --n} generates for small n.
     */
    public static Topology geoComplete(int n, long seed) {
        TreeSet<Edge> edges = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) edges.add(Edge.between(i, j));
        }
        return geo(n, seed, n - 1, edges);
    }

    private static Topology geo(int n, long seed, int degree, SortedSet<Edge> edges) {
        List<TopologyNode> nodes = new ArrayList<>();
        Scenario scenario = Scenario.home();
        for (int i = 0; i < n; i++) {
            AccessLink link = scenario.accessLink(i, n);
            nodes.add(new TopologyNode(i, IpPlan.ipOf(i), GeoLatency.regionOf(seed, i), link.linkClass(),
                    link.upBps(), link.downBps()));
        }
        return new Topology(n, seed, degree, LatencyModel.GEO, scenario, 0, nodes, List.copyOf(edges),
                LatencyMatrix.computed(LatencyModel.GEO, seed, n));
    }

    /** A probe process inside {@code namespace} (see {@link NetProbe}). */
    public static Process probe(String namespace, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", namespace,
                ProcessHandle.current().info().command().orElse("java"), "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                NetProbe.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    /** Waits for a sink's "ready" line. */
    public static BufferedReader awaitReady(Process sink) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(sink.getInputStream(), StandardCharsets.UTF_8));
        String line = r.readLine();
        if (!"ready".equals(line)) throw new IOException("sink did not start: " + line);
        return r;
    }

    /** The sink's result lines once it exited ("SRC_IP BITS_PER_SECOND"). */
    public static List<String> results(Process sink, BufferedReader out) throws IOException, InterruptedException {
        if (!sink.waitFor(60, TimeUnit.SECONDS)) {
            sink.destroyForcibly();
            throw new IOException("sink did not finish");
        }
        List<String> lines = new ArrayList<>();
        String l;
        while ((l = out.readLine()) != null) lines.add(l);
        return lines;
    }
}
