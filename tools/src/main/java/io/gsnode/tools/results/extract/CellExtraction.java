package io.gsnode.tools.results.extract;

import io.gsnode.formats.files.AtomicFiles;
import io.gsnode.formats.record.CellIdentity;
import io.gsnode.formats.record.CellStatistics;
import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.tools.results.CellDirectories;
import io.gsnode.tools.results.CellRecords;
import io.gsnode.tools.results.InputProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Writes one cell directory's {@code cell.json} from its node records. */
public final class CellExtraction {

    /** What happened to one cell directory. */
    public record Outcome(Path dir, boolean written, CellSummary summary, int filledIn, String note) {

        public String describe() {
            if (!written) return dir + ": " + note;
            CellSummary s = summary;
            CellIdentity id = s.identity();
            int censored = s.receivers() - s.completed();
            return String.format(Locale.ROOT, "%s: wrote %s: %s %s seed %d n %d run %d: %d/%d receivers completed%s%s, p50 %s, p99 %s",
                    dir, CellDirectories.SUMMARY, id.arm(), id.transport(), id.seed(), id.n(), id.run(), s.completed(), s.receivers(),
                    censored > 0 ? " (" + censored + " censored)" : "",
                    filledIn > 0 ? ", " + filledIn + (filledIn == 1 ? " node" : " nodes") + " without a record counted as lost" : "",
                    ms(s.p50Ms()), ms(s.p99Ms()));
        }

        private static String ms(Double v) {
            return v == null ? "censored" : String.format(Locale.ROOT, "%.0f ms", v);
        }
    }

    private CellExtraction() {}

    /**
     * Summarises {@code dir}'s records into {@code cell.json}. A runner's {@code cell.json} is left
     * alone unless {@code force}; rewritten, it keeps the runner's host measurements, which no
     * node record carries.
     */
    public static Outcome extract(Path dir, boolean force) throws InputProblem, IOException {
        Path file = dir.resolve(CellDirectories.SUMMARY);
        boolean exists = Files.isRegularFile(file);
        if (exists && !force) return new Outcome(dir, false, null, 0, CellDirectories.SUMMARY + " present, left as is (--force rewrites it)");
        Optional<CellRecords> records = CellRecords.read(dir);
        if (records.isEmpty()) return new Outcome(dir, false, null, 0, "no node records, " + CellDirectories.SUMMARY + " left as is");
        Map<String, Object> host = Map.of();
        if (exists) {
            try {
                CellSummary old = RecordJson.readCell(file);
                if (old.host() != null) host = old.host();
            } catch (IOException e) {
                throw new InputProblem(file + ": " + e.getMessage(), e);
            }
        }
        CellSummary summary = CellStatistics.summarise(records.get().records(), host);
        AtomicFiles.writeString(file, RecordJson.line(summary) + "\n");
        return new Outcome(dir, true, summary, records.get().filledIn(), null);
    }
}
