package io.gsnode.tools.cli;

import io.gsnode.tools.results.Cell;
import io.gsnode.tools.results.InputProblem;
import io.gsnode.tools.results.plot.Chart;
import io.gsnode.tools.results.plot.Figure1Chart;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code gsnode plot figure1}: the report's Figure 1 (bars of p99, p50 ticks, ±1 s.d. across seeds). */
@Command(name = "figure1", mixinStandardHelpOptions = true,
        description = {"Bars of receiver p99 per arm, one bar per side (backend, transport or queue), with p50 ticks and "
                + "whiskers of ±1 s.d. of p99 across seeds. Needs one n, payload and scenario (use the filters)."})
final class Figure1Command extends PlotSubcommand {

    @Override
    Chart chart(List<Cell> cells, PrintWriter err) throws InputProblem {
        return Figure1Chart.build(cells, filter.arms, width, height);
    }
}
