package io.gsnode.app.study;

import io.gsnode.app.study.StudyIndex.CellEntry;
import io.gsnode.app.study.StudyIndex.State;
import io.gsnode.formats.record.CellFiles;
import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.record.RecordJson;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs a study's pending cells, each as its own {@code gsnode cell} process writing into its own
 * subdirectory, up to {@code jobs} side by side within a memory budget, with one progress line;
 * a stop (Ctrl-C) ends the running cells through their own clean-up and leaves them pending.
 */
public final class StudyRunner {

    /** How often the progress line is repeated while nothing starts or ends. */
    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(30);

    /** How the study starts one cell: the command line of {@code gsnode cell ARGS --out DIR}. */
    public interface Launcher {
        List<String> command(List<String> cellArgs, Path out);
    }

    private record Running(PlannedCell cell, CellCost.Estimate estimate, Process process, long startNanos) {}

    private final String name;
    private final Path dir;
    private final StudyIndex index;
    private final Map<String, PlannedCell> plan = new LinkedHashMap<>();
    private final Map<String, CellCost.Estimate> estimates;
    private final int jobs;
    private final double budgetMib;
    private final CellCost cost;
    private final Launcher launcher;
    private final PrintStream err;
    private final List<Running> running = new ArrayList<>();
    private volatile boolean stopping;
    private double actualOverEstimate = 1.0;

    public StudyRunner(String name, Path dir, StudyIndex index, List<PlannedCell> cells, Map<String, CellCost.Estimate> estimates,
                       int jobs, double budgetMib, CellCost cost, Launcher launcher, PrintStream err) {
        this.name = name;
        this.dir = dir;
        this.index = index;
        for (PlannedCell c : cells) plan.put(c.name(), c);
        this.estimates = estimates;
        this.jobs = jobs;
        this.budgetMib = budgetMib;
        this.cost = cost;
        this.launcher = launcher;
        this.err = err;
    }

    /** The default launcher: this JVM's java, flags and class path, running {@code gsnode cell}. */
    public static Launcher sameJvm(String mainClass) {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> jvmArgs = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> !a.startsWith("-agentlib:jdwp")).toList();
        String classpath = String.join(File.pathSeparator, Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(e -> Path.of(e).toAbsolutePath().toString()).toList());
        return (args, out) -> {
            List<String> cmd = new ArrayList<>();
            cmd.add(java.toString());
            cmd.addAll(jvmArgs);
            cmd.add("-cp");
            cmd.add(classpath);
            cmd.add(mainClass);
            cmd.add("cell");
            cmd.addAll(args);
            cmd.add("--out");
            cmd.add(out.toString());
            return cmd;
        };
    }

    /**
     * Runs every pending cell; returns 0 when every cell is done, 1 when some failed, 130 when stopped.
     */
    public int run() throws IOException, InterruptedException {
        Thread hook = new Thread(this::stop, "study-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return loop();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // Shutting down already: the hook is running.
            }
        }
    }

    private int loop() throws IOException, InterruptedException {
        List<String> pending = new ArrayList<>(index.entries().stream().filter(e -> e.state() != State.done).map(CellEntry::name).toList());
        long skipped = index.count(State.done);
        if (skipped > 0) err.println("study " + name + ": " + skipped + " of " + plan.size() + " cells already complete, skipped");
        for (String p : pending) index.update(index.get(p).with(State.pending, null, null, null, null, null));
        long lastProgress = System.nanoTime();
        while (!stopping && (!pending.isEmpty() || !running.isEmpty())) {
            boolean changed = reap();
            changed |= startWhatFits(pending);
            if (changed || System.nanoTime() - lastProgress > PROGRESS_EVERY.toNanos()) {
                err.println(progress());
                lastProgress = System.nanoTime();
            }
            Thread.sleep(200);
        }
        if (stopping) return 130;
        long failed = index.count(State.failed);
        err.println("study " + name + ": " + index.count(State.done) + " of " + plan.size() + " cells done"
                + (failed > 0 ? ", " + failed + " failed (each cell's log is its cell.log; a rerun retries them)" : "") + " -> " + dir);
        return failed > 0 ? 1 : 0;
    }

    /** Starts pending cells while a job slot and the memory budget allow; one always runs. */
    private boolean startWhatFits(List<String> pending) throws IOException {
        boolean started = false;
        while (!pending.isEmpty() && running.size() < jobs && !stopping) {
            PlannedCell cell = plan.get(pending.get(0));
            CellCost.Estimate e = estimates.get(cell.name());
            double inUse = running.stream().mapToDouble(r -> r.estimate().peakMib()).sum();
            if (!running.isEmpty() && inUse + e.peakMib() > budgetMib) break;
            pending.remove(0);
            Path out = dir.resolve(cell.name());
            deleteTree(out);
            Files.createDirectories(out);
            List<String> args = new ArrayList<>(cell.args());
            if ("shadow".equals(cell.value("backend", "local")) && !cell.point().containsKey("parallelism")) {
                args.add("--parallelism");
                args.add(String.valueOf(Math.max(1, Runtime.getRuntime().availableProcessors() / jobs)));
            }
            ProcessBuilder pb = new ProcessBuilder(launcher.command(args, out)).redirectErrorStream(true)
                    .redirectOutput(out.resolve("cell.log").toFile());
            Process p = pb.start();
            running.add(new Running(cell, e, p, System.nanoTime()));
            index.update(index.get(cell.name()).with(State.running, null, null, null, null, null));
            started = true;
        }
        return started;
    }

    /** Collects the cells that ended. */
    private boolean reap() throws IOException {
        boolean any = false;
        for (Running r : new ArrayList<>(running)) {
            if (r.process().isAlive()) continue;
            running.remove(r);
            if (stopping) continue;
            any = true;
            finish(r);
        }
        return any;
    }

    private void finish(Running r) throws IOException {
        int exit = r.process().exitValue();
        double wallS = (System.nanoTime() - r.startNanos()) / 1e9;
        Path out = dir.resolve(r.cell().name());
        Path summaryFile = out.resolve(CellFiles.SUMMARY);
        CellEntry entry = index.get(r.cell().name());
        if (exit == 0 && Files.isRegularFile(summaryFile)) {
            CellSummary s = RecordJson.readCell(summaryFile);
            String build = s.builds() == null ? null
                    : String.join("; ", s.builds().stream().map(b -> b.name() + " " + b.shortName()).toList());
            index.update(entry.with(State.done, exit, round(wallS), s.fingerprint(), build, null));
            cost.add(new CellCost.Entry(s.identity().backend(), s.identity().transport(), s.identity().impl(), s.identity().arm(),
                    s.identity().n(), wallS, peakMib(s, out)));
            actualOverEstimate = 0.7 * actualOverEstimate + 0.3 * (wallS / Math.max(1, r.estimate().wallS()));
            err.println("study " + name + ": " + r.cell().name() + " done in " + duration(wallS) + ": " + oneLine(s));
        } else {
            String why = lastLine(out.resolve("cell.log"));
            index.update(entry.with(State.failed, exit, round(wallS), null, null, why));
            err.println("study " + name + ": " + r.cell().name() + " FAILED (exit " + exit + ")" + (why == null ? "" : ": " + why));
        }
    }

    /** Ctrl-C: the running cells end through their own clean-up, and stay pending for the rerun. */
    private void stop() {
        stopping = true;
        List<Running> now = new ArrayList<>(running);
        for (Running r : now) r.process().destroy();
        for (Running r : now) {
            try {
                if (!r.process().waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) r.process().destroyForcibly();
                index.update(index.get(r.cell().name()).with(State.pending, null, null, null, null, null));
            } catch (InterruptedException | IOException e) {
                Thread.currentThread().interrupt();
            }
        }
        err.println("study " + name + ": stopped; " + index.count(State.done) + " of " + plan.size()
                + " cells complete. The same command resumes it: complete cells are skipped, the rest rerun.");
        err.flush();
    }

    private String progress() {
        long done = index.count(State.done);
        long failed = index.count(State.failed);
        double left = 0;
        for (CellEntry e : index.entries()) {
            if (e.state() == State.pending) left += estimates.get(e.name()).wallS();
        }
        long nowNanos = System.nanoTime();
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "study %s: %d/%d done, %d failed", name, done, plan.size(), failed));
        for (Running r : running) {
            double elapsed = (nowNanos - r.startNanos()) / 1e9;
            double expected = r.estimate().wallS() * actualOverEstimate;
            b.append(", running ").append(r.cell().name()).append(" (").append(duration(elapsed)).append(" of ~")
                    .append(duration(expected)).append(")");
            left += Math.max(0, expected - elapsed);
        }
        if (left > 0) b.append(", about ").append(duration(left * actualOverEstimate / Math.max(1, Math.min(jobs, plan.size())))).append(" left");
        return b.toString();
    }

    /** Shadow measures its own peak; local and netns add their nodes' proportional memory. */
    private static double peakMib(CellSummary s, Path out) {
        if (s.host() != null && s.host().get("shadow_pss_peak_mib") instanceof Number n) return n.doubleValue();
        double total = 0;
        try {
            for (NodeRecord r : RecordJson.readNodes(out.resolve(CellFiles.RECORDS))) {
                if (r.pssBytes() != null) total += r.pssBytes() / 1048576.0;
            }
        } catch (IOException e) {
            return 0;
        }
        return total;
    }

    static String oneLine(CellSummary s) {
        return String.format(Locale.ROOT, "%d/%d receivers completed, p50 %s, p99 %s", s.completed(), s.receivers(),
                ms(s.p50Ms()), ms(s.p99Ms()));
    }

    private static String ms(Double v) {
        return v == null ? "censored" : String.format(Locale.ROOT, "%.0f ms", v);
    }

    /** A wall time as the progress line and the plan write it: {@code 45s}, {@code 4m20s}, {@code 7h16m}. */
    public static String duration(double s) {
        long t = Math.round(s);
        if (t < 60) return t + "s";
        if (t < 3600) return (t / 60) + "m" + String.format(Locale.ROOT, "%02d", t % 60) + "s";
        return (t / 3600) + "h" + String.format(Locale.ROOT, "%02d", (t % 3600) / 60) + "m";
    }

    private static Double round(double v) {
        return Math.round(v * 10) / 10.0;
    }

    private static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            for (int i = lines.size() - 1; i >= 0; i--) if (!lines.get(i).isBlank()) return lines.get(i).strip();
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) return;
        try (Stream<Path> walk = Files.walk(p)) {
            for (Path q : walk.sorted(Comparator.reverseOrder()).toList()) Files.delete(q);
        }
    }
}
