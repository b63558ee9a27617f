package io.gsnode.netns.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gsnode.formats.topology.Edge;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyNode;
import java.io.BufferedReader;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A real fabric on this kernel, measured: TCP between namespaces through the HTB construction.
 * Rates are the fabric's, not the machine's: a loaded host still moves 20-50 Mbit/s easily, so
 * the bounds test the shaping, not the host's speed.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FabricShapingTest {

    private static final long MBIT = 1_000_000;

    @Test
    void twoNodesGetTheSendersUplinkAndTheReceiversDownlinkWhenLower() throws Exception {
        Set<KernelFeature> have = Fabrics.requireNamespaces();
        DelayMode delay = have.contains(KernelFeature.NETEM) ? DelayMode.NETEM : DelayMode.NONE;
        assumeTrue(have.containsAll(Preflight.requirements(QueueKind.FIFO, delay)), "kernel lacks " + Preflight.requirements(QueueKind.FIFO, delay));
        // Node 0 uploads at 40 Mbit/s; node 1 downloads at 100, node 2 at 20.
        Topology t = Fabrics.topology(3, 40 * MBIT, 100 * MBIT, 2000, List.of(new Edge(0, 1), new Edge(0, 2)));
        Topology slowDownlink = new Topology(t.n(), t.seed(), t.degree(), t.latencyModel(), t.scenario(), 0,
                List.of(t.node(0), t.node(1), new TopologyNode(2, t.node(2).ip(), t.node(2).region(),
                        t.node(2).linkClass(), 40 * MBIT, 20 * MBIT)), t.edges(), t.latency());
        try (Fabric fabric = Fabric.build(new FabricPlan(slowDownlink, Fabrics.freshNames(), QueueKind.FIFO, delay), System.out)) {
            double toOne = measure(fabric, 0, 1);
            assertTrue(Math.abs(toOne - 40 * MBIT) <= 0.10 * 40 * MBIT, "0 -> 1 at " + toOne + " bit/s, uplink 40 Mbit/s");
            double toTwo = measure(fabric, 0, 2);
            assertTrue(Math.abs(toTwo - 20 * MBIT) <= 0.10 * 20 * MBIT, "0 -> 2 at " + toTwo + " bit/s, downlink 20 Mbit/s");
            System.out.printf("measured: 0->1 %.1f Mbit/s (uplink 40), 0->2 %.1f Mbit/s (downlink 20)%n", toOne / 1e6, toTwo / 1e6);
        }
    }

    /**
     * The reset between runs of a cell: it succeeds (twice over), leaves the queues' counters
     * empty, and the shaping of both directions is in force again (node 1's 20 Mbit/s downlink
     * below node 0's 40 Mbit/s uplink proves the ingress redirect was remade too).
     */
    @Test
    void theResetBetweenRunsEmptiesEveryQueueAndRestoresTheShaping() throws Exception {
        Set<KernelFeature> have = Fabrics.requireNamespaces();
        assumeTrue(have.containsAll(Preflight.requirements(QueueKind.FIFO, DelayMode.NONE)), "kernel lacks what the fabric needs");
        Topology t = Fabrics.topology(2, 40 * MBIT, 20 * MBIT, 2000, List.of(new Edge(0, 1)));
        try (Fabric fabric = Fabric.build(new FabricPlan(t, Fabrics.freshNames(), QueueKind.FIFO, DelayMode.NONE), System.out)) {
            double before = measure(fabric, 0, 1);
            assertTrue(sentBytes(fabric, 0) > 5_000_000, "the uplink counted the transfer");
            fabric.reset();
            fabric.reset();
            assertTrue(sentBytes(fabric, 0) < 50_000, "the reset emptied the uplink's counters");
            double after = measure(fabric, 0, 1);
            System.out.printf("before reset %.1f Mbit/s, after %.1f Mbit/s (downlink 20)%n", before / 1e6, after / 1e6);
            assertTrue(Math.abs(after - 20 * MBIT) <= 0.10 * 20 * MBIT, "0 -> 1 after the reset at " + after + " bit/s, downlink 20 Mbit/s");
        }
    }

    /** Bytes the root qdisc of node {@code i}'s uplink has sent, from {@code tc -s}. */
    private static long sentBytes(Fabric fabric, int i) throws Exception {
        Commands.Result r = Commands.run(List.of("tc", "-n", fabric.plan().names().nodeNamespace(i), "-s", "qdisc", "show", "dev",
                FabricNames.VETH, "root"), null);
        Matcher m = Pattern.compile("Sent (\\d+) bytes").matcher(r.output());
        assertTrue(m.find(), r.output());
        return Long.parseLong(m.group(1));
    }

    @Test
    void underFairTwoFlowsToTwoPeersShareTheUplinkEvenlyAndUnderFifoTheyDoNot() throws Exception {
        Set<KernelFeature> have = Fabrics.requireNamespaces();
        assumeTrue(have.containsAll(Preflight.requirements(QueueKind.FAIR, DelayMode.NONE)), "kernel lacks what the fabric needs");
        double fair = shareRatio(QueueKind.FAIR);
        double fifo = shareRatio(QueueKind.FIFO);
        System.out.printf("second flow / first flow: fair %.2f, fifo %.2f%n", fair, fifo);
        assertTrue(fair > 0.8 && fair < 1.25, "fair queue: ratio " + fair);
        assertTrue(fifo < 0.7 || fifo > 1.4, "fifo: ratio " + fifo + " is as even as the fair queue's");
    }

    /** Node 0 sends to 1 first, then to 2; returns rate(to 2) / rate(to 1) while both run. */
    private static double shareRatio(QueueKind queue) throws Exception {
        Topology t = Fabrics.topology(3, 20 * MBIT, 1000 * MBIT, 1000, List.of(new Edge(0, 1), new Edge(0, 2)));
        try (Fabric fabric = Fabric.build(new FabricPlan(t, Fabrics.freshNames(), queue, DelayMode.NONE), System.out)) {
            FabricNames names = fabric.plan().names();
            Process sink1 = Fabrics.probe(names.nodeNamespace(1), "sink", "9001", "3000", "3000");
            Process sink2 = Fabrics.probe(names.nodeNamespace(2), "sink", "9001", "1000", "3000");
            BufferedReader out1 = Fabrics.awaitReady(sink1);
            BufferedReader out2 = Fabrics.awaitReady(sink2);
            Process first = Fabrics.probe(names.nodeNamespace(0), "send", t.node(1).ip(), "9001", "8000");
            Thread.sleep(2000);
            Process second = Fabrics.probe(names.nodeNamespace(0), "send", t.node(2).ip(), "9001", "6000");
            double r1 = rate(Fabrics.results(sink1, out1));
            double r2 = rate(Fabrics.results(sink2, out2));
            first.waitFor(20, TimeUnit.SECONDS);
            second.waitFor(20, TimeUnit.SECONDS);
            System.out.printf("%s: to 1 %.1f Mbit/s, to 2 %.1f Mbit/s%n", queue.label(), r1 / 1e6, r2 / 1e6);
            return r2 / r1;
        }
    }

    private static double measure(Fabric fabric, int from, int to) throws Exception {
        FabricNames names = fabric.plan().names();
        Process sink = Fabrics.probe(names.nodeNamespace(to), "sink", "9001", "1000", "3000");
        BufferedReader out = Fabrics.awaitReady(sink);
        Process sender = Fabrics.probe(names.nodeNamespace(from), "send", fabric.plan().topology().node(to).ip(), "9001", "6000");
        double r = rate(Fabrics.results(sink, out));
        sender.waitFor(20, TimeUnit.SECONDS);
        return r;
    }

    private static double rate(List<String> lines) {
        Map<String, Double> byPeer = new HashMap<>();
        for (String l : lines) {
            String[] f = l.trim().split(" ");
            if (f.length == 2 && f[0].startsWith("10.")) byPeer.put(f[0], Double.parseDouble(f[1]));
        }
        assertEquals(1, byPeer.size(), "one sender expected, got " + lines);
        return byPeer.values().iterator().next();
    }
}
