package io.gsnode.netns.fabric;

import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyNode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One node's part of a fabric when every node is a host of its own (a Kubernetes pod): the same
 * uplink and downlink construction as {@link FabricPlan}, applied to the pod's own interface and
 * an IFB device in the pod, with the peers known by the addresses their pods got rather than the
 * topology's 10.a.b.c.
 *
 * <pre>
 *   uplink    DEV   htb at up_bps, leaf fifo / fq_codel, or one per peer (fair), by destination
 *   ingress   DEV   everything redirected to ifb0
 *   downlink  ifb0  htb at down_bps; with netem one leaf per peer delaying by the pair's one-way
 *                   latency (by source), else the uplink's construction by source
 * </pre>
 *
 * <p>In a namespace fabric the delay sits on the receiver's bridge port, between the sender's
 * uplink and the receiver's downlink; a pod has no bridge port of its own, so the receiver's
 * downlink holds the delay, per source as before, and the downlink is then per-source fair.
 */
public final class PodShapingPlan {

    private final Topology topology;
    private final int index;
    private final String device;
    private final QueueKind queue;
    private final DelayMode delay;
    private final List<Integer> peers;
    private final List<String> peerAddresses;

    /**
     * @param device the pod's interface ({@code eth0} under most network plugins)
     * @param delay {@code netem} or {@code none}: a pod has no userspace switch
     * @param addresses every dialled peer's address (either direction), by node index
     * @throws IllegalArgumentException when a peer's address is missing or the delay is the switch
     */
    public PodShapingPlan(Topology topology, int index, String device, QueueKind queue, DelayMode delay,
                          Map<Integer, String> addresses) {
        if (delay == DelayMode.USERSPACE) {
            throw new IllegalArgumentException("a pod applies delay with netem or not at all, not with the userspace switch");
        }
        if (index < 0 || index >= topology.n()) {
            throw new IllegalArgumentException("node " + index + " is not in a " + topology.n() + "-node topology");
        }
        this.topology = topology;
        this.index = index;
        this.device = device;
        this.queue = queue;
        this.delay = delay;
        this.peers = peersOf(topology, index);
        this.peerAddresses = new ArrayList<>();
        for (int p : peers) {
            String a = addresses.get(p);
            if (a == null) throw new IllegalArgumentException("no address for node " + p + ", a peer of node " + index);
            peerAddresses.add(a);
        }
    }

    /** Node {@code index}'s peers in the dial graph, either direction, ascending. */
    public static List<Integer> peersOf(Topology topology, int index) {
        TreeSet<Integer> peers = new TreeSet<>(topology.dials(index));
        peers.addAll(topology.dialedBy(index));
        return List.copyOf(peers);
    }

    public List<Integer> peers() {
        return peers;
    }

    public QueueKind queue() {
        return queue;
    }

    public DelayMode delay() {
        return delay;
    }

    /** What the kernel must offer for this plan. */
    public Set<KernelFeature> requirements() {
        return requirements(queue, delay);
    }

    public static Set<KernelFeature> requirements(QueueKind queue, DelayMode delay) {
        Set<KernelFeature> need = EnumSet.of(KernelFeature.HTB, KernelFeature.INGRESS, KernelFeature.U32,
                KernelFeature.MIRRED, KernelFeature.IFB);
        need.add(queue == QueueKind.FQ_CODEL ? KernelFeature.FQ_CODEL : KernelFeature.PFIFO);
        if (delay == DelayMode.NETEM) need.add(KernelFeature.NETEM);
        return need;
    }

    /**
     * The steps, to run in the pod's own namespace: the IFB device, then one tc batch for both
     * directions. Applying them to a pod that already holds them needs {@link #clearSteps()} first.
     */
    public List<PlanStep> steps() {
        TopologyNode node = topology.node(index);
        List<String> tc = new ArrayList<>(LinkShaping.lines(device, node.upBps(), queue, peerAddresses, "dst"));
        tc.add("qdisc replace dev " + device + " handle ffff: ingress");
        tc.add("filter add dev " + device + " parent ffff: protocol all prio 1 u32 match u32 0 0 action mirred egress redirect dev "
                + FabricNames.IFB);
        if (delay == DelayMode.NETEM) {
            List<Integer> delays = peers.stream().map(p -> topology.latency().micros(p, index)).toList();
            tc.addAll(LinkShaping.delayedLines(FabricNames.IFB, node.downBps(), queue, peerAddresses, delays));
        } else {
            tc.addAll(LinkShaping.lines(FabricNames.IFB, node.downBps(), queue, peerAddresses, "src"));
        }
        return List.of(
                new PlanStep("ip", null, "node " + index + ": the IFB device for the downlink",
                        List.of("link add " + FabricNames.IFB + " type ifb", "link set " + FabricNames.IFB + " up")),
                new PlanStep("tc", null, "node " + index + ": uplink " + node.upBps() + " bit/s on " + device + ", downlink "
                        + node.downBps() + " bit/s on " + FabricNames.IFB + ", queue " + queue.label() + ", delay " + delay.label()
                        + " (" + peers.size() + " peers)", tc));
    }

    /**
     * Deletes what {@link #steps()} makes, for a pod whose init step runs again after a restart.
     * Each line may fail where there is nothing to delete, so each is its own batch.
     */
    public List<PlanStep> clearSteps() {
        return List.of(
                new PlanStep("tc", null, "remove the uplink", List.of("qdisc del dev " + device + " root")),
                new PlanStep("tc", null, "remove the ingress redirect", List.of("qdisc del dev " + device + " ingress")),
                new PlanStep("ip", null, "remove the IFB device", List.of("link del " + FabricNames.IFB)));
    }

    /** The steps as a shell script a person can read. */
    public String script() {
        StringBuilder b = new StringBuilder("#!/bin/sh\n# gsnode k8s: shapes node ").append(index).append(" of a ")
                .append(topology.n()).append("-node topology (seed ").append(topology.seed()).append(") in its own pod.\nset -e\n\n");
        for (PlanStep s : steps()) b.append(s.script()).append('\n');
        return b.toString();
    }
}
