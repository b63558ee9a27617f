package io.gsnode.tools.cli;

import io.gsnode.tools.results.Cell;
import io.gsnode.tools.results.InputProblem;
import io.gsnode.tools.results.plot.Chart;
import io.gsnode.tools.results.plot.SweepChart;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gsnode plot sweep}: the report's Figures 8 and 9 (lines against n or payload size). */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = {"Lines of p50, p99, bytes and control bytes received per node against network size or payload size, "
                + "one line per arm, one column per side. Needs one scenario and one value of the other size."})
final class SweepCommand extends PlotSubcommand {

    @Option(names = "--x", paramLabel = "n|payload", description = "What the x axis sweeps (default: ${DEFAULT-VALUE}).")
    SweepChart.Axis x = SweepChart.Axis.N;

    @Override
    int defaultHeight() {
        return 1000;
    }

    @Override
    Chart chart(List<Cell> cells, PrintWriter err) throws InputProblem {
        return SweepChart.build(cells, x, filter.arms, width, height);
    }
}
