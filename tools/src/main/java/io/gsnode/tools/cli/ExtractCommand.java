package io.gsnode.tools.cli;

import io.gsnode.tools.results.CellDirectories;
import io.gsnode.tools.results.InputProblem;
import io.gsnode.tools.results.extract.CellExtraction;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gsnode extract DIR...}: writes {@code cell.json} for every cell under the directories
 * whose runner did not write one. Every cell is attempted; a bad one (unknown schema, records of
 * two cells in one directory) is reported and the exit status is 2; a failed write exits 1.
 */
@Command(name = "extract", mixinStandardHelpOptions = true,
        description = {"Summarises node records (gsnode.node/1) into cell summaries (gsnode.cell/1) for every cell under DIR "
                + "that has none. Receivers that never completed stay in the population, censored; a node without a record "
                + "counts as lost.", "See docs/results.md."})
public final class ExtractCommand implements Callable<Integer> {

    @Parameters(paramLabel = "DIR", arity = "1..*", description = "Directories to search for cells (a cell directory holds "
            + "records.jsonl or nodes/node-I.json).")
    List<Path> dirs = new ArrayList<>();

    @Option(names = "--force", description = "Rewrite cell.json where it exists (the runner's host measurements are kept).")
    boolean force;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int status = 0;
        int written = 0;
        int kept = 0;
        for (Path root : dirs) {
            List<Path> cells;
            try {
                cells = CellDirectories.find(root);
            } catch (InputProblem e) {
                err.println("gsnode extract: " + e.getMessage());
                status = Math.max(status, 2);
                continue;
            }
            for (Path cell : cells) {
                try {
                    CellExtraction.Outcome outcome = CellExtraction.extract(cell, force);
                    out.println(outcome.describe());
                    if (outcome.written()) written++;
                    else kept++;
                } catch (InputProblem e) {
                    err.println("gsnode extract: " + e.getMessage());
                    status = Math.max(status, 2);
                } catch (IOException e) {
                    err.println("gsnode extract: cannot write " + cell.resolve(CellDirectories.SUMMARY) + ": " + e.getMessage());
                    status = Math.max(status, 1);
                }
            }
        }
        err.println("gsnode extract: " + written + " written, " + kept + " left as they were"
                + (status != 0 ? "; errors above" : ""));
        out.flush();
        err.flush();
        return status;
    }
}
