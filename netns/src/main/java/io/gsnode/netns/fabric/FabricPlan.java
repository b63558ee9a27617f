package io.gsnode.netns.fabric;

import io.gsnode.formats.topology.Edge;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Everything one fabric is made of, as {@code ip -batch} / {@code tc -batch} steps generated from a
 * topology (docs/arms.md §15). Generating touches nothing; {@link FabricBuilder} applies a plan and
 * {@link #script()} writes it out as a shell script a person can read and run.
 *
 * <p>With veths (delay {@code netem} or {@code none}): a fabric namespace holds a bridge, each node
 * namespace one veth whose peer is a bridge port, every dialled peer is a permanent neighbour
 * entry (the kernel's shared neighbour table would otherwise refuse entries past its cap and
 * silently blackhole), and with netem each receiver's bridge port delays what comes from each
 * dialled peer by the pair's one-way latency. With the userspace switch: each node namespace holds
 * a TUN device that the switch reads and writes; no bridge, no neighbours (TUN has no ARP).
 * Either way the node's interface carries the uplink's HTB and its ingress is redirected to an
 * IFB device that carries the downlink's.
 */
public final class FabricPlan {

    /** The address range every node routes to its interface (IpPlan hands out 10/8). */
    static final String FABRIC_RANGE = "10.0.0.0/8";

    /** A build line that makes a top-level qdisc: its device, and "root" or the ingress handle. */
    private static final Pattern MADE_QDISC = Pattern.compile("qdisc replace dev (\\S+) (root|handle ffff:) ");

    /** Packets one netem qdisc holds: enough for a full window of a fast pair, never the limit. */
    static final int NETEM_LIMIT = 100_000;

    private final Topology topology;
    private final FabricNames names;
    private final QueueKind queue;
    private final DelayMode delay;
    private final List<PlanStep> build = new ArrayList<>();
    private final List<TreeSet<Integer>> adjacency = new ArrayList<>();

    public FabricPlan(Topology topology, FabricNames names, QueueKind queue, DelayMode delay) {
        this.topology = topology;
        this.names = names;
        this.queue = queue;
        this.delay = delay;
        for (int i = 0; i < topology.n(); i++) adjacency.add(new TreeSet<>());
        for (Edge e : topology.edges()) {
            adjacency.get(e.a()).add(e.b());
            adjacency.get(e.b()).add(e.a());
        }
        plan();
    }

    public Topology topology() {
        return topology;
    }

    public FabricNames names() {
        return names;
    }

    public QueueKind queue() {
        return queue;
    }

    public DelayMode delay() {
        return delay;
    }

    /** The steps that build the fabric, in order. */
    public List<PlanStep> buildSteps() {
        return List.copyOf(build);
    }

    /**
     * The steps of the reset between runs: each shaping batch of the build (its {@code tc}
     * batches) preceded by the deletion of every qdisc it makes, so queues, classes, filters and
     * counters all start empty. Deleting first is needed because tc cannot change an existing HTB
     * root in place ("qdisc replace" fails with "Change operation not supported").
     */
    public List<PlanStep> resetSteps() {
        return build.stream().filter(s -> s.tool().equals("tc")).map(FabricPlan::remade).toList();
    }

    private static PlanStep remade(PlanStep shaping) {
        List<String> lines = new ArrayList<>();
        for (String line : shaping.lines()) {
            Matcher m = MADE_QDISC.matcher(line);
            if (m.lookingAt()) lines.add("qdisc del dev " + m.group(1) + (m.group(2).equals("root") ? " root" : " ingress"));
        }
        lines.addAll(shaping.lines());
        return new PlanStep(shaping.tool(), shaping.namespace(), shaping.purpose() + ", remade empty", lines);
    }

    /** The steps that remove every namespace of the fabric (and with them every device in it). */
    public List<PlanStep> teardownSteps() {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < topology.n(); i++) lines.add("netns delete " + names.nodeNamespace(i));
        if (!delay.usesTun()) lines.add("netns delete " + names.fabricNamespace());
        return List.of(new PlanStep("ip", null, "remove the fabric's namespaces", lines));
    }

    /** What the kernel must offer for this plan. */
    public Set<KernelFeature> requirements() {
        return Preflight.requirements(queue, delay);
    }

    /** The whole plan as a shell script: build steps, then nothing else (teardown is its own script). */
    public String script() {
        return script(build, "builds the fabric");
    }

    public String teardownScript() {
        return script(teardownSteps(), "removes the fabric");
    }

    private String script(List<PlanStep> steps, String what) {
        StringBuilder b = new StringBuilder("#!/bin/sh\n# gsnode netns: this script ").append(what).append(" '")
                .append(names.tag()).append("' for a ").append(topology.n()).append("-node topology (seed ")
                .append(topology.seed()).append("), queue ").append(queue.label()).append(", delay ")
                .append(delay.label()).append(".\nset -e\n\n");
        for (PlanStep s : steps) b.append(s.script()).append('\n');
        return b.toString();
    }

    private void plan() {
        int n = topology.n();
        List<String> namespaces = new ArrayList<>();
        if (!delay.usesTun()) namespaces.add("netns add " + names.fabricNamespace());
        for (int i = 0; i < n; i++) namespaces.add("netns add " + names.nodeNamespace(i));
        build.add(new PlanStep("ip", null, "one namespace per node" + (delay.usesTun() ? "" : ", and the fabric's"), namespaces));
        if (delay.usesTun()) {
            for (int i = 0; i < n; i++) build.add(tunNode(i));
        } else {
            build.add(bridge());
            List<String> veths = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                veths.add("link add name " + FabricNames.VETH + " netns " + names.nodeNamespace(i) + " type veth peer name "
                        + FabricNames.port(i) + " netns " + names.fabricNamespace());
            }
            build.add(new PlanStep("ip", null, "a veth per node, its peer end in the fabric namespace", veths));
            build.add(ports());
            for (int i = 0; i < n; i++) build.add(vethNode(i));
        }
        for (int i = 0; i < n; i++) build.add(shaping(i));
        if (delay == DelayMode.NETEM) {
            for (int j = 0; j < n; j++) build.add(netem(j));
        }
    }

    private PlanStep bridge() {
        return new PlanStep("ip", names.fabricNamespace(), "the bridge every node's veth joins", List.of(
                "link set lo up",
                "link add " + FabricNames.BRIDGE + " type bridge",
                "link set " + FabricNames.BRIDGE + " up"));
    }

    private PlanStep ports() {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < topology.n(); i++) {
            lines.add("link set " + FabricNames.port(i) + " master " + FabricNames.BRIDGE);
            lines.add("link set " + FabricNames.port(i) + " up");
        }
        return new PlanStep("ip", names.fabricNamespace(), "every port on the bridge", lines);
    }

    private PlanStep vethNode(int i) {
        TopologyNode node = topology.node(i);
        List<String> lines = new ArrayList<>(List.of(
                "link set lo up",
                "link set " + FabricNames.VETH + " address " + FabricNames.mac(i),
                "addr add " + node.ip() + "/8 dev " + FabricNames.VETH,
                "link set " + FabricNames.VETH + " up"));
        lines.addAll(ifb());
        for (int peer : peers(i)) {
            lines.add("neigh replace " + topology.node(peer).ip() + " lladdr " + FabricNames.mac(peer) + " dev "
                    + FabricNames.VETH + " nud permanent");
        }
        return new PlanStep("ip", names.nodeNamespace(i), "node " + i + ": address, IFB, permanent neighbours", lines);
    }

    private PlanStep tunNode(int i) {
        List<String> lines = new ArrayList<>(List.of(
                "link set lo up",
                "tuntap add mode tun name " + FabricNames.TUN,
                // No IPv6 link-local address, so no router solicitations or MLD reports for the switch to drop.
                "link set " + FabricNames.TUN + " addrgenmode none",
                "addr add " + topology.node(i).ip() + "/32 dev " + FabricNames.TUN,
                "link set " + FabricNames.TUN + " up",
                "route add " + FABRIC_RANGE + " dev " + FabricNames.TUN));
        lines.addAll(ifb());
        return new PlanStep("ip", names.nodeNamespace(i), "node " + i + ": TUN device for the switch, address, IFB", lines);
    }

    private static List<String> ifb() {
        return List.of("link add " + FabricNames.IFB + " type ifb", "link set " + FabricNames.IFB + " up");
    }

    private PlanStep shaping(int i) {
        TopologyNode node = topology.node(i);
        String dev = delay.usesTun() ? FabricNames.TUN : FabricNames.VETH;
        List<String> peerIps = peers(i).stream().map(p -> topology.node(p).ip()).toList();
        List<String> lines = new ArrayList<>(LinkShaping.lines(dev, node.upBps(), queue, peerIps, "dst"));
        lines.add("qdisc replace dev " + dev + " handle ffff: ingress");
        lines.add("filter add dev " + dev + " parent ffff: protocol all prio 1 u32 match u32 0 0 action mirred egress redirect dev "
                + FabricNames.IFB);
        lines.addAll(LinkShaping.lines(FabricNames.IFB, node.downBps(), queue, peerIps, "src"));
        return new PlanStep("tc", names.nodeNamespace(i), "node " + i + ": uplink " + node.upBps() + " bit/s on " + dev
                + ", downlink " + node.downBps() + " bit/s on " + FabricNames.IFB + ", queue " + queue.label(), lines);
    }

    /** Receiver j's bridge port delays each dialled peer's packets by that pair's one-way latency. */
    private PlanStep netem(int j) {
        String port = FabricNames.port(j);
        List<String> lines = new ArrayList<>(List.of(
                "qdisc replace dev " + port + " root handle 1: htb default 1",
                "class add dev " + port + " parent 1: classid 1:1 htb rate 100gbit"));
        for (int i : peers(j)) {
            String minor = Integer.toHexString(i + 2);
            lines.add("class add dev " + port + " parent 1: classid 1:" + minor + " htb rate 100gbit");
            lines.add("qdisc add dev " + port + " parent 1:" + minor + " handle " + minor + ": netem delay "
                    + topology.latency().micros(i, j) + "us limit " + NETEM_LIMIT);
            lines.add("filter add dev " + port + " parent 1: protocol ip prio 1 u32 match ip src " + topology.node(i).ip()
                    + "/32 flowid 1:" + minor);
        }
        return new PlanStep("tc", names.fabricNamespace(), "node " + j + "'s port: each dialled peer's one-way latency", lines);
    }

    /** Node i's peers in the dial graph, either direction, ascending. */
    List<Integer> peers(int i) {
        return List.copyOf(adjacency.get(i));
    }
}
