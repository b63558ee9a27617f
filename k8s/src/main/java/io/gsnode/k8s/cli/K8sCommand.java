package io.gsnode.k8s.cli;

import io.gsnode.formats.topology.InvalidTopologyException;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyReader;
import io.gsnode.k8s.DelayRequest;
import io.gsnode.k8s.K8sCell;
import io.gsnode.k8s.manifest.ManifestWriter;
import io.gsnode.k8s.manifest.PodLayout;
import io.gsnode.netns.fabric.QueueKind;
import io.gsnode.node.cli.ConditionOptions;
import io.gsnode.node.cli.ScheduleOptions;
import io.gsnode.node.cli.Units;
import io.gsnode.node.cli.WorkloadOptions;
import io.gsnode.node.jvm.NodeJvm;
import io.gsnode.node.launch.Workload;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code gsnode k8s}: writes the plain manifests that run one cell on an existing Kubernetes
 * cluster (docs/kubernetes.md); its subcommands are what the pods run ({@code shape},
 * {@code coordinator}) and what gathers the records afterwards ({@code collect}). A usage error or
 * a broken topology prints one line and exits 2 before anything is written; a failed write exits 1.
 */
@Command(name = "k8s", mixinStandardHelpOptions = true,
        description = {"Write the Kubernetes manifests of one cell: a namespace, the topology, a headless Service,",
                "the epoch coordinator and a StatefulSet of N pods (node index = pod ordinal).",
                "Then: kubectl apply --server-side -f OUT; after the hold, gsnode k8s collect --manifests OUT --out CELL.",
                "See docs/kubernetes.md."},
        subcommands = {K8sShapeCommand.class, K8sCoordinatorCommand.class, K8sCollectCommand.class})
public final class K8sCommand implements Callable<Integer> {

    /** The node container's requests and limit, from the node's measured footprint (docs/kubernetes.md). */
    static final String CPU_REQUEST = "500m";
    static final String MEMORY_REQUEST = "256Mi";
    /** The heap cap (-Xmx512m) plus room for metaspace, code, threads and Netty's direct buffers. */
    static final String MEMORY_LIMIT = "768Mi";

    @Spec
    CommandSpec spec;

    @Option(names = "--topology", paramLabel = "FILE", description = "A gsnode.topology/1 file (required).")
    Path topology;

    @Option(names = "--out", paramLabel = "DIR", description = "Directory to write the manifests into (required; new or empty "
            + "unless --force).")
    Path out;

    @Option(names = "--force", description = "Write into a --out that already holds files (another cell's manifests are replaced).")
    boolean force;

    @Option(names = "--image", paramLabel = "IMAGE",
            description = "Container image with java, iproute2 and gsnode (required; build it with k8s/image/Dockerfile).")
    String image;

    @Mixin
    WorkloadOptions workload = new WorkloadOptions();

    @Mixin
    ScheduleOptions instants = ScheduleOptions.defaults();

    @Mixin
    ConditionOptions condition = new ConditionOptions();

    @Option(names = "--namespace", paramLabel = "NAME", description = "The cell's namespace (default: gsnode- and the cell label).")
    String namespace;

    @Option(names = "--queue", paramLabel = "fifo|fq_codel|fair", description = "Leaf queue behind each rate limit (default: ${DEFAULT-VALUE}).")
    QueueKind queue = QueueKind.FIFO;

    @Option(names = "--delay", paramLabel = "auto|netem|none",
            description = "Pair latency: netem (a pod without it fails), none, or auto: netem where a pod's kernel has it (default: ${DEFAULT-VALUE}).")
    DelayRequest delay = DelayRequest.AUTO;

    @Option(names = "--allow-degraded", description = "A pod whose kernel lacks fq_codel runs the fair queue instead; its record says so.")
    boolean allowDegraded;

    @Option(names = "--device", paramLabel = "IF", description = "The pods' network interface (default: ${DEFAULT-VALUE}).")
    String device = "eth0";

    @Option(names = "--port", paramLabel = "P", description = "Port every node listens on (default: ${DEFAULT-VALUE}).")
    int port = 9000;

    @Option(names = "--epoch-port", paramLabel = "P", description = "The coordinator's HTTP port (default: ${DEFAULT-VALUE}).")
    int epochPort = 8080;

    @Option(names = "--epoch-lead", converter = Units.Millis.class, paramLabel = "MS",
            description = "T0 falls this long after the last node listens, so every node hears it first (default: ${DEFAULT-VALUE}).")
    long epochLead = 3000;

    @Option(names = "--share-hosts", description = "Allow several nodes on one cluster host, spread evenly (default: one node per host).")
    boolean shareHosts;

    @Option(names = "--cpu-request", paramLabel = "Q", description = "Node container CPU request; no CPU limit is set (default: ${DEFAULT-VALUE}).")
    String cpuRequest = CPU_REQUEST;

    @Option(names = "--memory-request", paramLabel = "Q", description = "Node container memory request (default: ${DEFAULT-VALUE}).")
    String memoryRequest = MEMORY_REQUEST;

    @Option(names = "--memory-limit", paramLabel = "Q", description = "Node container memory limit (default: ${DEFAULT-VALUE}).")
    String memoryLimit = MEMORY_LIMIT;

    @Option(names = "--jvm-flag", paramLabel = "FLAG", description = "Replace the node JVM's flags (repeatable, one flag each; "
            + "default: gsnode node-jvm's, with the image's native libraries).")
    List<String> jvmFlag = new ArrayList<>();

    /** The flags as one whitespace-separated string, as earlier scripts wrote them. */
    @Option(names = "--jvm-flags", hidden = true, paramLabel = "FLAGS")
    String jvmFlags;

    @Option(names = "--run", paramLabel = "R", description = "Repetition number, for the records (default: ${DEFAULT-VALUE}).")
    int run;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        for (Object[] required : new Object[][] {{"--topology", topology}, {"--out", out}, {"--image", image}}) {
            if (required[1] == null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "Missing required option: " + required[0]);
            }
        }
        Topology topo;
        try {
            topo = TopologyReader.read(topology);
        } catch (IOException e) {
            boolean input = !Files.isReadable(topology) || e instanceof InvalidTopologyException;
            err.println("gsnode k8s: " + topology + ": " + e.getMessage());
            return input ? 2 : 1;
        }
        K8sCell cell;
        try {
            cell = cell(topo);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        if (!force && Files.isDirectory(out)) {
            try (var entries = Files.list(out)) {
                if (entries.findAny().isPresent()) {
                    throw new CommandLine.ParameterException(spec.commandLine(), "--out " + out
                            + " is not empty (another cell's manifests?): give a new directory, or --force to replace what is there");
                }
            } catch (IOException e) {
                err.println("gsnode k8s: cannot read " + out + ": " + e.getMessage());
                return 1;
            }
        }
        ManifestWriter.Written w;
        try {
            w = ManifestWriter.write(cell, topology, out);
        } catch (IOException e) {
            err.println("gsnode k8s: cannot write " + out + ": " + e.getMessage());
            return 1;
        }
        PrintWriter o = spec.commandLine().getOut();
        o.printf("gsnode k8s: wrote %s: %d files, %,d bytes of manifests (the topology in %d ConfigMap%s); namespace %s, %d pods%n",
                w.dir(), w.files().size(), w.manifestBytes(), w.topologyParts(), w.topologyParts() == 1 ? "" : "s", cell.namespace(),
                topo.n());
        // Server-side: client-side apply keeps a copy of each object in an annotation, which a
        // topology part of up to 1 MiB does not fit (annotations hold 256 KiB).
        o.printf("gsnode k8s: then kubectl apply --server-side -f %s; after the hold, gsnode k8s collect --manifests %s --out CELL;"
                + " kubectl delete namespace %s%n", w.dir(), w.dir(), cell.namespace());
        o.flush();
        return 0;
    }

    private K8sCell cell(Topology topo) {
        Workload cellWorkload = workload.toWorkload(false, condition.toCondition());
        condition.check(instants, true);
        String ns = namespace != null ? namespace : K8sCell.defaultNamespace(cellWorkload, topo, run);
        if (jvmFlags != null && !jvmFlag.isEmpty()) throw new IllegalArgumentException("give --jvm-flag (repeatable), not both it and --jvm-flags");
        List<String> flags = !jvmFlag.isEmpty() ? List.copyOf(jvmFlag) : jvmFlags != null ? Arrays.stream(jvmFlags.trim().split("\\s+")).filter(f -> !f.isEmpty()).toList()
                : defaultJvmFlags();
        return new K8sCell(topo, cellWorkload, instants.from(0), image, ns, queue, delay, allowDegraded, device, port, epochPort,
                epochLead, shareHosts, cpuRequest, memoryRequest, memoryLimit, flags, run);
    }

    /** The node JVM's flags on every backend, with the native libraries where the image keeps them. */
    static List<String> defaultJvmFlags() {
        List<String> flags = new ArrayList<>(NodeJvm.BASE_FLAGS);
        flags.add("-Djava.library.path=" + PodLayout.NATIVE);
        return flags;
    }
}
