package io.gsnode.app;

import io.gsnode.formats.files.AtomicFiles;
import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.topology.LatencyModel;
import io.gsnode.formats.topology.Scenario;
import io.gsnode.formats.topology.TopologyWriter;
import io.gsnode.netns.cell.NamespaceSupport;
import io.gsnode.netns.cell.NetnsCell;
import io.gsnode.netns.cell.NetnsCellOptions;
import io.gsnode.netns.fabric.QueueKind;
import io.gsnode.netns.fabric.UserNamespace;
import io.gsnode.node.cell.CellOptions;
import io.gsnode.node.cell.CellRunner;
import io.gsnode.node.cell.NodeImpls;
import io.gsnode.node.cli.QuicOptions;
import io.gsnode.node.cli.Units;
import io.gsnode.node.jvm.NodeJvm;
import io.gsnode.node.launch.Condition;
import io.gsnode.node.launch.TransportChoice;
import io.gsnode.node.launch.Workload;
import io.gsnode.node.run.Schedule;
import io.gsnode.node.run.Transport;
import io.gsnode.segmentation.arm.ArmCatalogue;
import io.gsnode.tools.results.Cell;
import io.gsnode.tools.results.CellLoader;
import io.gsnode.tools.results.CellTable;
import io.gsnode.tools.results.InputProblem;
import io.gsnode.tools.results.plot.Figure1Chart;
import io.gsnode.tools.results.plot.FigureFiles;
import io.gsnode.tools.topology.EdgeKind;
import io.gsnode.tools.topology.TopologyGenerator;
import io.gsnode.tools.topology.TopologyParams;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gsnode demo}, the README's main job: a small comparison of arms and transports on the
 * best backend this machine offers, printed as a table of completion times, bytes and duplicates,
 * and written beside the records as {@code results.md} and a figure1-style chart
 * ({@code figure1.png}, {@code figure1.svg}). Where namespaces can be made (root, or user
 * namespaces) that is the netns backend, with whatever the kernel lacks run degraded and said so;
 * elsewhere the local one (loopback, no shaping, no latency).
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Runs a small comparison (arms x transports, one process per node) and prints what it measured.",
                "On the netns backend where this machine allows namespaces (shaped links, pair latencies),",
                "else on the local one (loopback: no shaping, no latency)."})
public final class DemoCommand implements Callable<Integer> {

    /**
     * On netns a dozen JVMs and the delay switch share two cores while pairs are up to 100 ms
     * apart: a longer hold lets slow receivers finish (times still count from the publish).
     */
    private static final long NETNS_HOLD_MS = 15_000;

    /** Where the demo's nodes run; {@code auto} picks netns where namespaces can be made. */
    enum Backend { auto, netns, local }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--backend", paramLabel = "auto|netns|local",
            description = "auto (default): netns where namespaces can be made, else local.")
    Backend backend = Backend.auto;

    /** The demo's dial graph. */
    enum Graph { line, regular }

    @Option(names = "--graph", paramLabel = "line|regular",
            description = "line (default): the publisher at one end of a line, so every hop's store-and-forward shows; regular: "
                    + "a random regular graph of --degree.")
    Graph graph = Graph.line;

    @Option(names = "--n", description = "Nodes (default: what this host carries without saturating its CPU: two per core, 4 to 12).")
    Integer n;

    @Option(names = "--degree", description = "Degree of the random regular graph (default: 4, fewer in a cell of under 5 nodes).")
    Integer degree;

    @Option(names = "--payload", converter = Units.IntBytes.class, description = "Payload size, in bytes or with units: 1MiB (default: ${DEFAULT-VALUE}).")
    int payload = 1 << 20;

    @Option(names = "--arm", description = "Arms to compare (repeatable; default: wholend, and atuned_32k when the catalogue has it).")
    List<String> arms = new ArrayList<>();

    @Option(names = "--transport", paramLabel = "tcp|quic", description = "Transports (repeatable; default: tcp and quic).")
    List<Transport> transports = new ArrayList<>();

    @CommandLine.Mixin
    QuicOptions quic = new QuicOptions();

    @Option(names = "--out", description = "Where the records go (default: a new directory under the system temp dir).")
    Path out;

    @Override
    public Integer call() throws Exception {
        if (arms.isEmpty()) {
            arms.add("wholend");
            if (ArmCatalogue.names().contains("atuned_32k")) arms.add("atuned_32k");
        }
        if (transports.isEmpty()) transports.addAll(List.of(Transport.TCP, Transport.QUIC));
        boolean netns = switch (backend) {
            case netns -> true;
            case local -> false;
            case auto -> NamespaceSupport.available();
        };
        if (netns && !UserNamespace.isRoot() && !UserNamespace.inside()) {
            System.out.println("gsnode demo: not root, so the netns fabric runs inside a user namespace of its own");
            return UserNamespace.rerunInside();
        }
        if (graph == Graph.line && degree != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--degree is for --graph regular: a line's nodes have one or two peers");
        }
        int cores = Runtime.getRuntime().availableProcessors();
        DemoSizing size = n != null ? DemoSizing.asked(n, graph == Graph.line ? Integer.valueOf(2) : degree)
                : graph == Graph.line ? DemoSizing.lineForHost(cores, payload) : DemoSizing.forHost(cores, payload);
        if (n == null && degree != null) size = new DemoSizing(size.n(), degree, size.reason());
        if (out == null) out = Files.createTempDirectory("gsnode-demo-");
        Files.createDirectories(out);
        Path topology = out.resolve("topology.json");
        TopologyWriter.write(TopologyGenerator.generate(new TopologyParams(size.n(), size.degree(), 7, LatencyModel.GEO,
                Scenario.home(), graph == Graph.line ? EdgeKind.LINE : EdgeKind.REGULAR)), topology);
        System.out.printf(Locale.ROOT, "gsnode demo: %d nodes (%s), payload %d bytes, arms %s, transports %s%n",
                size.n(), graph == Graph.line ? "a line" : "degree " + size.degree(), payload, arms, transports);
        System.out.println("size: " + size.reason());
        System.out.println(netns
                ? "backend: netns (one JVM per node, each in its own network namespace; HTB-shaped home links, geo latencies;"
                        + " what this kernel lacks runs degraded and is reported below and in every record)"
                : "backend: local (one JVM per node on 127.x loopback addresses; no shaping, no latency)");
        System.out.println("records: " + out);
        List<String[]> rows = new ArrayList<>();
        int lostNodes = 0;
        List<String> hostLoad = new ArrayList<>();
        List<Path> cellDirs = new ArrayList<>();
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String classpath = System.getProperty("java.class.path");
        for (String arm : arms) {
            for (Transport transport : transports) {
                Path dir = out.resolve(arm + "-" + transport);
                System.out.printf("%n== %s over %s%n", arm, transport);
                Workload workload = Workload.of(arm, payload, TransportChoice.of(transport, false, quic.toConfig()), List.of(),
                        Condition.COLD);
                CellOptions options = new CellOptions(topology, workload, Schedule.offsets(0, 4000, 10_000, netns ? NETNS_HOLD_MS : 8000),
                        java, NodeJvm.flags(java, classpath), classpath, 180_000, 20_000, null, 0, true, NodeImpls.JAVA);
                CellSummary s = netns
                        ? new NetnsCell(options, new NetnsCellOptions(QueueKind.FIFO, null, true,
                                "demo" + Long.toString(ProcessHandle.current().pid(), 36)), System.out).run(dir, 1).get(0)
                        : new CellRunner(options, System.out).run(dir, 0);
                rows.add(row(s));
                lostNodes += s.lost();
                if (s.host() != null && s.host().get("cpu_mean") != null) {
                    hostLoad.add(arm + "/" + transport + " mean " + s.host().get("cpu_mean") + "%, peak " + s.host().get("cpu_peak") + "%, "
                            + s.host().get("saturated_s") + " s saturated");
                }
                cellDirs.add(dir);
            }
        }
        System.out.println();
        System.out.printf("%-12s %-9s %9s %9s %9s %12s %12s %6s  %s%n", "arm", "transport", "completed", "p50", "p99",
                "rx/node", "ctrl rx/node", "dups", "host");
        for (String[] r : rows) System.out.printf("%-12s %-9s %9s %9s %9s %12s %12s %6s  %s%n", (Object[]) r);
        System.out.println();
        for (String ratio : ratios(rows)) System.out.println(ratio);
        System.out.println();
        System.out.println("host cpu: " + String.join("; ", hostLoad));
        if (rows.stream().anyMatch(r -> r[8].startsWith("SATURATED"))) {
            System.out.println("A SATURATED row ran while this host's CPU spent a second or more at >= 95 % busy: its times measure");
            System.out.println("the CPU as much as the network, and gsnode compare and plot leave it out unless --include-saturated.");
        }
        System.out.println("Times are from the publish instant to each receiver's completion, over all receivers");
        System.out.println("(censored when a quantile falls on a receiver that never completed). One run, cold JVMs,");
        System.out.println("a shared host: these figures show that the stack works, they are not benchmarks.");
        int largest = graph == Graph.line ? DemoSizing.MAX_LINE_NODES : DemoSizing.MAX_NODES;
        if (n == null && size.n() < largest) {
            System.out.println("The cell was sized to this host; `gsnode demo --n " + largest
                    + "` runs the larger one, whose rows this host may mark SATURATED.");
        }
        if (lostNodes > 0) System.out.println("gsnode demo: " + lostNodes + " node(s) left no record (see the node logs under " + out + ")");
        writeResults(cellDirs, netns ? "netns" : "local");
        // A receiver that did not complete is a result, printed above; a node that left no record is a failure.
        return lostNodes == 0 ? 0 : 1;
    }

    /** The table as markdown and a figure1-style chart (one seed: no whiskers), beside the records. */
    private void writeResults(List<Path> cellDirs, String backendName) {
        try {
            List<Cell> cells = new ArrayList<>();
            for (Path dir : cellDirs) cells.add(CellLoader.load(backendName, dir));
            Path table = out.resolve("results.md");
            AtomicFiles.writeString(table, CellTable.markdown(cells.stream().map(Cell::summary).toList()));
            List<Path> figure = FigureFiles.write(Figure1Chart.build(cells, arms, 1200, 700), out.resolve("figure1"));
            System.out.println();
            System.out.println("table:  " + table);
            System.out.println("figure: " + figure.get(0) + " (and " + figure.get(1).getFileName() + ")");
        } catch (InputProblem | IOException e) {
            System.err.println("gsnode demo: could not write the table and figure: " + e.getMessage());
        }
    }

    /**
     * Per transport, A-tuned's p50 over the whole message's, beside the report's (home, Shadow, its
     * section 10 at 100 nodes): the segments' pipelining against the whole message's store-and-forward.
     */
    static List<String> ratios(List<String[]> rows) {
        List<String> out = new ArrayList<>();
        for (String transport : List.of("tcp", "quic")) {
            String[] whole = rows.stream().filter(r -> r[0].equals("wholend") && r[1].equals(transport)).findFirst().orElse(null);
            String[] tuned = rows.stream().filter(r -> r[0].equals("atuned_32k") && r[1].equals(transport)).findFirst().orElse(null);
            if (whole == null || tuned == null || !whole[3].endsWith(" ms") || !tuned[3].endsWith(" ms")) continue;
            double w = Double.parseDouble(whole[3].replace(" ms", ""));
            double t = Double.parseDouble(tuned[3].replace(" ms", ""));
            double report = transport.equals("tcp") ? 748.0 / 2720 : 762.0 / 2202;
            out.add(String.format(Locale.ROOT, "atuned_32k / wholend at p50 over %s: %.2f (%s); the report found %.2f (Shadow, home, "
                    + "100 nodes, its section 10)", transport, t / w, t < w ? "the segments are ahead" : "the segments are NOT ahead",
                    report));
        }
        return out;
    }

    private static String[] row(CellSummary s) {
        return new String[] {s.identity().arm(), s.identity().transport(), s.completed() + "/" + s.receivers(),
                ms(s.p50Ms()), ms(s.p99Ms()),
                bytes(s.medianRxBytes() != null ? s.medianRxBytes() : s.medianRxDataBytes()),
                bytes(s.medianRxControlBytes()), s.medianDuplicates() == null ? "-" : s.medianDuplicates().toString(), hostMark(s)};
    }

    /** Whether the row measured the network or this host's CPU (docs/results.md, host saturation). */
    private static String hostMark(CellSummary s) {
        if (s.hostSaturated() == null) return "-";
        return s.hostSaturated() ? "SATURATED " + s.host().get("saturated_s") + " s" : "clean";
    }

    private static String ms(Double v) {
        return v == null ? "censored" : String.format(Locale.ROOT, "%.0f ms", v);
    }

    private static String bytes(Long b) {
        if (b == null) return "-"; // no receiver counted it
        return b >= 1 << 20 ? String.format(Locale.ROOT, "%.2f MiB", b / 1048576.0)
                : String.format(Locale.ROOT, "%.1f KiB", b / 1024.0);
    }
}
