package io.gsnode.netns.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.topology.Edge;
import io.gsnode.formats.topology.Topology;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Plans are generated, never applied, here: their text is checked line by line and against a golden file. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FabricPlanTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden/plan-500-netem-fq_codel.txt");

    @Test
    void aFiveHundredNodePlanWithNetemAndFqCodelMatchesTheGoldenFile() throws Exception {
        Topology t = Fabrics.geoRing(500, 11);
        long start = System.nanoTime();
        FabricPlan plan = new FabricPlan(t, new FabricNames("gold"), QueueKind.FQ_CODEL, DelayMode.NETEM);
        String script = plan.script();
        System.out.printf("500-node plan: %d batches, %d lines, %.0f ms to generate%n", plan.buildSteps().size(),
                script.lines().count(), (System.nanoTime() - start) / 1e6);
        String digest = digestOf(plan, script);
        if (Boolean.getBoolean("golden.update")) Files.writeString(GOLDEN, digest);
        assertEquals(Files.readString(GOLDEN), digest, "the plan changed; if on purpose, rerun with -Dgolden.update=true and review the diff");
    }

    /**
     * The golden text: counts per kind of line, a SHA-256 of the whole script, and in full the
     * batches of node 0, node 499 and node 0's bridge port, so a change shows as a readable diff.
     */
    private static String digestOf(FabricPlan plan, String script) throws Exception {
        Map<String, Integer> kinds = new TreeMap<>();
        for (PlanStep s : plan.buildSteps()) {
            for (String l : s.lines()) {
                String[] w = l.split(" ");
                kinds.merge(s.tool() + " " + w[0] + " " + w[1] + (l.contains("netem") ? " netem" : l.contains("fq_codel") ? " fq_codel" : ""),
                        1, Integer::sum);
            }
        }
        StringBuilder b = new StringBuilder("# 500-node ring with chords (degree 4), seed 11, queue fq_codel, delay netem\n");
        b.append("sha256 ").append(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(script.getBytes(StandardCharsets.UTF_8)))).append('\n');
        kinds.forEach((k, v) -> b.append("count ").append(k).append(' ').append(v).append('\n'));
        for (PlanStep s : plan.buildSteps()) {
            boolean keep = s.purpose().startsWith("node 0:") || s.purpose().startsWith("node 499:")
                    || s.purpose().startsWith("node 0's port");
            if (keep) b.append('\n').append(s.script());
        }
        return b.toString();
    }

    @Test
    void netemDelaysEachDialledPeerByItsOneWayLatencyOnTheReceiversPort() {
        Topology t = Fabrics.geoRing(6, 3);
        FabricPlan plan = new FabricPlan(t, new FabricNames("x"), QueueKind.FIFO, DelayMode.NETEM);
        PlanStep port3 = step(plan, "node 3's port");
        assertEquals("gsf-x", port3.namespace());
        // Node 3's ring peers: 1, 2, 4, 5; each one's packets are matched by source and delayed by latency(i -> 3).
        for (int peer : List.of(1, 2, 4, 5)) {
            String minor = Integer.toHexString(peer + 2);
            assertTrue(port3.lines().contains("qdisc add dev p3 parent 1:" + minor + " handle " + minor + ": netem delay "
                    + t.latency().micros(peer, 3) + "us limit " + FabricPlan.NETEM_LIMIT), port3.lines().toString());
            assertTrue(port3.lines().contains("filter add dev p3 parent 1: protocol ip prio 1 u32 match ip src "
                    + t.node(peer).ip() + "/32 flowid 1:" + minor));
        }
        assertFalse(port3.lines().stream().anyMatch(l -> l.contains("src " + t.node(0).ip() + "/")), "node 0 is not a peer of 3");
    }

    @Test
    void fairGivesEveryPeerItsOwnLeafOnBothDirectionsWithHexadecimalClassIds() {
        Topology t = Fabrics.topology(20, 50_000_000, 100_000_000, 1000,
                IntStream.range(1, 20).mapToObj(i -> new Edge(0, i)).toList());
        FabricPlan plan = new FabricPlan(t, new FabricNames("x"), QueueKind.FAIR, DelayMode.NONE);
        List<String> lines = step(plan, "node 0: uplink").lines();
        // 19 peers + the default leaf: class ids 1:2 .. 1:15 (hex), peer k at 1:(k+3).
        assertTrue(lines.contains("class add dev eth0 parent 1:1 classid 1:15 htb rate 2500000bit ceil 50000000bit quantum 1514"));
        assertTrue(lines.contains("filter add dev eth0 parent 1: protocol ip prio 1 u32 match ip dst " + t.node(19).ip() + "/32 flowid 1:15"));
        assertTrue(lines.contains("filter add dev ifb0 parent 1: protocol ip prio 1 u32 match ip src " + t.node(19).ip() + "/32 flowid 1:15"));
        assertTrue(lines.contains("qdisc replace dev ifb0 root handle 1: htb default 2"));
        assertTrue(lines.stream().noneMatch(l -> l.contains("netem")));
    }

    @Test
    void theSwitchPlanPutsATunDeviceInEachNodeAndNeedsNoBridgeOrNeighbours() {
        Topology t = Fabrics.geoRing(5, 1);
        FabricPlan plan = new FabricPlan(t, new FabricNames("x"), QueueKind.FIFO, DelayMode.USERSPACE);
        String script = plan.script();
        assertFalse(script.contains("bridge") || script.contains("neigh") || script.contains("gsf-x"), script);
        PlanStep node2 = step(plan, "node 2: TUN");
        assertEquals(List.of("link set lo up", "tuntap add mode tun name gs0", "link set gs0 addrgenmode none", "addr add 10.0.0.3/32 dev gs0", "link set gs0 up",
                "route add 10.0.0.0/8 dev gs0", "link add ifb0 type ifb", "link set ifb0 up"), node2.lines());
        assertTrue(step(plan, "node 2: uplink").lines().contains("qdisc replace dev gs0 handle ffff: ingress"));
        assertTrue(plan.requirements().contains(KernelFeature.TUN));
        assertFalse(plan.requirements().contains(KernelFeature.NETEM));
        assertEquals(5, plan.teardownSteps().get(0).lines().size(), "only node namespaces to remove");
    }

    @Test
    void theResetDeletesEveryQdiscTheBuildMadeBeforeMakingItAgain() {
        Topology t = Fabrics.geoRing(6, 3);
        FabricPlan plan = new FabricPlan(t, new FabricNames("x"), QueueKind.FIFO, DelayMode.NETEM);
        List<PlanStep> shaping = plan.buildSteps().stream().filter(s -> s.tool().equals("tc")).toList();
        List<PlanStep> reset = plan.resetSteps();
        assertEquals(shaping.size(), reset.size(), "one reset batch per shaping batch");
        for (int i = 0; i < reset.size(); i++) {
            assertEquals(shaping.get(i).namespace(), reset.get(i).namespace());
            List<String> lines = reset.get(i).lines();
            assertEquals(shaping.get(i).lines(), lines.subList(lines.size() - shaping.get(i).lines().size(), lines.size()),
                    "the build's lines follow the deletions unchanged");
        }
        assertEquals(List.of("qdisc del dev eth0 root", "qdisc del dev eth0 ingress", "qdisc del dev ifb0 root"),
                reset.get(0).lines().subList(0, 3), "node 0: uplink root, ingress redirect, downlink root");
        assertEquals("qdisc del dev p3 root", reset.get(6 + 3).lines().get(0), "node 3's port: the netem tree");
    }

    @Test
    void vethNodesGetPermanentNeighbourEntriesForEveryDialledPeerInBothDirections() {
        Topology t = Fabrics.geoRing(6, 3);
        FabricPlan plan = new FabricPlan(t, new FabricNames("x"), QueueKind.FIFO, DelayMode.NONE);
        List<String> lines = step(plan, "node 0: address").lines();
        // Node 0 dials 1 and 2 and is dialled by 4 and 5.
        for (int peer : List.of(1, 2, 4, 5)) {
            assertTrue(lines.contains("neigh replace " + t.node(peer).ip() + " lladdr " + FabricNames.mac(peer)
                    + " dev eth0 nud permanent"), lines.toString());
        }
        assertEquals(4, lines.stream().filter(l -> l.startsWith("neigh")).count());
        assertEquals("02:67:73:01:02:03", FabricNames.mac(0x010203));
    }

    @Test
    void preflightNamesWhatIsMissingAndDegradesOnlyWhenAllowed() {
        var here = EnumSet.complementOf(EnumSet.of(KernelFeature.NETEM, KernelFeature.FQ_CODEL));
        IllegalStateException e = Assertions.assertThrows(IllegalStateException.class,
                () -> Preflight.decide(QueueKind.FIFO, DelayMode.NETEM, here, false));
        assertTrue(e.getMessage().contains("qdisc netem"), e.getMessage());
        Preflight.Decision d = Preflight.decide(QueueKind.FQ_CODEL, DelayMode.NETEM, here, true);
        assertEquals(DelayMode.NONE, d.delay());
        assertEquals(QueueKind.FAIR, d.queue());
        assertEquals(2, d.degradations().size());
        assertEquals(DelayMode.USERSPACE, Preflight.decide(QueueKind.FIFO, null, here, false).delay(), "no netem: the switch by default");
        assertEquals(DelayMode.NETEM, Preflight.decide(QueueKind.FIFO, null, EnumSet.allOf(KernelFeature.class), false).delay());
        var noTun = EnumSet.copyOf(here);
        noTun.remove(KernelFeature.TUN);
        IllegalStateException e2 = Assertions.assertThrows(IllegalStateException.class,
                () -> Preflight.decide(QueueKind.FIFO, DelayMode.USERSPACE, noTun, true));
        assertTrue(e2.getMessage().contains("TUN"), e2.getMessage());
    }

    private static PlanStep step(FabricPlan plan, String purposePrefix) {
        return plan.buildSteps().stream().filter(s -> s.purpose().startsWith(purposePrefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no step '" + purposePrefix + "'"));
    }
}
