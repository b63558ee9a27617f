package io.gsnode.netns.fabric;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Checks a requested queue and delay against what the kernel offers, before anything is built.
 * Without {@code allowDegraded} a missing piece is an error naming it; with it, the fabric runs
 * what the kernel allows (no delay instead of netem, the {@code fair} queue instead of fq_codel)
 * and the result says so, for every record to carry.
 */
public final class Preflight {

    /** What will be applied, and what was given up to get there (empty when nothing was). */
    public record Decision(QueueKind queue, DelayMode delay, List<String> degradations) {
        public boolean degraded() {
            return !degradations.isEmpty();
        }
    }

    private Preflight() {
    }

    /**
     * @param delay the requested delay, or null for the default: netem where the kernel has it,
     *     else the userspace switch
     */
    public static Decision decide(QueueKind queue, DelayMode delay, Set<KernelFeature> have, boolean allowDegraded) {
        List<String> degradations = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        DelayMode chosen = delay;
        if (chosen == null) {
            chosen = have.containsAll(EnumSet.of(KernelFeature.NETEM, KernelFeature.VETH, KernelFeature.BRIDGE))
                    ? DelayMode.NETEM : DelayMode.USERSPACE;
        }
        if (chosen == DelayMode.NETEM && !have.contains(KernelFeature.NETEM)) {
            if (allowDegraded) {
                degradations.add("no netem in this kernel: pairs get no delay (delay: none)");
                chosen = DelayMode.NONE;
            } else {
                missing.add(KernelFeature.NETEM.what() + " (use --delay userspace for the delay switch, or --allow-degraded for none)");
            }
        }
        QueueKind q = queue;
        if (q == QueueKind.FQ_CODEL && !have.contains(KernelFeature.FQ_CODEL)) {
            if (allowDegraded) {
                degradations.add("no fq_codel in this kernel: the per-peer fair queue instead (queue: fair)");
                q = QueueKind.FAIR;
            } else {
                missing.add(KernelFeature.FQ_CODEL.what() + " (use --queue fair, or --allow-degraded)");
            }
        }
        if (missing.isEmpty()) {
            Set<KernelFeature> need = requirements(q, chosen);
            need.removeAll(have);
            missing.addAll(need.stream().map(KernelFeature::what).toList());
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException("this kernel lacks what the fabric needs: " + String.join("; ", missing));
        }
        return new Decision(q, chosen, List.copyOf(degradations));
    }

    /** What a plan with this queue and delay needs (the same set {@link FabricPlan#requirements()} gives). */
    public static Set<KernelFeature> requirements(QueueKind queue, DelayMode delay) {
        Set<KernelFeature> need = EnumSet.of(KernelFeature.HTB, KernelFeature.INGRESS, KernelFeature.U32,
                KernelFeature.MIRRED, KernelFeature.IFB);
        need.add(queue == QueueKind.FQ_CODEL ? KernelFeature.FQ_CODEL : KernelFeature.PFIFO);
        if (delay.usesTun()) {
            need.add(KernelFeature.TUN);
        } else {
            need.addAll(EnumSet.of(KernelFeature.VETH, KernelFeature.BRIDGE));
        }
        if (delay == DelayMode.NETEM) need.add(KernelFeature.NETEM);
        return need;
    }

    /** One line for a person: {@code htb, pfifo, ...}. */
    public static String describe(Set<KernelFeature> have) {
        return have.stream().map(KernelFeature::what).collect(Collectors.joining(", "));
    }
}
