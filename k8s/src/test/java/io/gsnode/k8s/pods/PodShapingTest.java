package io.gsnode.k8s.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.topology.Edge;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyNode;
import io.gsnode.k8s.DelayRequest;
import io.gsnode.k8s.K8sCell;
import io.gsnode.k8s.TestCells;
import io.gsnode.k8s.manifest.ManifestWriter;
import io.gsnode.k8s.manifest.PodCommands;
import io.gsnode.k8s.manifest.PodLayout;
import io.gsnode.netns.fabric.Commands;
import io.gsnode.netns.fabric.Fabrics;
import io.gsnode.netns.fabric.KernelFeature;
import io.gsnode.netns.fabric.QueueKind;
import io.gsnode.node.run.Transport;
import java.io.BufferedReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pods' shaping, run as their init containers run it (the manifest's script: the topology
 * joined from its ConfigMap parts, then {@code gsnode k8s shape}) inside namespaces standing in for
 * pods, and measured with the netns backend's known answer (FabricShapingTest): node 0 uploads at
 * 40 Mbit/s, node 1 downloads at 100 and node 2 at 20, so 0 -> 1 runs at 40 and 0 -> 2 at 20.
 * Here the peers are known by their cluster addresses, never the topology's.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class PodShapingTest {

    private static final long MBIT = 1_000_000;

    @TempDir
    Path tmp;

    @Test
    void eachPodShapesItsOwnLinksToTheSameRatesAsTheNetnsFabric() throws Exception {
        Topology t = Fabrics.topology(3, 40 * MBIT, 100 * MBIT, 2000, List.of(new Edge(0, 1), new Edge(0, 2)));
        Topology topology = new Topology(t.n(), t.seed(), t.degree(), t.latencyModel(), t.scenario(), 0,
                List.of(t.node(0), t.node(1), new TopologyNode(2, t.node(2).ip(), t.node(2).region(), t.node(2).linkClass(),
                        40 * MBIT, 20 * MBIT)), t.edges(), t.latency());
        K8sCell cell = TestCells.cell(topology, Transport.TCP, QueueKind.FIFO, DelayRequest.AUTO, false);
        Path manifests = ManifestWriter.write(cell, TestCells.write(topology, tmp), tmp.resolve("manifests")).dir();
        Path parts = tmp.resolve("topology");
        assertEquals(1, ConfigMapParts.project(manifests, parts));

        try (PodNetwork net = new PodNetwork(3)) {
            boolean netem = net.kernel.contains(KernelFeature.NETEM);
            for (int i = 0; i < 3; i++) shape(net, cell, parts, i);
            // An init container that runs again (a restarted pod) replaces what the first run made.
            String again = shape(net, cell, parts, 0);
            for (int i = 0; i < 3; i++) {
                Path cellDir = tmp.resolve("pods").resolve(PodLayout.pod(i)).resolve("cell");
                assertEquals("fifo", Files.readString(cellDir.resolve(PodLayout.QUEUE_FILE)).trim());
                assertEquals(netem ? "netem" : "none", Files.readString(cellDir.resolve(PodLayout.DELAY_FILE)).trim());
                String script = Files.readString(cellDir.resolve(PodLayout.FABRIC_SCRIPT));
                assertTrue(script.contains("dev eth0 parent 1: classid 1:1 htb rate " + topology.node(i).upBps() + "bit")
                        && script.contains("dev ifb0 parent 1: classid 1:1 htb rate " + topology.node(i).downBps() + "bit"), script);
            }
            assertTrue(netem || again.contains("degraded: no netem"), again);
            if (netem) {
                String qdiscs = Commands.run(List.of("tc", "-n", net.namespace(0), "qdisc", "show", "dev", "ifb0"), null).output();
                assertEquals(2, qdiscs.lines().filter(l -> l.contains("netem") && l.contains("delay 2ms")).count(), qdiscs);
            }

            double toOne = measure(net, 0, 1);
            double toTwo = measure(net, 0, 2);
            System.out.printf("pods: 0->1 %.1f Mbit/s (uplink 40), 0->2 %.1f Mbit/s (downlink 20), delay %s%n", toOne / 1e6,
                    toTwo / 1e6, netem ? "netem" : "none (no netem in this kernel)");
            assertTrue(Math.abs(toOne - 40 * MBIT) <= 0.10 * 40 * MBIT, "0 -> 1 at " + toOne + " bit/s, uplink 40 Mbit/s");
            assertTrue(Math.abs(toTwo - 20 * MBIT) <= 0.10 * 20 * MBIT, "0 -> 2 at " + toTwo + " bit/s, downlink 20 Mbit/s");
        }
    }

    /** Runs pod {@code i}'s init script to completion; returns its output. */
    private String shape(PodNetwork net, K8sCell cell, Path parts, int i) throws Exception {
        Path pod = Files.createDirectories(tmp.resolve("pods").resolve(PodLayout.pod(i)));
        Path log = pod.resolve("shape.log");
        Process p = net.shell(i, PodCommands.shape(cell, PodNetwork.runtime(parts, pod)), log);
        assertTrue(p.waitFor(90, TimeUnit.SECONDS), "pod " + i + "'s shaping did not finish");
        String out = Files.readString(log);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("gsnode k8s shape: node " + i + " shaped"), out);
        return out;
    }

    private static double measure(PodNetwork net, int from, int to) throws Exception {
        Process sink = Fabrics.probe(net.namespace(to), "sink", "9001", "1000", "3000");
        BufferedReader out = Fabrics.awaitReady(sink);
        Process sender = Fabrics.probe(net.namespace(from), "send", PodNetwork.podIp(to), "9001", "6000");
        List<String> lines = Fabrics.results(sink, out);
        sender.waitFor(20, TimeUnit.SECONDS);
        Map<String, Double> byPeer = new HashMap<>();
        for (String l : lines) {
            String[] f = l.trim().split(" ");
            if (f.length == 2 && f[0].startsWith("10.")) byPeer.put(f[0], Double.parseDouble(f[1]));
        }
        assertEquals(List.of(PodNetwork.podIp(from)), List.copyOf(byPeer.keySet()), "one sender expected, got " + lines);
        return byPeer.values().iterator().next();
    }
}
