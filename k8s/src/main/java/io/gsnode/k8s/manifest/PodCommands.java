package io.gsnode.k8s.manifest;

import io.gsnode.k8s.K8sCell;
import io.gsnode.node.run.Transport;
import java.util.ArrayList;
import java.util.List;

/**
 * The commands a cell's pods run: the coordinator's; each node pod's init step, which assembles
 * the topology and shapes the pod's links ({@code gsnode k8s shape}); then the node itself
 * ({@code gsnode run}), whose record stays in the pod for {@code gsnode k8s collect}. The pod's
 * ordinal, the end of its host name, is the node index; what the shaping applied reaches the
 * node's record through two small files.
 */
public final class PodCommands {

    /** The pod's ordinal: a StatefulSet pod's host name is {@code gsnode-<ordinal>}. */
    static final String INDEX = "\"${HOSTNAME##*-}\"";

    private PodCommands() {}

    /** The init container's script. */
    public static String shape(K8sCell cell, PodRuntime pod) {
        List<String> java = gsnode(pod, CellManifests.TOOL_JVM_FLAGS);
        java.addAll(List.of("k8s", "shape", "--topology", pod.topology()));
        List<String> rest = new ArrayList<>(List.of("--peer-address", PodLayout.peerTemplate(), "--device", cell.device(),
                "--queue", cell.queue().label(), "--delay", cell.delay().label(), "--out", pod.cellDir()));
        if (cell.allowDegraded()) rest.add("--allow-degraded");
        return String.join("\n",
                "set -eu",
                "cat " + Shell.quote(pod.partsDir()) + "/" + PodLayout.PART_PREFIX + "* | gzip -dc > " + Shell.quote(pod.topology()),
                "exec " + Shell.join(java) + " --index " + INDEX + " " + Shell.join(rest));
    }

    /** The coordinator Job's command (no shell). */
    public static List<String> coordinator(K8sCell cell, PodRuntime pod) {
        List<String> java = gsnode(pod, CellManifests.TOOL_JVM_FLAGS);
        java.addAll(List.of("k8s", "coordinator", "--n", Integer.toString(cell.topology().n()), "--port",
                Integer.toString(cell.epochPort()), "--lead", Long.toString(cell.epochLeadMs())));
        return java;
    }

    /** {@code java FLAGS} and the entry to gsnode's root command. */
    private static List<String> gsnode(PodRuntime pod, List<String> flags) {
        List<String> java = new ArrayList<>(List.of(pod.java()));
        java.addAll(flags);
        java.addAll(pod.entry());
        return java;
    }

    /**
     * The node container's script: the node, its exit status beside its record, then an idle wait,
     * so the pod stays up (a StatefulSet restarts whatever exits) until the cell is collected.
     */
    public static String node(K8sCell cell, PodRuntime pod) {
        List<String> java = gsnode(pod, cell.jvmFlags());
        java.addAll(List.of("run", "--topology", pod.topology()));
        List<String> args = new ArrayList<>(List.of(
                "--peer-address", PodLayout.peerTemplate(),
                "--epoch-url", "http://" + PodLayout.EPOCH + ":" + cell.epochPort() + "/epoch",
                "--port", Integer.toString(cell.port()),
                "--backend", "k8s",
                "--cell", cell.label(),
                "--run", Integer.toString(cell.run()),
                "--arm", cell.arm(),
                "--payload", Integer.toString(cell.payloadBytes()),
                "--transport", cell.transport().toString()));
        if (cell.transport() == Transport.QUIC) args.addAll(cell.quicArgs());
        for (String g : cell.gossipParams()) args.addAll(List.of("--gossip", g));
        args.addAll(cell.conditionArgs());
        args.addAll(List.of(
                "--dial-at", Long.toString(cell.schedule().dialAt().toMillis()),
                "--subscribe-at", Long.toString(cell.schedule().subscribeAt().toMillis()),
                "--publish-at", Long.toString(cell.schedule().publishAt().toMillis()),
                "--hold", Long.toString(cell.schedule().hold().toMillis()),
                "--record", pod.recordsDir() + "/" + PodLayout.RECORD_FILE));
        String applied = " --queue \"$(cat " + Shell.quote(pod.cellDir() + "/" + PodLayout.QUEUE_FILE) + ")\" --delay \"$(cat "
                + Shell.quote(pod.cellDir() + "/" + PodLayout.DELAY_FILE) + ")\" ";
        return String.join("\n",
                "set -u",
                Shell.join(java) + " --index " + INDEX + applied + Shell.join(args),
                "echo $? > " + Shell.quote(pod.recordsDir() + "/" + PodLayout.EXIT_FILE),
                "exec sleep infinity");
    }
}
