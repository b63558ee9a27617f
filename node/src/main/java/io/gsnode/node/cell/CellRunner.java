package io.gsnode.node.cell;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gsnode.node.cli.RunCommand;
import io.gsnode.node.record.CellFiles;
import io.gsnode.node.record.CellSummary;
import io.gsnode.node.record.NodeRecord;
import io.gsnode.node.record.RecordJson;
import io.gsnode.node.run.Transport;
import io.gsnode.node.topology.Topology;
import io.gsnode.node.topology.TopologyReader;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
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
        Files.createDirectories(dir.resolve("nodes"));
        String label = options.label(topology, run);
        Thread reaper = new Thread(this::killAll, "cell-reaper");
        Runtime.getRuntime().addShutdownHook(reaper);
        try {
            Path epochFile = dir.resolve("epoch").toAbsolutePath();
            Files.deleteIfExists(epochFile);
            for (int i = 0; i < n; i++) start(i, options.impls().of(i, topology.publisher()), dir, epochFile, label, run);
            awaitListening(n);
            // Every node listens: the instants start now, the same for all.
            long epoch = System.currentTimeMillis() + EPOCH_MARGIN_MS;
            RecordJson.writeAtomically(epochFile, epoch + "\n");
            long endMs = epoch + options.publishAt() + options.hold();
            placement.cellStarted(epoch + options.publishAt(), endMs);
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

    /** Between the last node listening and T0: time for every node to see the epoch file. */
    private static final long EPOCH_MARGIN_MS = 300;

    private void awaitListening(int n) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(options.startupMs());
        long nextReport = 0;
        while (listening.get() < n) {
            synchronized (processes) {
                for (int i = 0; i < processes.size(); i++) {
                    if (!processes.get(i).isAlive()) {
                        throw new IOException("node " + i + " exited before listening (exit " + processes.get(i).exitValue()
                                + "); see its log in nodes/node-" + i + ".log");
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
        boolean java = NodeRecord.JAVA.equals(impl);
        List<String> cmd = new ArrayList<>(placement.launchPrefix(index));
        if (java) {
            cmd.add(options.java().toString());
            cmd.addAll(options.jvmFlags());
            cmd.addAll(List.of("-cp", options.classpath(), RunCommand.class.getName()));
        } else {
            // The go peer's run mode takes gsnode run's options, less the JVM's and gsnode's QUIC engine knobs.
            cmd.addAll(List.of(options.impls().goPeer().toString(), "run"));
        }
        cmd.addAll(List.of("--topology", options.topology().toAbsolutePath().toString(), "--index", Integer.toString(index),
                "--arm", options.arm(), "--payload", Integer.toString(options.payloadBytes()),
                "--transport", options.transport().toString(),
                "--epoch-file", epochFile.toString(), "--dial-at", Long.toString(options.dialAt()),
                "--subscribe-at", Long.toString(options.subscribeAt()), "--publish-at", Long.toString(options.publishAt()),
                "--hold", Long.toString(options.hold()), "--record", record(dir, index).toString(),
                "--cell", label, "--backend", placement.backend(), "--queue", placement.queue(),
                "--delay", placement.delay(), "--run", Integer.toString(run)));
        cmd.addAll(placement.nodeArgs(index));
        if (java) cmd.addAll(options.quicArgs());
        for (String g : options.gossipParams()) cmd.addAll(List.of("--gossip", g));
        if (java && !options.jitWarmup()) cmd.add("--no-jit-warmup");
        if (java) cmd.addAll(options.javaNodeArgs());
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
            if (!killedOne && now >= epoch + options.publishAt() + options.killAfterMs()) {
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
            String phase = now < epoch + options.dialAt() ? "starting"
                    : now < epoch + options.subscribeAt() ? "dialling"
                    : now < epoch + options.publishAt() ? "meshing"
                    : now < endMs ? "delivering" : "writing records";
            progress.printf("  %-15s t=%+6.1fs  up %d/%d  dialled %d/%d%s  completed %d/%d%n", phase,
                    (now - epoch - options.publishAt()) / 1000.0, listening.get(), n, dialed.get(), n,
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
        return NodeRecord.lost(label, placement.backend(), options.arm(), options.transport().toString(),
                options.transport() == Transport.QUIC && NodeRecord.JAVA.equals(impl) ? options.quicEngine() : null, impl, placement.queue(), placement.delay(), topology,
                options.payloadBytes(), run, index);
    }

    private void killAll() {
        List<Process> all;
        synchronized (processes) {
            all = List.copyOf(processes);
        }
        for (Process p : all) p.toHandle().destroy();
        for (Process p : all) {
            try {
                if (!p.waitFor(3, TimeUnit.SECONDS)) p.toHandle().destroyForcibly();
            } catch (InterruptedException e) {
                p.toHandle().destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
