package io.gsnode.netns.fabric;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Finds out which qdiscs, filters, actions and link types this kernel offers, by trying each one
 * in a scratch namespace that is removed afterwards, or, in a pod that may not make namespaces, on
 * scratch IFB devices of its own namespace. Asking beats assuming: many kernels (this project's
 * machines among them) lack netem or fq_codel.
 */
public final class KernelProbe {

    private KernelProbe() {
    }

    /** The features that work here. Needs the rights to create a namespace. */
    public static Set<KernelFeature> probe() throws IOException {
        String ns = "gsprobe-" + ProcessHandle.current().pid();
        Commands.Result add = Commands.run(List.of("ip", "netns", "add", ns), null);
        if (!add.ok()) throw new IOException("cannot create a network namespace (root or a user namespace is needed): " + add.output());
        try {
            Set<KernelFeature> have = EnumSet.noneOf(KernelFeature.class);
            if (ip(ns, "link add gsprobeifb type ifb")) have.add(KernelFeature.IFB);
            if (ip(ns, "link add gsprobeveth type veth peer name gsprobepeer")) have.add(KernelFeature.VETH);
            if (ip(ns, "link add gsprobebr type bridge")) have.add(KernelFeature.BRIDGE);
            if (Files.exists(Path.of("/dev/net/tun")) && ip(ns, "tuntap add mode tun name gsprobetun")) have.add(KernelFeature.TUN);
            have.addAll(shaping(ns, "lo", have.contains(KernelFeature.IFB) ? "gsprobeifb" : null));
            return have;
        } finally {
            Commands.run(List.of("ip", "netns", "delete", ns), null);
        }
    }

    /**
     * The features a pod's shaping needs ({@link PodShapingPlan#requirements}), tried in this
     * process's own namespace on two scratch IFB devices that are deleted afterwards; needs
     * CAP_NET_ADMIN there. Without IFB devices nothing else can be tried, and the pod cannot
     * shape its downlink anyway.
     */
    public static Set<KernelFeature> probeInPlace() throws IOException {
        String dev = "gsprobe" + ProcessHandle.current().pid() % 100_000;
        String target = dev + "r";
        if (!ip(null, "link add " + dev + " type ifb")) return EnumSet.noneOf(KernelFeature.class);
        try {
            Set<KernelFeature> have = EnumSet.of(KernelFeature.IFB);
            boolean second = ip(null, "link add " + target + " type ifb");
            have.addAll(shaping(null, dev, second ? target : null));
            return have;
        } finally {
            ip(null, "link del " + dev);
            ip(null, "link del " + target);
        }
    }

    /** The qdiscs, filter and action, tried on {@code dev}; MIRRED only when there is an IFB {@code redirectTo}. */
    private static Set<KernelFeature> shaping(String ns, String dev, String redirectTo) throws IOException {
        Set<KernelFeature> have = EnumSet.noneOf(KernelFeature.class);
        if (tc(ns, "qdisc add dev " + dev + " root handle 1: htb default 1")) {
            have.add(KernelFeature.HTB);
            if (tc(ns, "class add dev " + dev + " parent 1: classid 1:1 htb rate 1gbit")) {
                if (tc(ns, "filter add dev " + dev + " parent 1: protocol ip prio 1 u32 match ip dst 10.0.0.1/32 flowid 1:1")) {
                    have.add(KernelFeature.U32);
                }
                if (tc(ns, "qdisc add dev " + dev + " parent 1:1 handle 2: pfifo limit 10")) have.add(KernelFeature.PFIFO);
                if (tc(ns, "qdisc replace dev " + dev + " parent 1:1 handle 2: fq_codel")) have.add(KernelFeature.FQ_CODEL);
                if (tc(ns, "qdisc replace dev " + dev + " parent 1:1 handle 2: netem delay 1ms")) have.add(KernelFeature.NETEM);
            }
            tc(ns, "qdisc del dev " + dev + " root");
        }
        if (tc(ns, "qdisc add dev " + dev + " handle ffff: ingress")) {
            have.add(KernelFeature.INGRESS);
            if (redirectTo != null && tc(ns, "filter add dev " + dev
                    + " parent ffff: protocol all prio 2 u32 match u32 0 0 action mirred egress redirect dev " + redirectTo)) {
                have.add(KernelFeature.MIRRED);
            }
            tc(ns, "qdisc del dev " + dev + " ingress");
        }
        return have;
    }

    private static boolean tc(String ns, String line) throws IOException {
        return Commands.run(command("tc", ns), line + "\n").ok();
    }

    private static boolean ip(String ns, String line) throws IOException {
        return Commands.run(command("ip", ns), line + "\n").ok();
    }

    private static List<String> command(String tool, String ns) {
        List<String> c = new ArrayList<>(List.of(tool));
        if (ns != null) c.addAll(List.of("-n", ns));
        c.addAll(List.of("-batch", "-"));
        return c;
    }
}
