package io.gsnode.tools.cli;

import io.gsnode.tools.results.BackendDir;
import io.gsnode.tools.results.Cell;
import io.gsnode.tools.results.CellLoader;
import io.gsnode.tools.results.InputProblem;
import io.gsnode.tools.results.plot.Chart;
import io.gsnode.tools.results.plot.FigureFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What every figure command shares: the sides, the filters, the output and its size, and the
 * exit statuses (bad input 2, a failed write 1).
 */
abstract class PlotSubcommand implements Callable<Integer> {

    @Option(names = "--backend", paramLabel = "NAME=DIR", required = true,
            description = "A side: its name and the directory its cells are under (repeatable).")
    List<String> backends = new ArrayList<>();

    @Mixin
    CellFilter filter = new CellFilter();

    @Option(names = "--out", paramLabel = "BASE", required = true, description = "Writes BASE.png and BASE.svg.")
    Path out;

    @Option(names = "--width", paramLabel = "PX", description = "Width in pixels (default: ${DEFAULT-VALUE}).")
    int width = 1200;

    @Option(names = "--height", paramLabel = "PX", description = "Height in pixels (default: ${DEFAULT-VALUE}).")
    int height = defaultHeight();

    @Spec
    CommandLine.Model.CommandSpec spec;

    int defaultHeight() {
        return 700;
    }

    abstract Chart chart(List<Cell> cells, PrintWriter err) throws InputProblem;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        String name = "gsnode plot " + spec.name();
        try {
            if (width < 200 || height < 150 || width > 10_000 || height > 10_000) {
                throw new InputProblem("--width and --height must be within 200..10000 and 150..10000, were " + width + " x " + height);
            }
            Chart chart = chart(load(err), err);
            for (Path file : FigureFiles.write(chart, out)) spec.commandLine().getOut().println(file);
            return 0;
        } catch (InputProblem e) {
            err.println(name + ": " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println(name + ": cannot write " + out + ": " + e.getMessage());
            return 1;
        } finally {
            spec.commandLine().getOut().flush();
            err.flush();
        }
    }

    private List<Cell> load(PrintWriter err) throws InputProblem {
        List<Cell> cells = new ArrayList<>();
        for (BackendDir side : BackendDir.parseAll(backends)) {
            List<Cell> all = CellLoader.load(side);
            CellFilter.Kept kept = filter.apply(all);
            for (Cell c : kept.saturated()) err.println("gsnode plot " + spec.name() + ": " + CellFilter.leftOut(side.name(), c));
            if (kept.cells().isEmpty()) {
                throw new InputProblem("none of the " + all.size() + " cells of '" + side.name() + "' (" + side.dir() + ") passes the filters"
                        + (kept.saturated().isEmpty() ? "" : " (" + kept.saturated().size() + " left out as saturated)"));
            }
            cells.addAll(kept.cells());
        }
        return cells;
    }
}
