package io.gsnode.k8s.cli;

import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyReader;
import io.gsnode.k8s.DelayRequest;
import io.gsnode.k8s.manifest.PodLayout;
import io.gsnode.k8s.shape.PodShaper;
import io.gsnode.netns.fabric.DelayMode;
import io.gsnode.netns.fabric.KernelFeature;
import io.gsnode.netns.fabric.KernelProbe;
import io.gsnode.netns.fabric.PodShapingPlan;
import io.gsnode.netns.fabric.QueueKind;
import io.gsnode.node.run.PeerAddressing;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gsnode k8s shape}: a pod's part of the fabric, run by its init container (NET_ADMIN)
 * before the node starts. Exits 0 once applied, 2 when the kernel lacks what was asked for or a
 * peer's name never resolves, so the pod does not start a node on an unshaped link.
 */
@Command(name = "shape", mixinStandardHelpOptions = true,
        description = {"Shape this pod's links for node --index of a topology (a cell's init container runs it):",
                "an HTB uplink at up_bps, an IFB downlink at down_bps, and each peer's one-way latency with netem",
                "where the kernel has it. Writes what it applied (queue, delay, fabric.sh) into --out for the node's record."})
public final class K8sShapeCommand implements Callable<Integer> {

    @Option(names = "--topology", required = true, paramLabel = "FILE", description = "The cell's topology.")
    Path topology;

    @Option(names = "--index", required = true, paramLabel = "I", description = "This pod's node index (its ordinal).")
    int index;

    @Option(names = "--peer-address", paramLabel = "TEMPLATE", description = "Peer i's name, {i} for the index (default: ${DEFAULT-VALUE}).")
    String peerAddress = PodLayout.peerTemplate();

    @Option(names = "--device", paramLabel = "IF", description = "The pod's interface (default: ${DEFAULT-VALUE}).")
    String device = "eth0";

    @Option(names = "--queue", paramLabel = "fifo|fq_codel|fair", description = "Leaf queue (default: ${DEFAULT-VALUE}).")
    QueueKind queue = QueueKind.FIFO;

    @Option(names = "--delay", paramLabel = "auto|netem|none", description = "Pair latency (default: ${DEFAULT-VALUE}).")
    DelayRequest delay = DelayRequest.AUTO;

    @Option(names = "--allow-degraded", description = "Without fq_codel, the fair queue instead.")
    boolean allowDegraded;

    @Option(names = "--resolve-timeout", paramLabel = "S",
            description = "How long peers' names may take to resolve: their pods may still be starting (default: ${DEFAULT-VALUE}).")
    long resolveTimeoutS = 900;

    @Option(names = "--out", paramLabel = "DIR", description = "Where to leave queue, delay and fabric.sh (default: ${DEFAULT-VALUE}).")
    Path out = Path.of(PodLayout.CELL_DIR);

    @Option(names = "--dry-run", description = "Print the script for the resolved peers (netem unless --delay none) and apply nothing.")
    boolean dryRun;

    @Override
    public Integer call() throws Exception {
        Topology t;
        PeerAddressing addressing;
        try {
            t = TopologyReader.read(topology);
            if (index < 0 || index >= t.n()) throw new IllegalArgumentException("--index " + index + " is not a node of " + t.n());
            addressing = PeerAddressing.named(peerAddress);
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("gsnode k8s shape: " + e.getMessage());
            return 2;
        }
        PodShaper shaper = new PodShaper(t, index, addressing, device, System.out);
        Map<Integer, String> peers;
        try {
            peers = shaper.resolvePeers(Duration.ofSeconds(resolveTimeoutS));
        } catch (IOException e) {
            System.err.println("gsnode k8s shape: " + e.getMessage());
            return 2;
        }
        if (dryRun) {
            DelayMode d = delay == DelayRequest.NONE ? DelayMode.NONE : DelayMode.NETEM;
            System.out.print(new PodShapingPlan(t, index, device, queue, d, new TreeMap<>(peers)).script());
            return 0;
        }
        PodShaper.Decision decision;
        try {
            Set<KernelFeature> have = KernelProbe.probeInPlace();
            decision = PodShaper.decide(queue, delay, have, allowDegraded);
            shaper.apply(decision, peers, out);
        } catch (IllegalStateException | IOException e) {
            System.err.println("gsnode k8s shape: " + e.getMessage());
            return 2;
        }
        for (String d : decision.degradations()) System.out.println("gsnode k8s shape: degraded: " + d);
        System.out.printf("gsnode k8s shape: node %d shaped: up %d bit/s, down %d bit/s, queue %s, delay %s, %d peers%n", index,
                t.node(index).upBps(), t.node(index).downBps(), decision.queue().label(), decision.delay().label(), peers.size());
        return 0;
    }
}
