package io.gsnode.tools.results;

import io.gsnode.formats.record.CellStatistics;
import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.formats.wire.WireForm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Loads every cell under a side's directory: the runner's {@code cell.json} when there is one
 * (it may carry the host measurements), otherwise the summary computed from the node records
 * exactly as {@code gsnode extract} would write it.
 */
public final class CellLoader {

    private CellLoader() {}

    public static List<Cell> load(BackendDir side) throws InputProblem {
        List<Cell> cells = new ArrayList<>();
        for (Path dir : CellDirectories.find(side.dir())) cells.add(load(side.name(), dir));
        return cells;
    }

    public static Cell load(String side, Path dir) throws InputProblem {
        Optional<CellRecords> records = CellRecords.read(dir);
        CellSummary summary = summary(dir, records);
        // Pairing and figures key on these; a summary without one cannot be placed anywhere honestly.
        if (summary.identity().arm() == null || summary.identity().transport() == null || summary.identity().scenario() == null) {
            throw new InputProblem(dir + ": the cell's summary lacks its arm, transport or scenario");
        }
        if (records.isEmpty()) {
            return new Cell(side, dir, summary, null, "no node records (" + CellDirectories.RECORDS + " or "
                    + CellDirectories.NODES + "/), so no wire form");
        }
        Set<WireForm.Pairing> forms = new LinkedHashSet<>();
        for (NodeRecord r : records.get().records()) if (r.wireForm() != null) forms.add(r.wireForm().pairing());
        if (forms.isEmpty()) return new Cell(side, dir, summary, null, "no node record carries a wire form");
        if (forms.size() > 1) return new Cell(side, dir, summary, null, "node records disagree on the wire form " + forms);
        return new Cell(side, dir, summary, forms.iterator().next(), null);
    }

    /** The runner's summary when present, else the one computed from the records (lost nodes filled in). */
    public static CellSummary summary(Path dir, Optional<CellRecords> records) throws InputProblem {
        Path file = dir.resolve(CellDirectories.SUMMARY);
        if (Files.isRegularFile(file)) {
            try {
                return RecordJson.readCell(file);
            } catch (IOException e) {
                throw new InputProblem(file + ": " + e.getMessage(), e);
            }
        }
        if (records.isEmpty()) throw new InputProblem(dir + ": neither " + CellDirectories.SUMMARY + " nor node records");
        return CellStatistics.summarise(records.get().records(), Map.of());
    }
}
