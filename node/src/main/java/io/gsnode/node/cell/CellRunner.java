package io.gsnode.node.cell;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gsnode.formats.files.AtomicFiles;
import io.gsnode.formats.files.OwnDirectory;
import io.gsnode.formats.record.CellFiles;
import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyReader;
import io.gsnode.node.launch.EpochSource;
import io.gsnode.node.launch.NodeCommandLine;
import io.gsnode.node.launch.NodeLaunch;
import io.gsnode.node.launch.RecordLabels;
import io.gsnode.node.launch.TransportChoice;
import io.gsnode.node.launch.Workload;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs a cell: one process per node, placed by a {@link NodePlacement} (on loopback for the local
 * backend, node i on 127.a.b.c for its 10.a.b.c; in network namespaces for netns). It shows
 * progress while the cell runs, collects every record (writing a {@code lost} record for a node
 * that died without one), writes {@code records.jsonl} and {@code cell.json}, and never leaves a
 * process behind.
 */
public final class CellRunner {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final CellOptions options;
    private final NodePlacement placement;
    private final PrintStream progress;
    private final List<Process> processes = new ArrayList<>();
    private final AtomicInteger listening = new AtomicInteger();
    private final AtomicInteger dialed = new AtomicInteger();
    private final AtomicInteger completed = new AtomicInteger();
    private final AtomicInteger failedDials = new AtomicInteger();

    /** A cell on loopback: the local backend. */
    public CellRunner(CellOptions options, PrintStream progress) {
        this(options, new LoopbackPlacement(), progress);
    }

    public CellRunner(CellOptions options, NodePlacement placement, PrintStream progress) {
        this.options = options;
        this.placement = placement;
        this.progress = progress;
    }

    /** Runs the cell once and returns its summary; {@code dir} receives the records. */
    public CellSummary run(Path dir, int run) throws IOException, InterruptedException {
        Topology topology = TopologyReader.read(options.topology());
        int n = topology.n();
        OwnDirectory.prepare(dir.resolve("nodes"));
        String label = options.label(topology, run);
        try (Closeable claim = placement.claimHost(progress)) {
            return runClaimed(topology, n, dir, label, run);
        }
    }

    private CellSummary runClaimed(Topology topology, int n, Path dir, String label, int run) throws IOException, InterruptedException {
        Thread reaper = new Thread(this::killAll, "cell-reaper");
        Runtime.getRuntime().addShutdownHook(reaper);
        try {
            Path epochFile = dir.resolve("epoch").toAbsolutePath();
            Files.deleteIfExists(epochFile);
            for (int i = 0; i < n; i++) start(i, options.impls().of(i, topology.publisher()), dir, epochFile, label, run);
            awaitListening(n, dir.resolve("nodes"));
            // Every node listens: the instants start now, the same for all.
            long epoch = System.currentTimeMillis() + EPOCH_MARGIN_MS;
            AtomicFiles.writeString(epochFile, epoch + "\n");
            long endMs = epoch + publishAt() + options.instants().hold().toMillis();
            placement.cellStarted(epoch + publishAt(), endMs);
            watch(n, epoch, endMs);
            List<NodeRecord> records = collect(topology, dir, label, run);
            return CellFiles.write(dir, records, placement.hostFields());
        } finally {
            killAll();
            try {
                Runtime.getRuntime().removeShutdownHook(reaper);
            } catch (IllegalStateException e) {
                // Already shutting down: the hook is running.
            }
        }
    }

    private long publishAt() {
        return options.instants().publishAt().toMillis();
    }

    /**
     * What a node said before it ended, for the error that reports it: its {@code error} events, its
     * other output and the last lines of its log (a test's or a CI run's cell directory may be gone
     * when it is read).
     */
    private static String lastWords(Path nodes, int index) {
        List<String> said = new ArrayList<>();
        try {
            Path events = nodes.resolve("node-" + index + ".events");
            if (Files.exists(events)) {
                // Its error events, and what it printed outside the event protocol (the JVM's own
                // start-up errors go to stdout).
                for (String line : Files.readAllLines(events)) {
                    if (line.contains("\"error\"") || !line.startsWith("{")) said.add(line);
                }
            }
            Path log = nodes.resolve("node-" + index + ".log");
            if (Files.exists(log)) {
                List<String> lines = Files.readAllLines(log);
                said.addAll(lines.subList(Math.max(0, lines.size() - 8), lines.size()));
            }
        } catch (IOException | UncheckedIOException e) {
            said.add("(unreadable: " + e.getMessage() + ")");
        }
        return said.isEmpty() ? "" : ":\n  " + String.join("\n  ", said);
    }

    /** Between the last node listening and T0: time for every node to see the epoch file. */
    private static final long EPOCH_MARGIN_MS = 300;

    private void awaitListening(int n, Path nodes) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(options.startupMs());
        long nextReport = 0;
        while (listening.get() < n) {
            synchronized (processes) {
                for (int i = 0; i < processes.size(); i++) {
                    if (!processes.get(i).isAlive()) {
                        throw new IOException("node " + i + " exited before listening (exit " + processes.get(i).exitValue()
                                + "); see its log in nodes/node-" + i + ".log" + lastWords(nodes, i));
                    }
                }
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IOException("only " + listening.get() + " of " + n + " nodes listened within "
                        + options.startupMs() + " ms; raise --startup-ms on a busy host");
            }
            if (System.nanoTime() > nextReport) {
                progress.printf("  starting        up %d/%d%n", listening.get(), n);
                nextReport = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            }
            Thread.sleep(20);
        }
    }

    private void start(int index, String impl, Path dir, Path epochFile, String label, int run) throws IOException {
        NodeLaunch launch = new NodeLaunch(options.topology().toAbsolutePath(), index, options.workload(), options.instants(),
                new EpochSource.FromFile(epochFile), record(dir, index),
                new RecordLabels(label, placement.backend(), placement.queue(), placement.delay(), run), NodeLaunch.DEFAULT_PORT,
                NodeLaunch.DEFAULT_DIAL_TIMEOUT_MS, NodeLaunch.DEFAULT_DIAL_SLOTS, placement.addressing(), options.jitWarmup(),
                false, NodeLaunch.DEFAULT_IO_THREADS);
        List<String> cmd = new ArrayList<>(placement.launchPrefix(index));
        if (NodeRecord.JAVA.equals(impl)) {
            cmd.add(options.java().toString());
            cmd.addAll(options.jvmFlags());
            cmd.addAll(List.of("-cp", options.classpath(), NodeCommandLine.MAIN_CLASS));
            cmd.addAll(NodeCommandLine.gsnodeRun(launch));
        } else {
            cmd.add(options.impls().goPeer().toString());
            cmd.addAll(NodeCommandLine.goPeerRun(launch));
        }
        Process p = new ProcessBuilder(cmd)
                .redirectError(dir.resolve("nodes").resolve("node-" + index + ".log").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        synchronized (processes) {
            processes.add(p);
        }
        Path eventsFile = dir.resolve("nodes").resolve("node-" + index + ".events");
        Thread reader = new Thread(() -> follow(p, eventsFile), "node-" + index + "-events");
        reader.setDaemon(true);
        reader.start();
    }

    private static Path record(Path dir, int index) {
        return dir.resolve("nodes").resolve("node-" + index + ".json").toAbsolutePath();
    }

    /** Counts the progress events a node prints on stdout, and keeps them in {@code copy}. */
    private void follow(Process p, Path copy) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
             Writer w = Files.newBufferedWriter(copy, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null) {
                w.write(line);
                w.write('\n');
                w.flush();
                JsonNode e;
                try {
                    e = JSON.readTree(line);
                } catch (IOException notJson) {
                    continue;
                }
                switch (e.path("event").asText()) {
                    case "listening" -> listening.incrementAndGet();
                    case "dialed" -> {
                        dialed.incrementAndGet();
                        failedDials.addAndGet(e.path("failed").asInt());
                    }
                    case "completed" -> completed.incrementAndGet();
                    default -> { }
                }
            }
        } catch (IOException e) {
            // The process ended.
        }
    }

    /** Prints progress once a second until every process exited or the grace period ran out. */
    private void watch(int n, long epoch, long endMs) throws InterruptedException {
        long graceEnd = endMs + options.graceMs();
        boolean killedOne = options.killIndex() == null;
        while (true) {
            long now = System.currentTimeMillis();
            if (!killedOne && now >= epoch + publishAt() + options.killAfterMs()) {
                killedOne = true;
                Process victim;
                synchronized (processes) {
                    victim = processes.get(options.killIndex());
                }
                victim.toHandle().destroyForcibly();
                progress.println("  killed node " + options.killIndex() + " (SIGKILL) as asked");
            }
            boolean anyAlive;
            synchronized (processes) {
                anyAlive = processes.stream().anyMatch(Process::isAlive);
            }
            String phase = now < epoch + options.instants().dialAt().toMillis() ? "starting"
                    : now < epoch + options.instants().subscribeAt().toMillis() ? "dialling"
                    : now < epoch + publishAt() ? "meshing"
                    : now < endMs ? "delivering" : "writing records";
            progress.printf("  %-15s t=%+6.1fs  up %d/%d  dialled %d/%d%s  completed %d/%d%n", phase,
                    (now - epoch - publishAt()) / 1000.0, listening.get(), n, dialed.get(), n,
                    failedDials.get() > 0 ? " (" + failedDials.get() + " edges failed)" : "", completed.get(), n - 1);
            if (!anyAlive) return;
            if (now > graceEnd) {
                progress.println("  some nodes are still running " + options.graceMs() + " ms after the hold: killing them");
                return;
            }
            Thread.sleep(1000);
        }
    }

    private List<NodeRecord> collect(Topology topology, Path dir, String label, int run) throws IOException {
        List<NodeRecord> records = new ArrayList<>();
        for (int i = 0; i < topology.n(); i++) {
            Path file = record(dir, i);
            NodeRecord r = null;
            if (Files.exists(file)) {
                try {
                    r = RecordJson.readNode(Files.readString(file).trim());
                } catch (IOException e) {
                    progress.println("  node " + i + ": unreadable record (" + e.getMessage() + "), counted as lost");
                }
            }
            records.add(r != null ? r : lost(topology, i, label, run));
        }
        return records;
    }

    private NodeRecord lost(Topology topology, int index, String label, int run) {
        String impl = options.impls().of(index, topology.publisher());
        Workload w = options.workload();
        String quicEngine = w.transport() instanceof TransportChoice.Quic q && NodeRecord.JAVA.equals(impl) ? q.config().engine() : null;
        return NodeRecord.lost(label, placement.backend(), w.armName(), w.transport().transport().toString(), quicEngine, impl,
                placement.queue(), placement.delay(), topology, w.payloadBytes(), run, index);
    }

    private void killAll() {
        List<Process> all;
        synchronized (processes) {
            all = List.copyOf(processes);
        }
        for (Process p : all) p.toHandle().destroy();
        for (Process p : all) {
            try {
                if (!p.waitFor(3, TimeUnit.SECONDS)) {
                    p.toHandle().destroyForcibly();
                    p.waitFor(5, TimeUnit.SECONDS); // gone, and its port free, before the host is released
                }
            } catch (InterruptedException e) {
                p.toHandle().destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
