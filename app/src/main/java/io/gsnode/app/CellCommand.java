package io.gsnode.app;

import io.gsnode.formats.record.CellFiles;
import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.topology.LatencyModel;
import io.gsnode.formats.topology.Scenario;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyReader;
import io.gsnode.formats.topology.TopologyWriter;
import io.gsnode.netns.cell.NetnsCell;
import io.gsnode.netns.cell.NetnsCellOptions;
import io.gsnode.netns.fabric.DelayMode;
import io.gsnode.netns.fabric.FabricNames;
import io.gsnode.netns.fabric.QueueKind;
import io.gsnode.netns.fabric.UserNamespace;
import io.gsnode.node.cell.CellOptions;
import io.gsnode.node.cell.CellRunner;
import io.gsnode.node.cell.NodeImpls;
import io.gsnode.node.cli.ConditionOptions;
import io.gsnode.node.cli.ScheduleOptions;
import io.gsnode.node.cli.Units;
import io.gsnode.node.cli.WorkloadOptions;
import io.gsnode.node.jvm.NodeJvm;
import io.gsnode.node.launch.Workload;
import io.gsnode.node.run.Schedule;
import io.gsnode.shadow.Qdisc;
import io.gsnode.shadow.ShadowCell;
import io.gsnode.shadow.ShadowConfig;
import io.gsnode.shadow.ShadowJvmFlags;
import io.gsnode.shadow.cell.ShadowCellRunner;
import io.gsnode.shadow.cli.ShadowNetworkOptions;
import io.gsnode.shadow.cell.ShadowExecutable;
import io.gsnode.tools.topology.EdgeKind;
import io.gsnode.tools.topology.TopologyGenerator;
import io.gsnode.tools.topology.TopologyParams;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code gsnode cell}: run one cell (one arm, one transport) R times and summarise it. */
@Command(name = "cell", mixinStandardHelpOptions = true,
        description = {"Run a cell: one process per node, records collected, a summary printed.",
                "The local backend runs every node on loopback on this host, without shaping; the netns backend",
                "runs each node in its own network namespace on a shaped fabric (root, or unprivileged in a user",
                "namespace of its own), and records the host's CPU load beside the results; the shadow backend runs",
                "every node as a host of a Shadow simulation (Shadow 3.x, found through --shadow, GSNODE_SHADOW or PATH)",
                "and records Shadow's wall time and peak memory beside the results."})
public final class CellCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    /** Where the nodes run. */
    enum Backend { local, netns, shadow }

    /** Where the go peer's binary is when --go-peer does not say. */
    static final String GO_PEER_ENV = "GSNODE_GO_PEER";

    @Option(names = "--backend", paramLabel = "local|netns|shadow", description = "Backend (default: ${DEFAULT-VALUE}).")
    Backend backend = Backend.local;

    @Option(names = "--queue", paramLabel = "fifo|fair|fq_codel",
            description = "netns, shadow: the uplink queue: fifo (default), fair (a fair share per flow: netns's per-peer leaves, "
                    + "Shadow's per-socket round-robin) or fq_codel (netns only).")
    String queue;

    /** Shadow's own name for its queue, kept for scripts written before --queue took it. */
    @Option(names = "--qdisc", hidden = true, paramLabel = "fifo|round-robin")
    String qdiscAlias;

    @Option(names = "--delay", paramLabel = "netem|userspace|none",
            description = "netns: how pairs get their latency (default: netem where the kernel has it, else userspace).")
    DelayMode delay;

    @Option(names = "--allow-degraded", description = "netns: run what the kernel allows when it lacks netem or fq_codel (recorded).")
    boolean allowDegraded;

    @Option(names = "--tag", paramLabel = "TAG", description = "netns: the fabric's name, gsf-TAG and gsn-TAG-i (default: a fresh one).")
    String tag;


    @Option(names = "--model-unblocked-syscall-latency", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "shadow: charge simulated time to non-blocking syscalls (default: on; gsnode's JVM hosts can hang "
                    + "without it, and it slows go hosts: docs/shadow.md).")
    boolean modelUnblockedSyscallLatency = true;

    @Option(names = "--shadow", paramLabel = "PATH", description = "shadow: the Shadow binary (default: $" + ShadowExecutable.ENV + ", then shadow on PATH).")
    Path shadowPath;

    @Option(names = "--wall-limit", converter = Units.Seconds.class, paramLabel = "S",
            description = "shadow: stop Shadow after S seconds of wall time; hosts without a record then count as lost (default: no limit).")
    Long wallLimitS;

    @CommandLine.Mixin
    ShadowNetworkOptions shadowNetwork = new ShadowNetworkOptions();

    @Option(names = "--parallelism", paramLabel = "P",
            description = "shadow: Shadow's worker threads (default: 0, Shadow's own choice: the physical cores; gsnode study "
                    + "sets it to share the cores among the cells it runs side by side). Results do not depend on it.")
    int parallelism = 0;

    @Option(names = "--topology", paramLabel = "FILE", description = "A gsnode.topology/1 file (or use --n).")
    Path topology;

    @Option(names = "--n", paramLabel = "N", description = "Generate a topology of N nodes (random regular graph).")
    Integer n;

    @Option(names = "--degree", paramLabel = "D", description = "Degree of a generated topology (default: 70, clamped).")
    int degree = TopologyParams.DEFAULT_DEGREE;

    @Option(names = "--seed", paramLabel = "S", description = "Seed of a generated topology (default: ${DEFAULT-VALUE}).")
    long seed = 7;

    @Option(names = "--scenario", paramLabel = "NAME", description = "Link classes of a generated topology (default: ${DEFAULT-VALUE}).")
    String scenario = "home";

    @CommandLine.Mixin
    WorkloadOptions workload = new WorkloadOptions();

    @Option(names = "--runs", paramLabel = "R", description = "Repetitions (default: ${DEFAULT-VALUE}).")
    int runs = 1;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Where records and summaries go (refused when it "
            + "holds another cell, unless --force).")
    Path out;

    @Option(names = "--force", description = "Run into an --out that holds another cell, replacing its files.")
    boolean force;

    @CommandLine.Mixin
    ScheduleOptions instants = ScheduleOptions.defaults();

    @CommandLine.Mixin
    ConditionOptions condition = new ConditionOptions();

    @Option(names = "--epoll", description = "local, netns: TCP nodes on Linux epoll instead of NIO, so records carry each"
            + " connection's congestion window from tcp_info (see gsnode run --help; default: off).")
    boolean epoll;

    @Option(names = "--startup-ms", converter = Units.Millis.class, paramLabel = "MS", description = "local, netns: how long all nodes may take to listen (default: ${DEFAULT-VALUE}).")
    long startupMs = 180_000;

    @Option(names = "--jit-warmup", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "local, netns: each node warms its JIT up before the publish instant, with no network traffic "
                    + "(default: on; see gsnode run --help). Shadow hosts never do: simulated time does not see CPU.")
    boolean jitWarmup = true;

    @Option(names = "--jvm-flag", paramLabel = "FLAG", description = "Replace the node JVM flags (repeatable; default: the measured set and the jar's class-data cache,"
            + " which gsnode node-jvm prints; under Shadow also Shadow's additions, which gsnode node-jvm --shadow prints"
            + " and this replaces too).")
    List<String> jvmFlags = new ArrayList<>();

    @Option(names = "--impl", paramLabel = "java|go|mixed",
            description = "Which implementation runs the nodes: gsnode (java), the interop go peer's run mode "
                    + "(go-libp2p, whole message only), or both alternating (mixed) (default: ${DEFAULT-VALUE}).")
    NodeImpls.Kind impl = NodeImpls.Kind.java;

    @Option(names = "--publisher-impl", paramLabel = "java|go", description = "mixed: the publisher's implementation (default: ${DEFAULT-VALUE}).")
    String publisherImpl = NodeRecord.JAVA;

    @Option(names = "--go-peer", paramLabel = "PATH",
            description = "go, mixed: the go peer's binary (default: $" + GO_PEER_ENV + ", then interop/go/bin/gopeer beside the jar's checkout).")
    Path goPeer;

    @Option(names = "--kill-node", paramLabel = "I", description = "local, netns: fault injection: SIGKILL node I ...")
    Integer killNode;

    @Option(names = "--kill-after", converter = Units.Millis.class, paramLabel = "MS", description = "... this long after the publish instant (default: ${DEFAULT-VALUE}).")
    long killAfter = 0;

    @Override
    public Integer call() throws Exception {
        String queueName;
        try {
            queueName = queueName();
            refuseTopologyParametersBesideATopology();
            String occupant = CellFiles.occupant(out);
            if (occupant != null && !force) {
                throw new IllegalArgumentException("--out " + out + " holds another cell (" + occupant
                        + "): give a new directory, or --force to replace it");
            }
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        if (backend != Backend.shadow && !shadowNetwork.given().isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), String.join(", ", shadowNetwork.given())
                    + " " + (shadowNetwork.given().size() == 1 ? "is a Shadow option" : "are Shadow options") + ": give --backend shadow");
        }
        NetnsCellOptions netns = null;
        if (backend == Backend.netns) {
            try {
                netns = new NetnsCellOptions(QueueKind.parse(queueName), delay, allowDegraded,
                        tag != null ? tag : "c" + Long.toString(ProcessHandle.current().pid(), 36));
                new FabricNames(netns.tag());
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
            if (!UserNamespace.isRoot() && !UserNamespace.inside()) {
                System.err.println("not root: running the cell inside a user namespace of its own (unshare -Urnm)");
                return UserNamespace.rerunInside();
            }
        }
        ShadowExecutable shadow = null;
        if (backend != Backend.shadow && !modelUnblockedSyscallLatency) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--no-model-unblocked-syscall-latency is for the shadow backend");
        }
        if (backend == Backend.shadow) {
            if (killNode != null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--kill-node is for the local and netns backends");
            }
            if (wallLimitS != null && wallLimitS < 1) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--wall-limit must be at least 1 s, was " + wallLimitS);
            }
            try {
                shadow = ShadowExecutable.find(shadowPath, System.getenv()).orElse(null);
            } catch (IllegalArgumentException e) {
                System.err.println("gsnode cell: " + e.getMessage());
                return 2;
            }
            if (shadow == null) {
                System.err.println("gsnode cell: " + ShadowExecutable.WHERE);
                return 2;
            }
        }
        NodeImpls impls;
        try {
            impls = impls();
        } catch (IllegalArgumentException e) {
            System.err.println("gsnode cell: " + e.getMessage());
            return 2;
        }
        if ((topology == null) == (n == null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give --topology FILE or --n N");
        }
        Workload cellWorkload;
        Schedule offsets;
        try {
            cellWorkload = workload.toWorkload(epoll, condition.toCondition());
            offsets = instants.from(0); // refuses instants out of order before any node starts
            condition.check(instants, impls.kind() == NodeImpls.Kind.java);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        if (runs < 1) throw new CommandLine.ParameterException(spec.commandLine(), "--runs must be at least 1, was " + runs);
        if (topology != null) {
            // Read and checked before --out is made: a missing or broken file is refused, nothing written.
            if (Files.isDirectory(topology)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--topology " + topology + " is a directory, not a topology file");
            }
            try {
                TopologyReader.read(topology);
            } catch (IOException | IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--topology " + topology + ": " + CommandErrors.describe(e));
            }
        }
        Topology generated = null;
        if (n != null) {
            Scenario sc = Scenario.parse(scenario).orElseThrow(() ->
                    new CommandLine.ParameterException(spec.commandLine(), "unknown scenario '" + scenario + "'; " + Scenario.NAMES));
            try {
                generated = TopologyGenerator.generate(new TopologyParams(n, degree, seed, LatencyModel.GEO, sc, EdgeKind.REGULAR));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--n " + n + " --degree " + degree + ": " + e.getMessage());
            }
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String classpath = absoluteClasspath();
        ShadowCell shadowCell = null;
        if (shadow != null) {
            // Built, and so checked, before --out is made: a value Shadow refuses leaves nothing behind.
            if (epoll) throw new CommandLine.ParameterException(spec.commandLine(), "--epoll is not for Shadow: Shadow runs Netty on NIO only");
            shadowCell = shadowCell(java, classpath, impls, cellWorkload);
        }
        Files.createDirectories(out);
        Path topo = topology;
        if (generated != null) {
            topo = out.resolve("topology.json");
            TopologyWriter.write(generated, topo);
        }
        if (shadowCell != null) return runShadow(shadow, shadowCell, topo);
        List<String> flags = jvmFlags.isEmpty() ? NodeJvm.flags(java, classpath) : jvmFlags;
        CellOptions options = new CellOptions(topo, cellWorkload, offsets, java, flags, classpath, startupMs, 20_000, killNode, killAfter,
                jitWarmup, impls);
        if (netns != null) {
            for (CellSummary s : new NetnsCell(options, netns, System.err).run(out, runs)) System.out.println(oneLine(s));
            return 0;
        }
        for (int r = 0; r < runs; r++) {
            Path dir = runDir(r);
            System.err.println("cell " + workload.arm + " over " + workload.transport + ", run " + (r + 1) + " of " + runs
                    + " -> " + dir);
            CellSummary s = new CellRunner(options, System.err).run(dir, r);
            System.out.println(oneLine(s));
        }
        return 0;
    }

    /**
     * The Shadow backend's cell: the instants count from T0 as on the other backends, and T0 is
     * {@link ShadowCell#HOST_START_ALLOWANCE_MS} of simulated time after the JVMs start.
     */
    private ShadowCell shadowCell(Path java, String classpath, NodeImpls impls, Workload cellWorkload) {
        long t0 = ShadowCell.HOST_START_ALLOWANCE_MS;
        List<String> flags = jvmFlags.isEmpty() ? ShadowJvmFlags.recommended(java.toString(), classpath) : jvmFlags;
        try {
            Schedule schedule = new ScheduleOptions(t0 + instants.dialAt, t0 + instants.subscribeAt, t0 + instants.publishAt, instants.hold)
                    .from(ShadowConfig.SIMULATION_EPOCH_MS);
            Workload shifted = cellWorkload.withCondition(cellWorkload.condition().shifted(t0));
            ShadowCell cell = ShadowCell.withDefaults(shifted, Qdisc.parse(queueName()), schedule, java.toString(), classpath, flags)
                    .withImpls(impls).withModelUnblockedSyscallLatency(modelUnblockedSyscallLatency).withParallelism(parallelism);
            return shadowNetwork.applyTo(cell);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private int runShadow(ShadowExecutable shadow, ShadowCell cell, Path topo) throws Exception {
        ShadowCellRunner runner = new ShadowCellRunner(shadow, cell, topo, wallLimitS == null ? null : Duration.ofSeconds(wallLimitS), System.err);
        for (int r = 0; r < runs; r++) {
            Path dir = runDir(r);
            System.err.println("cell " + workload.arm + " over " + workload.transport + " under Shadow, run " + (r + 1) + " of " + runs
                    + " -> " + dir);
            CellSummary s;
            try {
                s = runner.run(dir, r);
            } catch (IllegalArgumentException e) {
                System.err.println("gsnode cell: " + e.getMessage());
                return 2;
            }
            System.out.println(oneLine(s));
            if (s.receivers() > 0 && s.lost() == s.receivers()) {
                // Not a result: no receiver ran. The records (lost) stay, as with any cell.
                System.err.println("gsnode cell: no receiver of " + dir + " left a record, so nothing was measured"
                        + runner.firstLostHostError().map(e -> "; the first host without one said " + e).orElse(""));
                return 1;
            }
        }
        return 0;
    }

    /** The queue asked for (--queue, or Shadow's --qdisc), fifo by default; refused where the backend has none. */
    private String queueName() {
        if (queue != null && qdiscAlias != null) throw new IllegalArgumentException("give --queue or --qdisc, not both");
        String q = queue != null ? queue : qdiscAlias;
        if (q != null && backend == Backend.local) {
            throw new IllegalArgumentException("--queue is for the netns and shadow backends: the local backend does not shape its links");
        }
        if (q != null && backend == Backend.netns) QueueKind.parse(q);
        if (q != null && backend == Backend.shadow) Qdisc.parse(q);
        return q == null ? "fifo" : q;
    }

    /** A topology file fixes its own seed, degree and scenario: the options that would make one mean nothing beside it. */
    private void refuseTopologyParametersBesideATopology() {
        if (topology == null) return;
        List<String> given = new ArrayList<>();
        for (String o : List.of("--seed", "--degree", "--scenario")) {
            if (spec.commandLine().getParseResult().hasMatchedOption(o)) given.add(o);
        }
        if (!given.isEmpty()) {
            throw new IllegalArgumentException(String.join(", ", given) + (given.size() == 1 ? " shapes" : " shape")
                    + " a generated topology (--n); --topology " + topology + " has its own: give one or the other");
        }
    }

    /**
     * The implementations of the cell's nodes; the go peer's binary found, or an error naming what
     * is missing. The go peer runs the whole-message arm only.
     */
    private NodeImpls impls() {
        if (impl == NodeImpls.Kind.java) {
            if (goPeer != null || !NodeRecord.JAVA.equals(publisherImpl)) throw new IllegalArgumentException("--go-peer and --publisher-impl are for --impl go|mixed");
            return NodeImpls.JAVA;
        }
        if (!"wholend".equals(workload.arm)) throw new IllegalArgumentException("--impl " + impl + ": the go peer runs the whole-message arm (wholend) only, not " + workload.arm);
        if (impl == NodeImpls.Kind.go && !NodeRecord.JAVA.equals(publisherImpl)) throw new IllegalArgumentException("--publisher-impl is for --impl mixed");
        Path binary = goPeer != null ? goPeer
                : System.getenv(GO_PEER_ENV) != null ? Path.of(System.getenv(GO_PEER_ENV))
                : checkout().resolve("interop/go/bin/gopeer");
        if (!Files.isExecutable(binary)) {
            throw new IllegalArgumentException("--impl " + impl + " needs the go peer, and " + binary
                    + " is not an executable: build it with interop/go/build.sh, or give --go-peer PATH");
        }
        return NodeImpls.of(impl, publisherImpl, binary.toAbsolutePath());
    }

    /**
     * This JVM's class path with every entry absolute: the nodes start elsewhere (a Shadow host in
     * its own directory), so {@code java -jar app/target/gsnode.jar} must still name the jar.
     */
    static String absoluteClasspath() {
        return String.join(java.io.File.pathSeparator, java.util.Arrays.stream(System.getProperty("java.class.path")
                .split(java.io.File.pathSeparator)).map(e -> Path.of(e).toAbsolutePath().toString()).toList());
    }

    /** The checkout the running jar was built in: {@code <checkout>/app/target/gsnode.jar}. */
    private static Path checkout() {
        Path jar = Path.of(System.getProperty("java.class.path").split(java.io.File.pathSeparator)[0]).toAbsolutePath();
        Path target = jar.getParent();
        return target != null && target.getParent() != null && target.getParent().getParent() != null
                ? target.getParent().getParent() : Path.of(".");
    }

    private Path runDir(int r) {
        return runs == 1 ? out : out.resolve("run-" + r);
    }

    static String oneLine(CellSummary s) {
        return String.format(Locale.ROOT, "%s: %d/%d receivers completed%s, p50 %s, p99 %s, max %s, rx %s/node, dups %s/node%s",
                s.identity().cell(), s.completed(), s.receivers(), s.lost() > 0 ? " (" + s.lost() + " lost)" : "",
                ms(s.p50Ms()), ms(s.p99Ms()), ms(s.maxMs()),
                s.medianRxBytes() != null ? s.medianRxBytes() + " B"
                        : s.medianRxDataBytes() != null ? s.medianRxDataBytes() + " B (gossip)" : "unknown",
                s.medianDuplicates() == null ? "unknown" : s.medianDuplicates(), condition(s) + host(s));
    }

    /** A warm cell's warm-up, and the windows it left at the publish where they were read (docs/conditions.md). */
    private static String condition(CellSummary s) {
        StringBuilder b = new StringBuilder();
        Map<String, Object> w = s.warmup();
        if (w != null) {
            b.append(String.format(Locale.ROOT, "; warm-up %s/%s completed (%s late), p50 %s", w.get("completed"), w.get("receivers"),
                    w.get("late"), w.get("p50_ms") == null ? "-" : ms(((Number) w.get("p50_ms")).doubleValue())));
        }
        Map<String, Object> c = s.cwndAtPublish();
        if (w != null && c != null && ((Number) c.get("readable")).intValue() > 0) {
            b.append(String.format(Locale.ROOT, "; windows at the publish %s/%s above initial (%s/%s of those that sent the"
                    + " warm-up), publisher's smallest %s x initial", c.get("above_initial"), c.get("readable"),
                    c.get("carried_warmup_above_initial"), c.get("carried_warmup"), c.get("publisher_min_over_initial")));
        }
        return b.toString();
    }

    /**
     * The host's load beside the result: a saturated host makes it a CPU measurement, not a network
     * one. Under Shadow the load does not reach the results; what the run cost is shown instead.
     */
    private static String host(CellSummary s) {
        if (s.host() != null && s.host().get("shadow_wall_s") != null) {
            Object pss = s.host().get("shadow_pss_peak_mib");
            return "; shadow wall " + s.host().get("shadow_wall_s") + " s"
                    + (pss == null ? "" : ", peak " + pss + " MiB (" + s.host().get("shadow_pss_per_host_mib") + " MiB/host)");
        }
        if (s.host() == null || s.host().get("cpu_mean") == null) return "";
        return String.format(Locale.ROOT, "; host cpu mean %.0f%%, peak %.0f%%, %s s saturated%s",
                ((Number) s.host().get("cpu_mean")).doubleValue(), ((Number) s.host().get("cpu_peak")).doubleValue(),
                s.host().get("saturated_s"), Boolean.TRUE.equals(s.hostSaturated())
                        ? " (host_saturated: a CPU measurement as much as a network one; compare and plot leave it out)" : "");
    }

    private static String ms(Double v) {
        return v == null ? "censored" : String.format(Locale.ROOT, "%.0f ms", v);
    }
}
