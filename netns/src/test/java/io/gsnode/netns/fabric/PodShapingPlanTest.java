package io.gsnode.netns.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.topology.Topology;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** A pod's plan, generated and read line by line: what the netns fabric does, on the pod's own devices. */
class PodShapingPlanTest {

    /** Node 1 of a 6-node geo ring with chords dials 2, 3 and 5 and is dialled by 0: four peers, each at its pod's address. */
    private static final Topology RING = Fabrics.geoRing(6, 5);
    private static final Map<Integer, String> PODS = Map.of(0, "10.244.1.5", 2, "10.244.2.7", 3, "10.244.3.9", 5, "10.244.5.2");

    @Test
    void fifoShapesTheUplinkAndTheDownlinkAsTheNetnsFabricDoesWithThePodsAddresses() {
        PodShapingPlan plan = new PodShapingPlan(RING, 1, "eth0", QueueKind.FIFO, DelayMode.NONE, PODS);
        assertEquals(List.of(0, 2, 3, 5), plan.peers());
        List<String> tc = plan.steps().get(1).lines();
        long up = RING.node(1).upBps();
        long down = RING.node(1).downBps();
        assertEquals(List.of(
                "qdisc replace dev eth0 root handle 1: htb default 2",
                "class add dev eth0 parent 1: classid 1:1 htb rate " + up + "bit ceil " + up + "bit",
                "class add dev eth0 parent 1:1 classid 1:2 htb rate " + up + "bit ceil " + up + "bit",
                "qdisc add dev eth0 parent 1:2 handle 2: pfifo limit 1000",
                "qdisc replace dev eth0 handle ffff: ingress",
                "filter add dev eth0 parent ffff: protocol all prio 1 u32 match u32 0 0 action mirred egress redirect dev ifb0",
                "qdisc replace dev ifb0 root handle 1: htb default 2",
                "class add dev ifb0 parent 1: classid 1:1 htb rate " + down + "bit ceil " + down + "bit",
                "class add dev ifb0 parent 1:1 classid 1:2 htb rate " + down + "bit ceil " + down + "bit",
                "qdisc add dev ifb0 parent 1:2 handle 2: pfifo limit 1000"), tc);
        assertEquals(List.of("link add ifb0 type ifb", "link set ifb0 up"), plan.steps().get(0).lines());
        assertEquals(PodShapingPlan.requirements(QueueKind.FIFO, DelayMode.NONE), plan.requirements());
    }

    @Test
    void withNetemEachPeersPacketsWaitTheirPairsOneWayLatencyInTheDownlinkMatchedByThePodAddress() {
        PodShapingPlan plan = new PodShapingPlan(RING, 1, "eth0", QueueKind.FIFO, DelayMode.NETEM, PODS);
        List<String> tc = plan.steps().get(1).lines();
        List<String> netem = tc.stream().filter(l -> l.contains("netem")).toList();
        assertEquals(4, netem.size(), String.join("\n", tc));
        int k = 0;
        for (int peer : plan.peers()) {
            String minor = Integer.toHexString(k + 3);
            assertTrue(tc.contains("qdisc add dev ifb0 parent 1:" + minor + " handle " + minor + ": netem delay "
                    + RING.latency().micros(peer, 1) + "us limit " + FabricPlan.NETEM_LIMIT), "peer " + peer + "\n" + String.join("\n", tc));
            assertTrue(tc.contains("filter add dev ifb0 parent 1: protocol ip prio 1 u32 match ip src " + PODS.get(peer)
                    + "/32 flowid 1:" + minor));
            k++;
        }
        // Everything else (DNS, the coordinator) has the queue's own leaf; the uplink is untouched by the delay.
        assertTrue(tc.contains("qdisc add dev ifb0 parent 1:2 handle 2: pfifo limit 1000"));
        assertTrue(tc.stream().filter(l -> l.contains("dev eth0")).noneMatch(l -> l.contains("netem")));
        assertTrue(plan.requirements().contains(KernelFeature.NETEM));
        assertTrue(tc.stream().noneMatch(l -> l.contains("10.0.0.")), "the topology's addresses never reach a pod's filters");
    }

    @Test
    void fairGivesEveryPeerItsOwnLeafOnBothDirectionsByPodAddress() {
        PodShapingPlan plan = new PodShapingPlan(RING, 1, "eth0", QueueKind.FAIR, DelayMode.NONE, PODS);
        String tc = String.join("\n", plan.steps().get(1).lines());
        for (String ip : PODS.values()) {
            assertTrue(tc.contains("dev eth0 parent 1: protocol ip prio 1 u32 match ip dst " + ip + "/32"), tc);
            assertTrue(tc.contains("dev ifb0 parent 1: protocol ip prio 1 u32 match ip src " + ip + "/32"), tc);
        }
    }

    @Test
    void aMissingPeerAddressOrTheUserspaceSwitchIsRefused() {
        Map<Integer, String> three = PODS.entrySet().stream().filter(e -> e.getKey() != 3)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new PodShapingPlan(RING, 1, "eth0", QueueKind.FIFO, DelayMode.NONE, three));
        assertTrue(e.getMessage().contains("node 3"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new PodShapingPlan(RING, 1, "eth0", QueueKind.FIFO, DelayMode.USERSPACE, PODS));
        assertThrows(IllegalArgumentException.class, () -> new PodShapingPlan(RING, 6, "eth0", QueueKind.FIFO, DelayMode.NONE, PODS));
    }

    @Test
    void theClearStepsUndoWhatTheStepsMake() {
        PodShapingPlan plan = new PodShapingPlan(RING, 1, "eth0", QueueKind.FIFO, DelayMode.NONE, PODS);
        assertEquals(List.of("qdisc del dev eth0 root", "qdisc del dev eth0 ingress", "link del ifb0"),
                plan.clearSteps().stream().flatMap(s -> s.lines().stream()).toList());
        assertTrue(plan.script().startsWith("#!/bin/sh\n"));
    }

    @Test
    void peersAreTheDialGraphInBothDirections() {
        assertEquals(List.of(2, 3, 5), RING.dials(1));
        assertEquals(List.of(0), RING.dialedBy(1));
        assertEquals(List.of(0, 2, 3, 5), PodShapingPlan.peersOf(RING, 1));
    }
}
