package io.gsnode.netns.fabric;

import java.util.ArrayList;
import java.util.List;

/**
 * The HTB construction that rate-limits one direction of a node's access link, on one device:
 * the node's interface for the uplink, its IFB device for the downlink.
 *
 * <pre>
 *   root 1: htb default 2
 *     class 1:1   rate R ceil R                       the link
 *       class 1:2 (leaf)                              fifo/fq_codel: all traffic; fair: non-peers
 *       class 1:3.. (fair only) one leaf per peer     quantum 1514 each: round-robin by packet
 * </pre>
 *
 * <p>A Kubernetes pod's downlink ({@link #delayedLines}) is the fair construction with a netem leaf
 * per peer: the pod's IFB device is the one place a pod can delay what it receives.
 *
 * <p>Under {@code fair} each peer's leaf is guaranteed R / (peers + 1) and may borrow up to R, so
 * a lone flow takes the whole link and k busy flows split it evenly: the fair share that fq_codel
 * would give per flow, here per destination (uplink) or per source (downlink), without fq_codel.
 * Class and handle numbers are hexadecimal to tc, so they are written in hex.
 */
final class LinkShaping {

    /** Packets a leaf FIFO holds (the reference's limit is unknown; 1000 is pfifo's usual default). */
    static final int FIFO_LIMIT = 1000;

    /** Equal quanta make HTB's deficit round-robin among busy leaves fair per packet of MTU size. */
    static final int QUANTUM = 1514;

    private LinkShaping() {
    }

    /**
     * The tc batch lines for {@code device}.
     *
     * @param peerIps the peers' addresses, for {@code fair}; matched as destination ({@code dst})
     *     on the uplink and as source ({@code src}) on the downlink
     */
    static List<String> lines(String device, long rateBps, QueueKind queue, List<String> peerIps, String match) {
        List<String> out = new ArrayList<>();
        String rate = rateBps + "bit";
        out.add("qdisc replace dev " + device + " root handle 1: htb default 2");
        out.add("class add dev " + device + " parent 1: classid 1:1 htb rate " + rate + " ceil " + rate);
        if (queue != QueueKind.FAIR) {
            out.add("class add dev " + device + " parent 1:1 classid 1:2 htb rate " + rate + " ceil " + rate);
            out.add("qdisc add dev " + device + " parent 1:2 handle 2: " + leaf(queue));
            return out;
        }
        List<String> fifos = peerIps.stream().map(ip -> leaf(QueueKind.FIFO)).toList();
        return perPeer(out, device, rateBps, leaf(QueueKind.FIFO), peerIps, fifos, match);
    }

    /**
     * The downlink of a Kubernetes pod, where the pod's own IFB device is the only place left to
     * delay what arrives: the {@code fair} construction, each peer's leaf a netem qdisc that holds
     * that peer's packets for the pair's one-way latency before the link serves them, and a
     * {@code queue} leaf for everything else (DNS, the epoch coordinator). Each source then has its
     * own queue, so the downlink is per-source fair whatever {@code queue} says (docs/kubernetes.md).
     *
     * @param delaysMicros the one-way latency from each of {@code peerIps}, in the same order
     */
    static List<String> delayedLines(String device, long rateBps, QueueKind queue, List<String> peerIps, List<Integer> delaysMicros) {
        if (delaysMicros.size() != peerIps.size()) throw new IllegalArgumentException("one delay per peer");
        List<String> out = new ArrayList<>();
        String rate = rateBps + "bit";
        out.add("qdisc replace dev " + device + " root handle 1: htb default 2");
        out.add("class add dev " + device + " parent 1: classid 1:1 htb rate " + rate + " ceil " + rate);
        List<String> leaves = delaysMicros.stream().map(us -> "netem delay " + us + "us limit " + FabricPlan.NETEM_LIMIT).toList();
        return perPeer(out, device, rateBps, leaf(queue), peerIps, leaves, "src");
    }

    /** The fair construction's leaves: 1:2 for non-peers with {@code defaultLeaf}, 1:3.. one per peer. */
    private static List<String> perPeer(List<String> out, String device, long rateBps, String defaultLeaf, List<String> peerIps,
                                        List<String> peerLeaves, String match) {
        String rate = rateBps + "bit";
        int leaves = peerIps.size() + 1;
        long share = Math.max(8, rateBps / leaves);
        for (int k = 0; k < leaves; k++) {
            String minor = Integer.toHexString(k + 2);
            out.add("class add dev " + device + " parent 1:1 classid 1:" + minor + " htb rate " + share + "bit ceil "
                    + rate + " quantum " + QUANTUM);
            out.add("qdisc add dev " + device + " parent 1:" + minor + " handle " + minor + ": "
                    + (k == 0 ? defaultLeaf : peerLeaves.get(k - 1)));
        }
        for (int k = 0; k < peerIps.size(); k++) {
            out.add("filter add dev " + device + " parent 1: protocol ip prio 1 u32 match ip " + match + " "
                    + peerIps.get(k) + "/32 flowid 1:" + Integer.toHexString(k + 3));
        }
        return out;
    }

    private static String leaf(QueueKind queue) {
        return queue == QueueKind.FQ_CODEL ? "fq_codel" : "pfifo limit " + FIFO_LIMIT;
    }
}
