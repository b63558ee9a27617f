package io.gsnode.k8s.manifest;

import io.gsnode.k8s.K8sCell;
import io.gsnode.node.run.Transport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * The plain manifests of one cell (no Helm, no operator): a namespace; the topology in ConfigMaps;
 * a headless Service so pod i answers to {@code gsnode-i.gsnode}; the epoch coordinator's Job and
 * Service; and a StatefulSet of N pods, node index = pod ordinal, each shaping its own links in an
 * init container (NET_ADMIN) before its node starts. {@code kubectl apply --server-side -f DIR}
 * applies the files in name order, which is the order they depend on each other.
 */
public final class CellManifests {

    /**
     * Raw gzip bytes per ConfigMap: base64 makes them 4/3 larger, and an object must stay under
     * the API server's 1 MiB, so a 1,000-node topology (6 MB of JSON) takes four.
     */
    static final int PART_BYTES = 700 * 1024;

    /** JVM flags of the short-lived tools (shaping, coordinator): small and quick to start. */
    static final List<String> TOOL_JVM_FLAGS = List.of("-XX:+UseSerialGC", "-Xmx128m", "-XX:TieredStopAtLevel=1",
            "-Xlog:disable", "-Xlog:all=warning:stderr");

    /** Labels every object of a cell carries, and the selector's. */
    static final String NAME_LABEL = "app.kubernetes.io/name";
    static final String COMPONENT_LABEL = "app.kubernetes.io/component";
    static final String CELL_LABEL = "gsnode.io/cell";

    /** One file of the output: its name and the YAML documents in it. */
    public record ManifestFile(String name, List<Map<String, Object>> documents) {}

    private final K8sCell cell;

    public CellManifests(K8sCell cell) {
        this.cell = cell;
    }

    /** Every file, in apply order; {@code topologyJson} is the topology file's bytes. */
    public List<ManifestFile> files(byte[] topologyJson) throws IOException {
        List<Map<String, Object>> parts = topologyConfigMaps(topologyJson);
        return List.of(
                new ManifestFile("00-namespace.yaml", List.of(namespace())),
                new ManifestFile("10-topology.yaml", parts),
                new ManifestFile("20-services.yaml", List.of(headlessService(), epochService())),
                new ManifestFile("30-epoch.yaml", List.of(epochJob())),
                new ManifestFile("40-nodes.yaml", List.of(statefulSet(parts.size()))));
    }

    /**
     * The cell's namespace, labelled for Pod Security admission's {@code privileged} level: the
     * shaping init container needs NET_ADMIN, which the {@code baseline} level many clusters
     * enforce by default refuses.
     */
    private Map<String, Object> namespace() {
        Map<String, Object> labels = labels(null);
        labels.put("pod-security.kubernetes.io/enforce", "privileged");
        return map("apiVersion", "v1", "kind", "Namespace", "metadata", map("name", cell.namespace(), "labels", labels));
    }

    /** The topology gzipped and cut into ConfigMaps of at most {@link #PART_BYTES}; the pod joins them in name order. */
    private List<Map<String, Object>> topologyConfigMaps(byte[] json) throws IOException {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(json);
        }
        byte[] bytes = gz.toByteArray();
        List<Map<String, Object>> maps = new ArrayList<>();
        for (int off = 0, k = 0; off < bytes.length; off += PART_BYTES, k++) {
            byte[] part = Arrays.copyOfRange(bytes, off, Math.min(bytes.length, off + PART_BYTES));
            Map<String, Object> cm = object("v1", "ConfigMap", PodLayout.TOPOLOGY_PREFIX + k, cell.namespace(), "topology", null);
            cm.put("binaryData", Map.of(partFile(k), Base64.getEncoder().encodeToString(part)));
            maps.add(cm);
        }
        return maps;
    }

    /** Part k's file name: two digits, so a shell glob lists the parts in order. */
    static String partFile(int k) {
        return PodLayout.PART_PREFIX + String.format("%02d", k);
    }

    /**
     * Pod i's stable name {@code gsnode-i.gsnode}, published before the pod is ready: a node
     * resolves its peers while they still wait for the epoch, before any of them is ready.
     */
    private Map<String, Object> headlessService() {
        return object("v1", "Service", PodLayout.SERVICE, cell.namespace(), "node", map(
                "clusterIP", "None",
                "publishNotReadyAddresses", true,
                "selector", selector("node"),
                "ports", List.of(map("name", "libp2p", "port", cell.port(), "protocol", protocol()))));
    }

    private Map<String, Object> epochService() {
        return object("v1", "Service", PodLayout.EPOCH, cell.namespace(), "epoch", map(
                "selector", selector("epoch"),
                "ports", List.of(map("name", "http", "port", cell.epochPort(), "protocol", "TCP"))));
    }

    /** The coordinator: answers every node's "listening" and hands out one T0 once all N have said it. */
    private Map<String, Object> epochJob() {
        List<String> command = PodCommands.coordinator(cell, PodRuntime.IMAGE);
        Map<String, Object> container = map(
                "name", "epoch",
                "image", cell.image(),
                "imagePullPolicy", "IfNotPresent",
                "command", command,
                "ports", List.of(map("name", "http", "containerPort", cell.epochPort(), "protocol", "TCP")),
                "resources", map("requests", map("cpu", "100m", "memory", "192Mi"), "limits", map("memory", "256Mi")));
        Map<String, Object> podSpec = map("restartPolicy", "Never", "enableServiceLinks", false, "containers", List.of(container));
        return object("batch/v1", "Job", PodLayout.EPOCH, cell.namespace(), "epoch", map(
                "backoffLimit", 0,
                "template", map("metadata", map("labels", labels("epoch")), "spec", podSpec)));
    }

    private Map<String, Object> statefulSet(int parts) {
        List<Map<String, Object>> sources = new ArrayList<>();
        for (int k = 0; k < parts; k++) {
            sources.add(map("configMap", map("name", PodLayout.TOPOLOGY_PREFIX + k)));
        }
        List<Map<String, Object>> volumes = List.of(
                map("name", "topology", "projected", map("sources", sources)),
                map("name", "cell", "emptyDir", Map.of()),
                map("name", "records", "emptyDir", Map.of()));
        Map<String, Object> shape = map(
                "name", PodLayout.SHAPE_CONTAINER,
                "image", cell.image(),
                "imagePullPolicy", "IfNotPresent",
                "command", List.of("sh", "-c", PodCommands.shape(cell, PodRuntime.IMAGE)),
                "securityContext", map("capabilities", map("add", List.of("NET_ADMIN"))),
                "volumeMounts", List.of(mount("topology", PodLayout.PARTS_DIR, true), mount("cell", PodLayout.CELL_DIR, false)));
        Map<String, Object> node = map(
                "name", PodLayout.NODE_CONTAINER,
                "image", cell.image(),
                "imagePullPolicy", "IfNotPresent",
                "command", List.of("sh", "-c", PodCommands.node(cell, PodRuntime.IMAGE)),
                "ports", List.of(map("name", "libp2p", "containerPort", cell.port(), "protocol", protocol())),
                // No CPU limit: CFS throttling would stretch the delivery the cell measures.
                "resources", map("requests", map("cpu", cell.cpuRequest(), "memory", cell.memoryRequest()),
                        "limits", map("memory", cell.memoryLimit())),
                "volumeMounts", List.of(mount("cell", PodLayout.CELL_DIR, false), mount("records", PodLayout.RECORDS_DIR, false)));
        Map<String, Object> podSpec = map(
                "enableServiceLinks", false,
                "terminationGracePeriodSeconds", 15,
                "initContainers", List.of(shape),
                "containers", List.of(node),
                "volumes", volumes);
        podSpec.putAll(placement());
        return object("apps/v1", "StatefulSet", PodLayout.NODES, cell.namespace(), "node", map(
                "serviceName", PodLayout.SERVICE,
                "replicas", cell.topology().n(),
                // All pods at once: the cell's T0 waits for every node anyway.
                "podManagementPolicy", "Parallel",
                "selector", map("matchLabels", selector("node")),
                "template", map("metadata", map("labels", labels("node")), "spec", podSpec)));
    }

    /**
     * One node per cluster host unless the user allows sharing: two nodes on one host share its
     * CPU and its network interface, the very thing a cluster cell is run to avoid. Shared, the
     * nodes are spread as evenly as the hosts allow.
     */
    private Map<String, Object> placement() {
        Map<String, Object> term = map("labelSelector", map("matchLabels", selector("node")), "topologyKey", "kubernetes.io/hostname");
        if (!cell.shareHosts()) {
            return map("affinity", map("podAntiAffinity", map("requiredDuringSchedulingIgnoredDuringExecution", List.of(term))));
        }
        return map("topologySpreadConstraints", List.of(map("maxSkew", 1, "topologyKey", "kubernetes.io/hostname",
                "whenUnsatisfiable", "ScheduleAnyway", "labelSelector", map("matchLabels", selector("node")))));
    }

    /** The nodes' port: QUIC is UDP. */
    private String protocol() {
        return cell.workload().transport().transport() == Transport.QUIC ? "UDP" : "TCP";
    }

    private static Map<String, Object> mount(String volume, String path, boolean readOnly) {
        Map<String, Object> m = map("name", volume, "mountPath", path);
        if (readOnly) m.put("readOnly", true);
        return m;
    }

    /** A namespaced object of the cell; {@code spec} null for one without (a ConfigMap). */
    private Map<String, Object> object(String apiVersion, String kind, String name, String namespace, String component,
                                       Map<String, Object> spec) {
        Map<String, Object> metadata = map("name", name, "namespace", namespace, "labels", labels(component));
        Map<String, Object> o = map("apiVersion", apiVersion, "kind", kind, "metadata", metadata);
        if (spec != null) o.put("spec", spec);
        return o;
    }

    private Map<String, Object> labels(String component) {
        Map<String, Object> l = map(NAME_LABEL, "gsnode", CELL_LABEL, cellLabelValue());
        if (component != null) l.put(COMPONENT_LABEL, component);
        return l;
    }

    private Map<String, Object> selector(String component) {
        return map(NAME_LABEL, "gsnode", COMPONENT_LABEL, component);
    }

    /** The cell label as a label value: at most 63 characters of [A-Za-z0-9_.-]. */
    private String cellLabelValue() {
        String v = cell.label().replaceAll("[^A-Za-z0-9_.-]", "-");
        return v.length() <= 63 ? v : v.substring(0, 63).replaceAll("[^A-Za-z0-9]+$", "");
    }

    /** An insertion-ordered map from alternating keys and values, so the YAML reads in a sensible order. */
    static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
        return m;
    }
}
