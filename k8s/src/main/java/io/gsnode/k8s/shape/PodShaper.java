package io.gsnode.k8s.shape;

import io.gsnode.formats.topology.Topology;
import io.gsnode.k8s.DelayRequest;
import io.gsnode.k8s.manifest.PodLayout;
import io.gsnode.netns.fabric.Commands;
import io.gsnode.netns.fabric.DelayMode;
import io.gsnode.netns.fabric.KernelFeature;
import io.gsnode.netns.fabric.PlanStep;
import io.gsnode.netns.fabric.PodShapingPlan;
import io.gsnode.netns.fabric.QueueKind;
import io.gsnode.node.run.PeerAddressing;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * A pod's part of the fabric, applied from inside the pod before its node starts: wait until every
 * dialled peer's name resolves to its pod's address, decide what this node's kernel allows, apply
 * {@link PodShapingPlan} with {@code ip} and {@code tc}, and leave what was applied for the node's
 * record ({@link PodLayout#QUEUE_FILE}, {@link PodLayout#DELAY_FILE}) and for a person
 * ({@link PodLayout#FABRIC_SCRIPT}).
 */
public final class PodShaper {

    /** How often unresolved peers are tried again and progress printed. */
    private static final Duration RETRY = Duration.ofSeconds(1);
    private static final Duration PROGRESS = Duration.ofSeconds(10);

    /** What a pod will apply, and what it gave up to get there (empty when nothing). */
    public record Decision(QueueKind queue, DelayMode delay, List<String> degradations) {}

    private final Topology topology;
    private final int index;
    private final PeerAddressing addressing;
    private final String device;
    private final PrintStream progress;

    public PodShaper(Topology topology, int index, PeerAddressing addressing, String device, PrintStream progress) {
        this.topology = topology;
        this.index = index;
        this.addressing = addressing;
        this.device = device;
        this.progress = progress;
    }

    /**
     * Every dialled peer's IPv4 address, by index, waiting for names that do not resolve yet (a
     * peer's pod may still be scheduled or pulling its image).
     *
     * @throws IOException when some name does not resolve within {@code patience}; it names them
     */
    public Map<Integer, String> resolvePeers(Duration patience) throws IOException, InterruptedException {
        List<Integer> pending = new ArrayList<>(PodShapingPlan.peersOf(topology, index));
        Map<Integer, String> resolved = new TreeMap<>();
        long start = System.nanoTime();
        long deadline = start + patience.toNanos();
        long nextReport = start + PROGRESS.toNanos();
        while (true) {
            for (var it = pending.iterator(); it.hasNext(); ) {
                int peer = it.next();
                Optional<String> ip = PeerAddressing.ipv4(addressing.nameOf(peer));
                if (ip.isPresent()) {
                    resolved.put(peer, ip.get());
                    it.remove();
                }
            }
            if (pending.isEmpty()) return resolved;
            long now = System.nanoTime();
            if (now - deadline >= 0) {
                throw new IOException(pending.size() + " peers did not resolve within " + patience.toSeconds() + " s: "
                        + pending.stream().limit(10).map(addressing::nameOf).toList() + (pending.size() > 10 ? " ..." : ""));
            }
            if (now - nextReport >= 0) {
                progress.printf("gsnode k8s shape: %d of %d peers resolve; waiting for %s%s%n", resolved.size(),
                        resolved.size() + pending.size(), addressing.nameOf(pending.get(0)), pending.size() > 1 ? " and others" : "");
                nextReport = now + PROGRESS.toNanos();
            }
            Thread.sleep(RETRY.toMillis());
        }
    }

    /**
     * The queue and delay this kernel allows for the request: {@code auto} delay is netem where
     * the kernel has it, else none; a missing fq_codel is the fair queue with {@code allowDegraded}.
     *
     * @throws IllegalStateException naming what the kernel lacks for the request
     */
    public static Decision decide(QueueKind queue, DelayRequest delay, Set<KernelFeature> have, boolean allowDegraded) {
        List<String> degradations = new ArrayList<>();
        DelayMode d = switch (delay) {
            case NETEM -> DelayMode.NETEM;
            case NONE -> DelayMode.NONE;
            case AUTO -> have.contains(KernelFeature.NETEM) ? DelayMode.NETEM : DelayMode.NONE;
        };
        if (delay == DelayRequest.AUTO && d == DelayMode.NONE) {
            degradations.add("no netem in this kernel: pairs get no delay (delay: none)");
        }
        QueueKind q = queue;
        if (q == QueueKind.FQ_CODEL && !have.contains(KernelFeature.FQ_CODEL) && allowDegraded) {
            degradations.add("no fq_codel in this kernel: the per-peer fair queue instead (queue: fair)");
            q = QueueKind.FAIR;
        }
        Set<KernelFeature> missing = PodShapingPlan.requirements(q, d);
        missing.removeAll(have);
        if (!missing.isEmpty()) {
            List<String> what = missing.stream().map(KernelFeature::what).toList();
            throw new IllegalStateException("this node's kernel lacks what the pod's shaping needs: " + String.join(", ", what)
                    + (missing.contains(KernelFeature.NETEM) ? " (--delay auto runs without delay and says so)" : "")
                    + (missing.contains(KernelFeature.FQ_CODEL) ? " (--allow-degraded runs the fair queue instead)" : ""));
        }
        return new Decision(q, d, List.copyOf(degradations));
    }

    /** Applies {@code decided} for the resolved {@code peers}, after removing what an earlier start left. */
    public PodShapingPlan apply(Decision decided, Map<Integer, String> peers, Path out) throws IOException {
        PodShapingPlan plan = new PodShapingPlan(topology, index, device, decided.queue(), decided.delay(), peers);
        for (PlanStep clear : plan.clearSteps()) Commands.run(clear.command(), String.join("\n", clear.lines()) + "\n");
        for (PlanStep step : plan.steps()) Commands.apply(step);
        Files.createDirectories(out);
        Files.writeString(out.resolve(PodLayout.FABRIC_SCRIPT), plan.script());
        Files.writeString(out.resolve(PodLayout.QUEUE_FILE), decided.queue().label() + "\n");
        Files.writeString(out.resolve(PodLayout.DELAY_FILE), decided.delay().label() + "\n");
        return plan;
    }
}
