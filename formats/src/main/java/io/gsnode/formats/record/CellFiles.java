package io.gsnode.formats.record;

import io.gsnode.formats.files.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The two files every backend's runner leaves in a cell directory: {@code records.jsonl}, one node
 * record per line (lost ones included), and {@code cell.json}, the summary. Each is written to a
 * temporary file and moved into place, so a reader (or a runner killed mid-write) never sees half
 * of one.
 */
public final class CellFiles {

    public static final String RECORDS = "records.jsonl";
    public static final String SUMMARY = "cell.json";

    private CellFiles() {}

    /** Files that mark a directory as holding a cell already: its summary, its records, a Shadow config, a first run. */
    private static final List<String> OCCUPIED_BY = List.of(SUMMARY, RECORDS, "shadow.yaml", "run-0");

    /**
     * The file that shows {@code dir} holds a cell already, or null when it holds none: a runner
     * refuses such an {@code --out} unless told to replace it, so a second run never silently
     * overwrites the first.
     */
    public static String occupant(Path dir) {
        for (String f : OCCUPIED_BY) if (java.nio.file.Files.exists(dir.resolve(f))) return f;
        return null;
    }

    /**
     * Writes both files for {@code records} and returns the summary.
     *
     * @param host what the backend measured about the machine during the run (load, cost), or empty
     */
    public static CellSummary write(Path dir, List<NodeRecord> records, Map<String, Object> host) throws IOException {
        AtomicFiles.writeString(dir.resolve(RECORDS), String.join("\n", records.stream().map(RecordJson::line).toList()) + "\n");
        CellSummary summary = CellStatistics.summarise(records, host);
        AtomicFiles.writeString(dir.resolve(SUMMARY), RecordJson.line(summary) + "\n");
        return summary;
    }
}
