package io.gsnode.tools.cli;

import io.gsnode.tools.results.CellDirectories;
import io.gsnode.tools.results.CellRecords;
import io.gsnode.tools.results.InputProblem;
import io.gsnode.tools.results.plot.FigureFiles;
import io.gsnode.tools.results.plot.TimelineChart;
import io.gsnode.tools.results.timeline.CellTimeline;
import io.gsnode.tools.results.timeline.TimelineReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gsnode timeline CELL}: one cell run's timelines joined, printed (the publisher's copies
 * on one time axis and the first-copy tree) and, with {@code --out}, drawn. Bad input exits 2
 * with one line; a failed write exits 1.
 */
@Command(name = "timeline", mixinStandardHelpOptions = true,
        description = {"Joins the node records' timelines of one cell run (a directory holding records.jsonl or nodes/node-I.json) "
                + "and prints the publisher's heartbeats, its copies of the message (queued, handed to the stream, taken by it) and "
                + "the first-copy tree: who got the message first from whom, and when.", "See docs/records.md §1.5."})
public final class TimelineCommand implements Callable<Integer> {

    @Parameters(paramLabel = "CELL", description = "A cell run's directory.")
    Path cell;

    @Option(names = "--message", paramLabel = "ID", description = "The message to follow, as hex (default: the publisher's first copy's).")
    String message;

    @Option(names = "--out", paramLabel = "BASE", description = "Also draws the publisher's copies: BASE.png and BASE.svg.")
    Path out;

    @Option(names = "--width", paramLabel = "PX", description = "The drawing's width in pixels (default: ${DEFAULT-VALUE}).")
    int width = 1200;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        CellTimeline timeline;
        try {
            if (width < 200 || width > 10_000) throw new InputProblem("--width must be within 200..10000, was " + width);
            if (!Files.isDirectory(cell)) throw new InputProblem("not a directory: " + cell);
            if (!CellDirectories.isCell(cell)) {
                throw new InputProblem(cell + " is not a cell run (it holds no " + CellDirectories.RECORDS + " or "
                        + CellDirectories.NODES + "/node-I.json; a cell's runs are its run-N directories)");
            }
            CellRecords records = CellRecords.read(cell)
                    .orElseThrow(() -> new InputProblem(cell + ": no node records (only a summary)"));
            timeline = CellTimeline.of(records, message);
            TimelineReport.write(timeline, stdout);
            if (out != null) {
                List<Path> written = FigureFiles.write(TimelineChart.of(timeline, width), out);
                err.println("gsnode timeline: wrote " + written.get(0) + " and " + written.get(1));
            }
        } catch (InputProblem e) {
            err.println("gsnode timeline: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("gsnode timeline: cannot write " + out + ": " + e.getMessage());
            return 1;
        }
        return 0;
    }
}
