package io.gsnode.shadow.cli;

import io.gsnode.formats.record.CellFiles;
import io.gsnode.formats.topology.InvalidTopologyException;
import io.gsnode.node.cell.NodeImpls;
import io.gsnode.node.cli.ConditionOptions;
import io.gsnode.node.cli.RunCommand;
import io.gsnode.node.cli.ScheduleOptions;
import io.gsnode.node.cli.Units;
import io.gsnode.node.cli.WorkloadOptions;
import io.gsnode.node.launch.Workload;
import io.gsnode.node.run.Schedule;
import io.gsnode.shadow.GraphKind;
import io.gsnode.shadow.Qdisc;
import io.gsnode.shadow.ShadowCell;
import io.gsnode.shadow.ShadowConfig;
import io.gsnode.shadow.ShadowGenerator;
import io.gsnode.shadow.ShadowJvmFlags;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code gsnode shadow}: writes a Shadow 3.x configuration that runs every node of a topology as a
 * Shadow host ({@code shadow.yaml}, {@code shadow.gml}, a copy of the topology). A usage error or a
 * topology the cell cannot use prints one line and exits 2; a failed write exits 1.
 */
@Command(name = "shadow", mixinStandardHelpOptions = true,
        description = {"Generate a Shadow config that runs one gsnode host per node of a topology.",
                "Instants count from the start of simulated time (T0).",
                "Then: cd OUT && shadow shadow.yaml   (see docs/shadow.md)."})
public final class ShadowCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--topology", required = true, paramLabel = "FILE", description = "A gsnode.topology/1 file.")
    Path topology;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory to write shadow.yaml, shadow.gml and "
            + "topology.json into (refused when it holds another cell, unless --force).")
    Path out;

    @Option(names = "--force", description = "Write into an --out that holds another cell, replacing its files.")
    boolean force;

    @Mixin
    WorkloadOptions workload = new WorkloadOptions();

    @Option(names = {"--queue", "--qdisc"}, paramLabel = "fifo|fair",
            description = "The uplink queue: fifo (default) or fair (Shadow's per-socket round-robin; 'round-robin' is read as fair).")
    String queue = "fifo";

    @Mixin
    ShadowNetworkOptions network = new ShadowNetworkOptions();

    /**
     * Counted from T0, which is {@link ShadowCell#HOST_START_ALLOWANCE_MS} of simulated time after the
     * JVMs start, as in {@code gsnode cell --backend shadow}: one schedule on every backend.
     */
    @Mixin
    ScheduleOptions instants = ScheduleOptions.defaults();

    @Mixin
    ConditionOptions condition = new ConditionOptions();

    @Option(names = "--start-at", converter = Units.Millis.class, paramLabel = "MS", description = "When every JVM starts, simulated ms (default: ${DEFAULT-VALUE}).")
    long startAt = 0;

    @Option(names = "--stop-time", converter = Units.Millis.class, paramLabel = "MS",
            description = "Shadow's stop_time, simulated ms (default: the end of the hold + " + ShadowCell.SHUTDOWN_MARGIN_MS + " ms).")
    Long stopTime;

    @Option(names = "--parallelism", paramLabel = "N", description = "Shadow worker threads; 0: one per physical core (default: ${DEFAULT-VALUE}).")
    int parallelism = 0;


    // On by default: HotSpot's handshake loop waits for its clock to move without blocking, and
    // under Shadow the clock moves only when some syscall is charged time; off, a JVM host can
    // freeze the whole simulation (docs/findings/shadow-hangs.md, hang 1).
    @Option(names = "--model-unblocked-syscall-latency", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Charge time to non-blocking syscalls, so that threads that spin on the clock advance it "
                    + "(default: on; JVM hosts hang without it, see docs/shadow.md).")
    boolean modelUnblockedSyscallLatency = true;

    @Option(names = "--jvm-flag", paramLabel = "FLAG",
            description = "Replace the recommended JVM flags (repeatable, one flag each, as gsnode cell takes them).")
    List<String> jvmFlag = new ArrayList<>();

    /** The flags as one whitespace-separated string, as earlier scripts wrote them. */
    @Option(names = "--jvm-flags", hidden = true, paramLabel = "FLAGS")
    String jvmFlags;

    @Option(names = "--java", paramLabel = "PATH", description = "java executable every host runs (default: the JVM running this command).")
    String java;

    @Option(names = "--jar", paramLabel = "PATH", description = "The gsnode jar (default: the jar this command runs from).")
    String jar;

    @Option(names = "--dial-timeout", converter = Units.Millis.class, paramLabel = "MS", description = "Per-edge dial timeout (default: ${DEFAULT-VALUE}).")
    long dialTimeout = ShadowCell.DEFAULT_DIAL_TIMEOUT_MS;

    @Option(names = "--dial-slots", paramLabel = "N", description = "Handshakes in flight per node (default: ${DEFAULT-VALUE}).")
    int dialSlots = ShadowCell.DEFAULT_DIAL_SLOTS;

    @Option(names = "--port", paramLabel = "P", description = "Port every node listens on (default: ${DEFAULT-VALUE}).")
    int port = ShadowCell.DEFAULT_PORT;

    @Option(names = "--run", paramLabel = "R", description = "Repetition number, for the records (default: ${DEFAULT-VALUE}).")
    int run;

    public static void main(String[] args) {
        System.exit(new CommandLine(new ShadowCommand()).execute(args));
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        ShadowCell cell;
        try {
            cell = cell();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        String occupant = CellFiles.occupant(out);
        if (occupant != null && !force) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--out " + out + " holds another cell (" + occupant
                    + "): give a new directory, or --force to replace it");
        }
        ShadowGenerator.Generated g;
        try {
            g = ShadowGenerator.generate(cell, topology, out);
        } catch (IllegalArgumentException e) {
            err.println("gsnode shadow: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            // A broken topology says so in one line; a failed write is an I/O failure.
            boolean input = !Files.isReadable(topology) || e instanceof InvalidTopologyException;
            err.println("gsnode shadow: " + (input ? topology + ": " : "") + e.getMessage());
            return input ? 2 : 1;
        }
        PrintWriter o = spec.commandLine().getOut();
        o.printf("gsnode shadow: wrote %s: %d hosts; %s %,d bytes; %s %,d bytes (%,d edges, %s, latency %d..%d us, runahead %d us)%s; %s %,d bytes%n",
                g.dir(), g.hosts(), ShadowConfig.CONFIG_FILE, g.configBytes(), ShadowConfig.GRAPH_FILE, g.graphBytes(),
                g.graph().edges(), cell.graph().wireName(), g.graph().minLatencyMicros(), g.graph().maxLatencyMicros(),
                g.runaheadMicros(), g.graph().raisedToOneMicro() > 0 ? "; " + g.graph().raisedToOneMicro() + " zero latencies written as 1 us" : "",
                ShadowConfig.TOPOLOGY_FILE, g.topologyBytes());
        o.printf("gsnode shadow: java %s, jar %s; run it with: cd %s && shadow %s%n", cell.java(), cell.jar(), g.dir(), ShadowConfig.CONFIG_FILE);
        o.flush();
        return 0;
    }

    private ShadowCell cell() {
        condition.check(instants, true);
        long t0 = startAt + ShadowCell.HOST_START_ALLOWANCE_MS;
        Workload unshifted = workload.toWorkload(false, condition.toCondition());
        Workload cellWorkload = unshifted.withCondition(unshifted.condition().shifted(t0));
        Schedule schedule = new ScheduleOptions(t0 + instants.dialAt, t0 + instants.subscribeAt, t0 + instants.publishAt, instants.hold)
                .from(ShadowConfig.SIMULATION_EPOCH_MS);
        long stop = stopTime != null ? stopTime : t0 + instants.publishAt + instants.hold + ShadowCell.SHUTDOWN_MARGIN_MS;
        String javaPath = java != null ? java : defaultJava();
        String jarPath = jar != null ? jar : defaultJar();
        if (jvmFlags != null && !jvmFlag.isEmpty()) throw new IllegalArgumentException("give --jvm-flag (repeatable), not both it and --jvm-flags");
        List<String> flags = !jvmFlag.isEmpty() ? List.copyOf(jvmFlag)
                : jvmFlags != null ? ShadowJvmFlags.split(jvmFlags) : ShadowJvmFlags.recommended(javaPath, jarPath);
        return network.applyTo(new ShadowCell(cellWorkload, Qdisc.parse(queue), network.graph(), schedule, startAt, stop, parallelism, 1,
                ShadowCell.DEFAULT_SOCKET_SEND_BUFFER, ShadowCell.DEFAULT_SOCKET_RECV_BUFFER, true, true, modelUnblockedSyscallLatency,
                javaPath, jarPath, flags, dialTimeout, dialSlots, port, run, NodeImpls.JAVA));
    }

    private static String defaultJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The jar that holds the node daemon, when this runs from one (the assembled gsnode.jar). */
    private static String defaultJar() {
        try {
            Path p = Path.of(RunCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isRegularFile(p) && p.toString().endsWith(".jar")) return p.toAbsolutePath().toString();
        } catch (Exception e) {
            // No code source to speak of: the user must say.
        }
        throw new IllegalArgumentException("--jar is required: the node daemon is not running from a jar here");
    }
}
