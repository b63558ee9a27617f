package io.gsnode.app;

import io.gsnode.app.study.CellCost;
import io.gsnode.app.study.NamedStudies;
import io.gsnode.app.study.PlannedCell;
import io.gsnode.app.study.StudyExport;
import io.gsnode.app.study.StudyIndex;
import io.gsnode.app.study.StudyPlan;
import io.gsnode.app.study.StudyPreflight;
import io.gsnode.app.study.StudyReport;
import io.gsnode.app.study.StudyRunner;
import io.gsnode.app.study.StudySpec;
import io.gsnode.formats.record.Build;
import io.gsnode.formats.topology.TopologyReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gsnode study}: a campaign of cells, resumable, with its report (docs/studies.md). */
@Command(name = "study", mixinStandardHelpOptions = true, subcommands = {StudyCommand.Report.class, StudyCommand.Export.class},
        description = {"Run a study: a matrix of cells (gsnode cell options crossed), each in its own subdirectory of --out, "
                + "indexed in study.json. A rerun skips every cell already complete under the same plan and reruns the rest; "
                + "Ctrl-C stops cleanly. STUDY is a study file (YAML or JSON) or the name of one of the report's experiments "
                + "(--list). gsnode study report DIR prints its table. See docs/studies.md."})
public final class StudyCommand implements Callable<Integer> {

    @Parameters(paramLabel = "STUDY", arity = "0..1", description = "A study file, or a named study (--list).")
    String study;

    @Option(names = "--out", paramLabel = "DIR", description = "The study's directory (one subdirectory per cell, study.json).")
    Path out;

    @Option(names = "--list", description = "Name the report's experiments that run as studies, and exit.")
    boolean list;

    @Option(names = "--set", paramLabel = "KEY=V[,V...]", description = "Replace one option's values in the study (repeatable), "
            + "for example --set seed=7,8,9 or --set n=32; 'default' leaves the option out.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--dry-run", description = "Print the cells with each one's estimated wall time and peak memory, and the total; run nothing.")
    boolean dryRun;

    @Option(names = "--jobs", paramLabel = "N", description = "Cells side by side, within the memory budget (default: ${DEFAULT-VALUE}); "
            + "Shadow's worker threads are shared out among them.")
    int jobs = 1;

    @Option(names = "--memory-budget", paramLabel = "MIB", description = "Memory the running cells' estimates may add up to "
            + "(default: 80 % of the memory available when the study starts).")
    Long memoryBudgetMib;

    @Option(names = "--cost-history", paramLabel = "FILE", description = "Where finished cells' wall time and memory are kept for "
            + "estimates (default: $XDG_STATE_HOME/gsnode/cell-costs.jsonl, else ~/.local/state/gsnode/cell-costs.jsonl).")
    Path costHistory;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (list) {
            for (NamedStudies.Named n : NamedStudies.all()) System.out.println(String.format(Locale.ROOT, "%-9s %s", n.name(), n.what()));
            return 0;
        }
        if (study == null) throw new CommandLine.ParameterException(spec.commandLine(), "give a STUDY (a file, or a name from --list)");
        if (jobs < 1) throw new CommandLine.ParameterException(spec.commandLine(), "--jobs must be at least 1, was " + jobs);
        StudySpec s;
        List<PlannedCell> cells;
        try {
            s = load();
            for (String set : sets) {
                int eq = set.indexOf('=');
                if (eq <= 0) throw new IllegalArgumentException("--set takes KEY=V[,V...], was '" + set + "'");
                s = s.with(set.substring(0, eq), Arrays.asList(set.substring(eq + 1).split(",")));
            }
            cells = StudyPlan.cells(s, new CellCommand());
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("gsnode study: " + e.getMessage());
            return 2;
        }
        if (out == null && !dryRun) throw new CommandLine.ParameterException(spec.commandLine(), "give --out DIR (or --dry-run)");
        CellCost cost = CellCost.read(costHistory != null ? costHistory : CellCost.defaultHistory(System.getenv()));
        Map<String, CellCost.Estimate> estimates = new LinkedHashMap<>();
        for (PlannedCell c : cells) {
            estimates.put(c.name(), cost.estimate(c.value("backend", "local"), c.value("transport", "tcp"), c.value("impl", "java"),
                    c.value("arm", "wholend"), nodes(c)));
        }
        long memTotal = MemInfo.mib("MemTotal");
        double budget = memoryBudgetMib != null ? memoryBudgetMib : 0.8 * MemInfo.mib("MemAvailable");
        if (dryRun) printPlan(s, cells, estimates, budget, memTotal);
        Optional<String> missing = StudyPreflight.problem(cells, System.getenv());
        if (missing.isPresent()) {
            System.err.println("gsnode study: " + (dryRun ? "before this study can run: " : "") + missing.get());
            if (!dryRun) return 2;
        }
        for (PlannedCell c : cells) {
            CellCost.Estimate e = estimates.get(c.name());
            if (memTotal > 0 && e.peakMib() > memTotal) {
                System.err.println(String.format(Locale.ROOT, "gsnode study: cell %s needs about %,.0f MiB (%s), more than this machine's "
                        + "%,d MiB: make it smaller (--set n=...), or run it where it fits", c.name(), e.peakMib(), e.source(), memTotal));
                return 2;
            }
        }
        if (dryRun) return 0;
        String there = StudyIndex.nameIn(out);
        if (there != null && !there.equals(s.name())) {
            System.err.println("gsnode study: " + out + " holds the study '" + there + "', not '" + s.name() + "': give another --out");
            return 2;
        }
        if (there == null && Files.isDirectory(out)) {
            try (var entries = Files.list(out)) {
                if (entries.findAny().isPresent()) {
                    System.err.println("gsnode study: " + out + " is not empty and holds no study: give an empty or new --out");
                    return 2;
                }
            }
        }
        Files.createDirectories(out);
        Map<String, String> keys = new LinkedHashMap<>();
        String versions = Build.current().version() + goPeerVersion(s);
        for (PlannedCell c : cells) keys.put(c.name(), c.key(versions));
        StudyIndex index = StudyIndex.open(out, s, cells, keys);
        index.write();
        System.err.println(String.format(Locale.ROOT, "study %s: %d cells -> %s (build %s; %d at a time within %,.0f MiB)", s.name(),
                cells.size(), out, Build.current().shortName(), jobs, budget));
        return new StudyRunner(s.name(), out, index, cells, estimates, jobs, budget, cost, StudyRunner.sameJvm(Gsnode.class.getName()),
                System.err).run();
    }

    private StudySpec load() throws IOException {
        Path file = Path.of(study);
        if (Files.isRegularFile(file)) return StudySpec.read(file);
        NamedStudies.Named named = NamedStudies.find(study);
        if (named == null) {
            throw new IllegalArgumentException("'" + study + "' is neither a study file nor a named study; named: "
                    + NamedStudies.all().stream().map(NamedStudies.Named::name).toList());
        }
        return named.spec();
    }

    /** The go peer's binary enters a go cell's plan by its size and time, so that a rebuilt peer reruns its cells. */
    private static String goPeerVersion(StudySpec s) {
        boolean go = s.cells().getOrDefault("impl", List.of()).stream().anyMatch(v -> "go".equals(v) || "mixed".equals(v));
        if (!go) return "";
        List<Object> given = s.cells().get("go-peer");
        Path peer = given != null && given.get(0) != null ? Path.of(String.valueOf(given.get(0)))
                : System.getenv(CellCommand.GO_PEER_ENV) != null ? Path.of(System.getenv(CellCommand.GO_PEER_ENV)) : null;
        try {
            return peer == null ? " gopeer" : " gopeer " + Files.size(peer) + " " + Files.getLastModifiedTime(peer).toMillis();
        } catch (IOException e) {
            return " gopeer";
        }
    }

    /** A cell's nodes: its --n, or its topology's. */
    private static int nodes(PlannedCell c) {
        Object n = c.point().get("n");
        if (n != null) return Integer.parseInt(String.valueOf(n));
        Object topo = c.point().get("topology");
        if (topo != null) {
            try {
                return TopologyReader.check(Path.of(String.valueOf(topo))).n();
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException("cell " + c.name() + ": --topology " + topo + ": " + e.getMessage());
            }
        }
        return 1;
    }

    private void printPlan(StudySpec s, List<PlannedCell> cells, Map<String, CellCost.Estimate> estimates, double budget, long memTotal) {
        double total = 0;
        double peak = 0;
        System.out.println("study " + s.name() + ": " + cells.size() + " cells");
        for (PlannedCell c : cells) {
            CellCost.Estimate e = estimates.get(c.name());
            total += e.wallS();
            peak = Math.max(peak, e.peakMib());
            System.out.println(String.format(Locale.ROOT, "  %-40s ~%8s  ~%,7.0f MiB  (%s)%s", c.name(), StudyRunner.duration(e.wallS()), e.peakMib(),
                    e.source(), memTotal > 0 && e.peakMib() > memTotal ? "  DOES NOT FIT this machine" : ""));
        }
        System.out.println(String.format(Locale.ROOT, "in all: about %s of wall time one at a time%s; the largest cell about %,.0f MiB "
                + "(budget %,.0f MiB)", StudyRunner.duration(total), jobs > 1 ? ", less with --jobs " + jobs + " where memory allows" : "", peak, budget));
    }


    /** {@code gsnode study report DIR}. */
    @Command(name = "report", mixinStandardHelpOptions = true,
            description = "Print a study's table: per point, the median across seeds with the seeds' range, beside the report's "
                    + "published value where it has one (docs/studies.md).")
    static final class Report implements Callable<Integer> {

        @Parameters(paramLabel = "DIR", description = "A study's directory.")
        Path dir;

        @Option(names = "--markdown", paramLabel = "FILE", description = "Write the markdown here (default: stdout).")
        Path markdown;

        @Option(names = "--csv", paramLabel = "FILE", description = "Write the table as CSV here too.")
        Path csv;

        @Option(names = "--figure", paramLabel = "BASE", description = "Draw the study as the report's Figure 1, beside the report's "
                + "published values, as BASE.png and BASE.svg (one size, payload and scenario per figure).")
        Path figure;

        @Override
        public Integer call() {
            try {
                StudyReport r = StudyReport.of(dir);
                if (markdown == null) System.out.print(r.markdown());
                r.write(markdown, csv);
                if (figure != null) {
                    for (Path p : r.figure(dir, figure)) System.err.println("gsnode study report: wrote " + p);
                }
                return 0;
            } catch (io.gsnode.tools.results.InputProblem e) {
                System.err.println("gsnode study report: no figure: " + e.getMessage());
                return 2;
            } catch (IllegalArgumentException e) {
                System.err.println("gsnode study report: " + e.getMessage());
                return 2;
            } catch (IOException e) {
                System.err.println("gsnode study report: " + e.getMessage());
                return 2;
            }
        }
    }

    /** {@code gsnode study export DIR --to DEST}. */
    @Command(name = "export", mixinStandardHelpOptions = true,
            description = "Copy what a study's table and figure are made of, small enough to commit: study.json and, for every "
                    + "done cell, its cell.json and its records gzipped (docs/studies.md). gsnode study report reads the copy.")
    static final class Export implements Callable<Integer> {

        @Parameters(paramLabel = "DIR", description = "A study's directory.")
        Path dir;

        @Option(names = "--to", required = true, paramLabel = "DEST", description = "Where the copy goes (made; cells already there are replaced).")
        Path to;

        @Override
        public Integer call() {
            try {
                StudyExport.Result r = StudyExport.export(dir, to);
                System.err.printf(Locale.ROOT, "gsnode study export: %d done cells of %d -> %s (%,d bytes)%n", r.cells(), r.planned(), to,
                        r.bytes());
                return 0;
            } catch (IllegalArgumentException e) {
                System.err.println("gsnode study export: " + e.getMessage());
                return 2;
            } catch (IOException e) {
                System.err.println("gsnode study export: " + e.getMessage());
                return 1;
            }
        }
    }

    /** /proc/meminfo, in MiB; 0 where it cannot be read. */
    static final class MemInfo {
        static long mib(String field) {
            try {
                for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                    if (line.startsWith(field + ":")) return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
                }
            } catch (IOException | NumberFormatException e) {
                return 0;
            }
            return 0;
        }
    }
}
