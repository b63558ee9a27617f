package io.gsnode.tools.cli;

import io.gsnode.formats.files.AtomicFiles;
import io.gsnode.tools.results.BackendDir;
import io.gsnode.tools.results.Cell;
import io.gsnode.tools.results.CellBuilds;
import io.gsnode.tools.results.CellLoader;
import io.gsnode.tools.results.InputProblem;
import io.gsnode.tools.results.compare.Comparison;
import io.gsnode.tools.results.compare.CsvReport;
import io.gsnode.tools.results.compare.Exclusion;
import io.gsnode.tools.results.compare.MarkdownReport;
import io.gsnode.tools.results.compare.Pairing;
import io.gsnode.tools.results.compare.PairingResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gsnode compare}: pairs cells across backends (docs/arms.md §13), or across the
 * implementations of one backend's cells ({@code --pair impl}), and writes the report's tables as
 * markdown and CSV. Bad input (a missing directory, an unknown schema, nothing to pair)
 * is one line on stderr and exit 2; a failed write exits 1.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Pairs the cells of two or more backends (arm, seed, n, payload, scenario, transport, queue; "
                + "identical wire forms only) and prints medians across seeds, differences from the reference and "
                + "per-seed difference medians with their range, as markdown (default) and CSV. With --pair impl the "
                + "sides are the implementations (java, go, mixed) of one backend's cells instead.",
                "See docs/results.md."})
public final class CompareCommand implements Callable<Integer> {

    enum PairBy { backend, impl }

    @Option(names = "--backend", paramLabel = "NAME=DIR", required = true,
            description = "A side: its name and the directory its cells are under (repeatable, at least two; with --pair impl, "
                    + "the directories whose cells are split by implementation).")
    List<String> backends = new ArrayList<>();

    @Option(names = "--pair", paramLabel = "backend|impl",
            description = "What the sides are: the --backend directories (default), or the implementations of their cells, "
                    + "which must all come from one backend.")
    PairBy pairBy = PairBy.backend;

    @Option(names = "--reference", paramLabel = "NAME",
            description = "The side differences are taken from (default: the first --backend; with --pair impl, go).")
    String reference;

    @Option(names = "--queue-agnostic", paramLabel = "NAME",
            description = "A side whose records carry no queue: it pairs with every queue of the other side (repeatable).")
    List<String> queueAgnostic = new ArrayList<>();

    @Option(names = "--allow-mixed-builds",
            description = "Compare cells that different builds produced (each side's builds are listed in the report); "
                    + "by default a comparison whose cells name more than one build of an implementation is refused.")
    boolean allowMixedBuilds;

    @Mixin
    CellFilter filter = new CellFilter();

    @Option(names = "--markdown", paramLabel = "FILE", description = "Write the markdown tables here (default: stdout, unless --csv is given).")
    Path markdown;

    @Option(names = "--csv", paramLabel = "FILE", description = "Write the CSV here ('-' for stdout).")
    String csv;

    @Spec
    CommandLine.Model.CommandSpec spec;

    /** The backends records name: a side called by one of these must hold that backend's cells. */
    private static final Set<String> KNOWN_BACKENDS = Set.of("local", "netns", "shadow", "k8s");

    /** Each side's builds, for the report. */
    private Map<String, String> buildsBySide = Map.of();

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try {
            List<Comparison> comparisons = compare(err);
            write(comparisons);
            return 0;
        } catch (InputProblem e) {
            err.println("gsnode compare: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("gsnode compare: cannot write: " + e.getMessage());
            return 1;
        } finally {
            err.flush();
        }
    }

    private List<Comparison> compare(PrintWriter err) throws InputProblem {
        Map<String, List<Cell>> sides = pairBy == PairBy.impl ? byImpl() : byBackend();
        String ref = reference != null ? reference
                : pairBy == PairBy.impl && sides.containsKey("go") ? "go" : sides.keySet().iterator().next();
        if (!sides.containsKey(ref)) throw new InputProblem("--reference '" + ref + "' is not a side " + sides.keySet());
        Map<String, Pairing.Side> loaded = new LinkedHashMap<>();
        Map<String, List<Exclusion>> saturated = new LinkedHashMap<>();
        for (Map.Entry<String, List<Cell>> side : sides.entrySet()) {
            String name = side.getKey();
            List<Cell> all = side.getValue();
            CellFilter.Kept kept = filter.apply(all);
            boolean agnostic = queueAgnostic.contains(name);
            List<Exclusion> leftOut = new ArrayList<>();
            for (Cell c : kept.saturated()) {
                err.println("gsnode compare: " + CellFilter.leftOut(name, c));
                leftOut.add(Pairing.saturatedRun(name, c, agnostic));
            }
            if (kept.cells().isEmpty()) {
                throw new InputProblem("none of the " + all.size() + " cells of '" + name + "' passes the filters"
                        + (leftOut.isEmpty() ? "" : " (" + leftOut.size() + " left out as saturated)"));
            }
            loaded.put(name, new Pairing.Side(name, kept.cells(), agnostic, pairBy == PairBy.impl));
            saturated.put(name, leftOut);
        }
        checkBuilds(loaded);
        List<Comparison> comparisons = new ArrayList<>();
        for (Pairing.Side other : loaded.values()) {
            if (other.name().equals(ref)) continue;
            PairingResult pairing = Pairing.pair(loaded.get(ref), other).withExclusions(saturated.get(ref))
                    .withExclusions(saturated.get(other.name()));
            err.println("gsnode compare: " + other.name() + " against " + ref + ": " + pairing.summary());
            comparisons.add(Comparison.of(pairing));
        }
        if (comparisons.stream().allMatch(c -> c.rows().isEmpty())) {
            StringBuilder why = new StringBuilder("nothing to pair against '" + ref + "'");
            for (Comparison c : comparisons) {
                why.append("; ").append(c.other()).append(": ").append(c.pairing().summary());
                c.pairing().exclusions().stream().limit(3).forEach(e -> why.append("; e.g. ").append(e));
            }
            throw new InputProblem(why.toString());
        }
        return comparisons;
    }

    /**
     * Refuses, unless --allow-mixed-builds, a comparison whose cells name more than one build: a
     * difference between sides would then mix the code's changes with the network's.
     */
    private void checkBuilds(Map<String, Pairing.Side> sides) throws InputProblem {
        Map<String, Integer> all = new TreeMap<>();
        for (Pairing.Side side : sides.values()) CellBuilds.count(side.cells()).forEach((k, v) -> all.merge(k, v, Integer::sum));
        buildsBySide = new LinkedHashMap<>();
        for (Pairing.Side side : sides.values()) buildsBySide.put(side.name(), CellBuilds.describe(CellBuilds.count(side.cells())));
        if (all.size() > 1 && !allowMixedBuilds) {
            StringBuilder why = new StringBuilder("the cells come from " + all.size() + " builds");
            buildsBySide.forEach((side, builds) -> why.append("; ").append(side).append(": ").append(builds));
            throw new InputProblem(why + "; rerun the cells on one build, or give --allow-mixed-builds to compare them anyway");
        }
    }

    /** One side per --backend directory; the side's backend is the one its records name, whatever the side is called. */
    private Map<String, List<Cell>> byBackend() throws InputProblem {
        Map<String, List<Cell>> sides = new LinkedHashMap<>();
        List<BackendDir> dirs = BackendDir.parseAll(backends);
        if (dirs.size() < 2) throw new InputProblem("give at least two --backend NAME=DIR to compare");
        for (String name : queueAgnostic) {
            if (dirs.stream().noneMatch(d -> d.name().equals(name))) {
                throw new InputProblem("--queue-agnostic '" + name + "' is not a --backend name " + dirs.stream().map(BackendDir::name).toList());
            }
        }
        for (BackendDir dir : dirs) {
            List<Cell> cells = CellLoader.load(dir);
            Set<String> named = new TreeSet<>();
            for (Cell c : cells) named.add(String.valueOf(c.summary().identity().backend()));
            if (named.size() > 1) {
                throw new InputProblem("side '" + dir.name() + "' (" + dir.dir() + ") holds cells of " + named
                        + " backends; give each backend's cells as a side of its own");
            }
            if (KNOWN_BACKENDS.contains(dir.name()) && !named.isEmpty() && !named.contains(dir.name())) {
                throw new InputProblem("side '" + dir.name() + "' (" + dir.dir() + ") holds " + named.iterator().next()
                        + " cells, by their records; name the side after what it holds");
            }
            sides.put(dir.name(), cells);
        }
        return sides;
    }

    /**
     * One side per implementation among the cells of every --backend directory, which must all
     * come from one backend: pairing a go cell on netns with a java cell under Shadow would mix two
     * differences in one figure.
     */
    private Map<String, List<Cell>> byImpl() throws InputProblem {
        if (!queueAgnostic.isEmpty()) throw new InputProblem("--queue-agnostic names a backend side; with --pair impl the sides are implementations");
        Map<String, List<Cell>> sides = new TreeMap<>();
        Set<String> backendsSeen = new TreeSet<>();
        for (BackendDir dir : BackendDir.parseAll(backends)) {
            for (Cell c : CellLoader.load(dir)) {
                backendsSeen.add(String.valueOf(c.summary().identity().backend()));
                sides.computeIfAbsent(c.summary().identity().impl(), k -> new ArrayList<>()).add(c);
            }
        }
        if (backendsSeen.size() > 1) {
            throw new InputProblem("--pair impl compares the implementations of one backend's cells; these are of " + backendsSeen
                    + ": give the directories of one backend");
        }
        if (sides.size() < 2) throw new InputProblem("--pair impl needs cells of at least two implementations; found only " + sides.keySet());
        return sides;
    }

    private void write(List<Comparison> comparisons) throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (markdown != null) {
            AtomicFiles.writeString(markdown, MarkdownReport.render(comparisons, buildsBySide));
            spec.commandLine().getErr().println("gsnode compare: wrote " + markdown);
        }
        if (csv != null) {
            if (csv.equals("-")) {
                out.print(CsvReport.render(comparisons));
            } else {
                AtomicFiles.writeString(Path.of(csv), CsvReport.render(comparisons));
                spec.commandLine().getErr().println("gsnode compare: wrote " + csv);
            }
        }
        if (markdown == null && csv == null) out.print(MarkdownReport.render(comparisons, buildsBySide));
        out.flush();
    }
}
