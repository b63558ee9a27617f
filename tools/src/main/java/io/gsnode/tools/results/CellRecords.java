package io.gsnode.tools.results;

import io.gsnode.formats.record.CellIdentity;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.record.RecordJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One cell's node records as read from its directory, one per node: a node that wrote no record
 * gets a {@code lost} one, as the local runner does, so it stays in the population as a receiver
 * that never completed (censored) instead of vanishing from the quantiles.
 *
 * @param filledIn how many records were made up for nodes that wrote none
 */
public record CellRecords(Path dir, List<NodeRecord> records, int filledIn) {

    /**
     * Reads {@code records.jsonl} (or an exported study's {@code records.jsonl.gz}), else
     * {@code nodes/node-I.json}; empty when the directory has none of them.
     */
    public static Optional<CellRecords> read(Path dir) throws InputProblem {
        List<NodeRecord> read = new ArrayList<>();
        Path jsonl = CellDirectories.recordsFile(dir);
        if (jsonl != null) {
            try {
                read.addAll(RecordJson.readNodes(jsonl));
            } catch (IOException e) {
                throw new InputProblem(jsonl + ": " + e.getMessage(), e);
            }
        } else {
            for (Path file : CellDirectories.nodeFiles(dir)) {
                try {
                    read.add(RecordJson.readNode(Files.readString(file).trim()));
                } catch (IOException e) {
                    throw new InputProblem(file + ": " + e.getMessage(), e);
                }
            }
        }
        if (read.isEmpty()) return Optional.empty();
        return Optional.of(complete(dir, read));
    }

    private static CellRecords complete(Path dir, List<NodeRecord> read) throws InputProblem {
        NodeRecord first = read.get(0);
        Map<Integer, NodeRecord> byIndex = new TreeMap<>();
        for (NodeRecord r : read) {
            if (!sameCell(first, r)) {
                throw new InputProblem(dir + ": records of more than one cell (" + identity(first.identity()) + " and "
                        + identity(r.identity()) + ")");
            }
            if (r.index() < 0 || r.index() >= r.identity().n()) {
                throw new InputProblem(dir + ": node index " + r.index() + " outside 0.." + (r.identity().n() - 1));
            }
            if (byIndex.put(r.index(), r) != null) throw new InputProblem(dir + ": two records for node " + r.index());
        }
        // docs/arms.md §10.2: a generated topology's publisher is node 0; a cell that lost its publisher's
        // record has no other way to say which node published.
        int publisher = read.stream().filter(r -> "publisher".equals(r.role())).mapToInt(NodeRecord::index)
                .findFirst().orElse(0);
        int filled = 0;
        for (int i = 0; i < first.identity().n(); i++) {
            if (!byIndex.containsKey(i)) {
                byIndex.put(i, lost(first, i, i == publisher ? "publisher" : "receiver"));
                filled++;
            }
        }
        List<NodeRecord> all = new ArrayList<>(byIndex.values());
        all.sort(Comparator.comparingInt(NodeRecord::index));
        return new CellRecords(dir, List.copyOf(all), filled);
    }

    private static NodeRecord lost(NodeRecord template, int index, String role) {
        return new NodeRecord(NodeRecord.SCHEMA, template.identity(), index, null, role, "lost", false, null, null, null, null,
                null, null, null, null, null, null, null, null, null, null, null, List.of(), null, Map.of(), Map.of(), template.build());
    }

    private static boolean sameCell(NodeRecord first, NodeRecord other) {
        CellIdentity a = first.identity();
        CellIdentity b = other.identity();
        return Objects.equals(a.cell(), b.cell()) && Objects.equals(a.backend(), b.backend())
                && Objects.equals(a.arm(), b.arm()) && Objects.equals(a.transport(), b.transport())
                && Objects.equals(a.queue(), b.queue()) && a.seed() == b.seed() && a.n() == b.n()
                && a.payloadBytes() == b.payloadBytes() && Objects.equals(a.scenario(), b.scenario()) && a.run() == b.run()
                // A lost record (written by a runner) may not know the condition; the others must agree on it.
                && (a.condition() == null || b.condition() == null || a.condition().equals(b.condition()));
    }

    private static String identity(CellIdentity r) {
        return r.arm() + "/" + r.transport() + " seed " + r.seed() + " n " + r.n() + " run " + r.run();
    }
}
