package io.gsnode.k8s;

import io.gsnode.formats.topology.Topology;
import io.gsnode.netns.fabric.QueueKind;
import io.gsnode.node.launch.TransportChoice;
import io.gsnode.node.launch.Workload;
import io.gsnode.node.run.Schedule;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Everything {@code gsnode k8s} was told about one cell, validated in the constructor so that a bad
 * value fails before any manifest is written, with the option and what it accepts.
 *
 * @param topology the cell's topology (its file travels in ConfigMaps)
 * @param workload what every node runs
 * @param schedule the instants; its epoch is set by the coordinator, so it is 0 here
 * @param image the container image holding java, iproute2 and the jar ({@code k8s/image/Dockerfile})
 * @param namespace the cell's Kubernetes namespace
 * @param queue the leaf queue of every access link
 * @param delay how each pod applies pair latency
 * @param allowDegraded a pod whose kernel lacks fq_codel runs the fair queue instead (and says so)
 * @param device the pod's network interface
 * @param port the port every node listens on
 * @param epochPort the coordinator's HTTP port
 * @param epochLeadMs how long after the last node listens T0 falls: every node must hear it first
 * @param shareHosts allow several nodes of the cell on one cluster host (spread evenly); without
 *     it each node has a host to itself
 * @param cpuRequest the node container's CPU request (Kubernetes quantity)
 * @param memoryRequest the node container's memory request
 * @param memoryLimit the node container's memory limit
 * @param jvmFlags the node JVM's flags
 * @param run repetition number, for the records
 */
public record K8sCell(Topology topology, Workload workload, Schedule schedule, String image, String namespace, QueueKind queue,
                      DelayRequest delay, boolean allowDegraded, String device, int port, int epochPort, long epochLeadMs,
                      boolean shareHosts, String cpuRequest, String memoryRequest, String memoryLimit, List<String> jvmFlags,
                      int run) {

    /** A DNS-1123 label: what Kubernetes accepts as a namespace name. */
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");
    /** A Kubernetes quantity, as far as gsnode checks it (the API server checks the rest). */
    private static final Pattern QUANTITY = Pattern.compile("[0-9]+(\\.[0-9]+)?(m|k|Ki|M|Mi|G|Gi|T|Ti)?");
    private static final Pattern DEVICE = Pattern.compile("[a-zA-Z0-9_.-]{1,15}");

    public K8sCell {
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(schedule, "schedule");
        if (image == null || image.isBlank() || image.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("--image must name the container image (build it with k8s/image/Dockerfile), was '"
                    + image + "'");
        }
        if (!DNS_LABEL.matcher(namespace).matches()) {
            throw new IllegalArgumentException("--namespace must be a DNS label (a-z, 0-9 and '-', at most 63), was '" + namespace + "'");
        }
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(delay, "delay");
        if (!DEVICE.matcher(device).matches()) {
            throw new IllegalArgumentException("--device must be an interface name, was '" + device + "'");
        }
        if (port < 1 || port > 65535) throw new IllegalArgumentException("--port must be in 1..65535, was " + port);
        if (epochPort < 1 || epochPort > 65535 || epochPort == port) {
            throw new IllegalArgumentException("--epoch-port must be in 1..65535 and differ from --port, was " + epochPort);
        }
        if (epochLeadMs < 500) {
            throw new IllegalArgumentException("--epoch-lead must be at least 500 ms for every node to hear T0, was " + epochLeadMs);
        }
        String[][] quantities = {{"--cpu-request", cpuRequest}, {"--memory-request", memoryRequest}, {"--memory-limit", memoryLimit}};
        for (String[] q : quantities) {
            if (q[1] == null || !QUANTITY.matcher(q[1]).matches()) {
                throw new IllegalArgumentException(q[0] + " must be a Kubernetes quantity such as 500m or 256Mi, was '" + q[1] + "'");
            }
        }
        jvmFlags = List.copyOf(jvmFlags);
        for (String f : jvmFlags) {
            if (!f.startsWith("-")) throw new IllegalArgumentException("--jvm-flags: '" + f + "' is not a JVM flag (flags start with '-')");
        }
        if (run < 0) throw new IllegalArgumentException("--run must not be negative, was " + run);
    }

    /** The cell label every record carries (docs/arms.md §12.3), as the other backends write it. */
    public String label() {
        return workload.cellLabel(topology, run);
    }

    /** The QUIC engine of a QUIC cell, for its description; null over TCP. */
    public String quicEngine() {
        return workload.transport() instanceof TransportChoice.Quic q ? q.config().engine() : null;
    }

    /**
     * The namespace a cell gets unless the user names one: {@code gsnode-} and the cold cell's label, made a
     * DNS label ({@code _} to {@code -}, at most 63 characters).
     */
    public static String defaultNamespace(Workload workload, Topology topology, int run) {
        String name = ("gsnode-" + Workload.label(workload.armName(), workload.transport().transport(), workload.payloadBytes(),
                topology, run)).toLowerCase()
                .replaceAll("[^a-z0-9-]", "-");
        if (name.length() > 63) name = name.substring(0, 63);
        return name.replaceAll("-+$", "");
    }
}
