package io.gsnode.k8s.manifest;

import io.gsnode.k8s.K8sCell;
import java.util.ArrayList;
import java.util.List;

/**
 * The shell commands a node's pod runs: the init step that assembles the topology and shapes the
 * pod's links ({@code gsnode k8s shape}), then the node ({@code gsnode run}), whose record stays in
 * the pod for {@code gsnode k8s collect}. The pod's ordinal, the end of its host name, is the node
 * index; what the shaping applied reaches the node's record through two small files.
 */
public final class NodeCommands {

    /** The pod's ordinal: a StatefulSet pod's host name is {@code gsnode-<ordinal>}. */
    static final String INDEX = "\"${HOSTNAME##*-}\"";

    private NodeCommands() {}

    /** The init container's script. */
    public static String shape(K8sCell cell) {
        List<String> java = new ArrayList<>(List.of("java"));
        java.addAll(CellManifests.TOOL_JVM_FLAGS);
        java.addAll(List.of("-jar", PodLayout.JAR, "k8s", "shape", "--topology", PodLayout.TOPOLOGY));
        List<String> rest = new ArrayList<>(List.of("--peer-address", PodLayout.peerTemplate(), "--device", cell.device(),
                "--queue", cell.queue().label(), "--delay", cell.delay().label(), "--out", PodLayout.CELL_DIR));
        if (cell.allowDegraded()) rest.add("--allow-degraded");
        return String.join("\n",
                "set -eu",
                "cat " + PodLayout.PARTS_DIR + "/" + PodLayout.PART_PREFIX + "* | gzip -dc > " + PodLayout.TOPOLOGY,
                "exec " + Shell.join(java) + " --index " + INDEX + " " + Shell.join(rest));
    }

    /**
     * The node container's script: the node, its exit status beside its record, then an idle wait,
     * so the pod stays up (a StatefulSet restarts whatever exits) until the cell is collected.
     */
    public static String node(K8sCell cell) {
        List<String> java = new ArrayList<>(List.of("java"));
        java.addAll(cell.jvmFlags());
        java.addAll(List.of("-jar", PodLayout.JAR, "run", "--topology", PodLayout.TOPOLOGY));
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
        if (cell.transport().toString().equals("quic")) args.addAll(cell.quicArgs());
        for (String g : cell.gossipParams()) args.addAll(List.of("--gossip", g));
        args.addAll(List.of(
                "--dial-at", Long.toString(cell.schedule().dialAt().toMillis()),
                "--subscribe-at", Long.toString(cell.schedule().subscribeAt().toMillis()),
                "--publish-at", Long.toString(cell.schedule().publishAt().toMillis()),
                "--hold", Long.toString(cell.schedule().hold().toMillis()),
                "--record", PodLayout.RECORDS_DIR + "/" + PodLayout.RECORD_FILE));
        String applied = " --queue \"$(cat " + PodLayout.CELL_DIR + "/" + PodLayout.QUEUE_FILE + ")\" --delay \"$(cat "
                + PodLayout.CELL_DIR + "/" + PodLayout.DELAY_FILE + ")\" ";
        return String.join("\n",
                "set -u",
                Shell.join(java) + " --index " + INDEX + applied + Shell.join(args),
                "echo $? > " + PodLayout.RECORDS_DIR + "/" + PodLayout.EXIT_FILE,
                "exec sleep infinity");
    }
}
