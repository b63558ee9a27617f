package io.gsnode.k8s.manifest;

import io.gsnode.node.run.PeerAddressing;

/**
 * The names a cell's objects have and the paths its containers use, in one place, because the
 * manifests, the shaping step, the node's command line and {@code gsnode k8s collect} must agree
 * on every one of them.
 */
public final class PodLayout {

    /** The StatefulSet, and so every pod's name prefix: pod i is {@code gsnode-i}. */
    public static final String NODES = "gsnode";
    /** The headless Service that gives pod i the name {@code gsnode-i.gsnode}. */
    public static final String SERVICE = "gsnode";
    /** The coordinator's Job and Service. */
    public static final String EPOCH = "gsnode-epoch";
    /** The topology's ConfigMaps: {@code gsnode-topology-0}, {@code -1}, ... */
    public static final String TOPOLOGY_PREFIX = "gsnode-topology-";

    /** The node container; the shaping init container. */
    public static final String NODE_CONTAINER = "node";
    public static final String SHAPE_CONTAINER = "shape";

    /** Inside the image ({@code k8s/image/Dockerfile}). */
    public static final String JAR = "/opt/gsnode/gsnode.jar";
    public static final String NATIVE = "/opt/gsnode/native";

    /** Where the topology's parts are mounted, and the part files' prefix (gzip, in order). */
    public static final String PARTS_DIR = "/topology";
    public static final String PART_PREFIX = "topology.json.gz.";

    /** The pod's working directory (an emptyDir): the assembled topology, the applied fabric. */
    public static final String CELL_DIR = "/cell";
    public static final String TOPOLOGY_FILE = "topology.json";
    /** Files the shaping step leaves for the node: what it applied, for the record. */
    public static final String QUEUE_FILE = "queue";
    public static final String DELAY_FILE = "delay";
    public static final String FABRIC_SCRIPT = "fabric.sh";

    /** Where the node writes its record, and the exit status of its run. */
    public static final String RECORDS_DIR = "/records";
    public static final String RECORD_FILE = "record.json";
    public static final String EXIT_FILE = "exit";

    private PodLayout() {}

    /** Node {@code index}'s pod. */
    public static String pod(int index) {
        return NODES + "-" + index;
    }

    /** How a node names its peers: pod {@code gsnode-i} under the headless Service, in the cell's namespace. */
    public static String peerTemplate() {
        return NODES + "-" + PeerAddressing.INDEX + "." + SERVICE;
    }
}
