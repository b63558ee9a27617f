package io.gsnode.tools.cli;

import io.gsnode.tools.results.Cell;
import io.gsnode.tools.results.InputProblem;
import io.gsnode.tools.results.plot.CdfChart;
import io.gsnode.tools.results.plot.Chart;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code gsnode plot cdf}: receiver completion CDF per arm (and side), from the node records. */
@Command(name = "cdf", mixinStandardHelpOptions = true,
        description = {"The fraction of receivers complete against time since the publish, one curve per arm (and side), "
                + "pooled over seeds and runs; receivers that never completed keep a curve below 100 %%. Needs node "
                + "records and one n, payload and scenario."})
final class CdfCommand extends PlotSubcommand {

    @Override
    Chart chart(List<Cell> cells, PrintWriter err) throws InputProblem {
        return CdfChart.fromCells(cells, filter.arms, width, height, err);
    }
}
