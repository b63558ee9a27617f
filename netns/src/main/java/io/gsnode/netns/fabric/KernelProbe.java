package io.gsnode.netns.fabric;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Finds out which qdiscs, filters, actions and link types this kernel offers, by trying each one
 * in a scratch namespace that is removed afterwards. Asking beats assuming: many kernels (this
 * project's machines among them) lack netem or fq_codel.
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
            if (tc(ns, "qdisc add dev lo root handle 1: htb default 1")) {
                have.add(KernelFeature.HTB);
                if (tc(ns, "class add dev lo parent 1: classid 1:1 htb rate 1gbit")) {
                    if (tc(ns, "filter add dev lo parent 1: protocol ip prio 1 u32 match ip dst 10.0.0.1/32 flowid 1:1")) {
                        have.add(KernelFeature.U32);
                    }
                    if (tc(ns, "qdisc add dev lo parent 1:1 handle 2: pfifo limit 10")) have.add(KernelFeature.PFIFO);
                    if (tc(ns, "qdisc replace dev lo parent 1:1 handle 2: fq_codel")) have.add(KernelFeature.FQ_CODEL);
                    if (tc(ns, "qdisc replace dev lo parent 1:1 handle 2: netem delay 1ms")) have.add(KernelFeature.NETEM);
                }
            }
            if (ip(ns, "link add gsprobeifb type ifb")) have.add(KernelFeature.IFB);
            if (ip(ns, "link add gsprobeveth type veth peer name gsprobepeer")) have.add(KernelFeature.VETH);
            if (ip(ns, "link add gsprobebr type bridge")) have.add(KernelFeature.BRIDGE);
            if (Files.exists(Path.of("/dev/net/tun")) && ip(ns, "tuntap add mode tun name gsprobetun")) have.add(KernelFeature.TUN);
            if (tc(ns, "qdisc add dev lo handle ffff: ingress")) {
                have.add(KernelFeature.INGRESS);
                if (have.contains(KernelFeature.IFB)
                        && tc(ns, "filter add dev lo parent ffff: protocol all prio 2 u32 match u32 0 0 action mirred egress redirect dev gsprobeifb")) {
                    have.add(KernelFeature.MIRRED);
                }
            }
            return have;
        } finally {
            Commands.run(List.of("ip", "netns", "delete", ns), null);
        }
    }

    private static boolean tc(String ns, String line) throws IOException {
        return Commands.run(List.of("tc", "-n", ns, "-batch", "-"), line + "\n").ok();
    }

    private static boolean ip(String ns, String line) throws IOException {
        return Commands.run(List.of("ip", "-n", ns, "-batch", "-"), line + "\n").ok();
    }
}
