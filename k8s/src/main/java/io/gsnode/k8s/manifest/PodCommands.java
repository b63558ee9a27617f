package io.gsnode.k8s.manifest;

import io.gsnode.k8s.K8sCell;
import io.gsnode.node.launch.EpochSource;
import io.gsnode.node.launch.NodeCommandLine;
import io.gsnode.node.launch.NodeLaunch;
import io.gsnode.node.launch.RecordLabels;
import io.gsnode.node.run.PeerAddressing;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
     * The pod's index and the queue and delay its shaping applied are the shell's to fill in.
     */
    public static String node(K8sCell cell, PodRuntime pod) {
        List<String> java = gsnode(pod, cell.jvmFlags());
        java.add("run");
        // Index 0 and queue and delay "-" stand in for the values inPod gives the shell to fill in.
        NodeLaunch launch = new NodeLaunch(Path.of(pod.topology()), 0, cell.workload(), cell.schedule(),
                new EpochSource.FromUrl(URI.create("http://" + PodLayout.EPOCH + ":" + cell.epochPort() + "/epoch")),
                Path.of(pod.recordsDir() + "/" + PodLayout.RECORD_FILE), new RecordLabels(cell.label(), "k8s", "-", "-", cell.run()),
                cell.port(), NodeLaunch.DEFAULT_DIAL_TIMEOUT_MS, NodeLaunch.DEFAULT_DIAL_SLOTS,
                PeerAddressing.named(PodLayout.peerTemplate()), true, false, NodeLaunch.DEFAULT_IO_THREADS);
        Map<String, String> inPod = Map.of("--index", INDEX,
                "--queue", "\"$(cat " + Shell.quote(pod.cellDir() + "/" + PodLayout.QUEUE_FILE) + ")\"",
                "--delay", "\"$(cat " + Shell.quote(pod.cellDir() + "/" + PodLayout.DELAY_FILE) + ")\"");
        return String.join("\n",
                "set -u",
                Shell.join(java) + " " + Shell.join(NodeCommandLine.gsnodeRun(launch), inPod),
                "echo $? > " + Shell.quote(pod.recordsDir() + "/" + PodLayout.EXIT_FILE),
                "exec sleep infinity");
    }
}
