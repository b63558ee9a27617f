package io.gsnode.k8s.collect;

import io.gsnode.formats.record.CellFiles;
import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.formats.text.Printable;
import io.gsnode.formats.topology.Topology;
import io.gsnode.k8s.CellDescription;
import io.gsnode.k8s.manifest.PodLayout;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns what a cell's pods left into the cell files every backend writes ({@code records.jsonl},
 * {@code cell.json} with {@code backend: k8s}), so that {@code gsnode compare} pairs a Kubernetes
 * cell with netns, Shadow and local ones. The pods' files are laid out one directory per pod:
 *
 * <pre>
 *   PODS/gsnode-0/record.json     the node's record ({@code gsnode run --record})
 *   PODS/gsnode-0/exit            the node's exit status (optional)
 *   PODS/gsnode-1/...
 * </pre>
 *
 * as {@link KubectlFetch} copies them out of the pods, or as pods writing to a shared volume leave
 * them. A pod without a readable record, or whose record is another node's or another cell's, is
 * {@code lost}: it counts, it is never dropped.
 */
public final class PodRecords {

    /**
     * A record's largest size: far above any node's (tens of KiB; a few MiB with every timeline),
     * so that a pod's file cannot make the collector hold what it likes.
     */
    public static final long MAX_RECORD_BYTES = 64L << 20;
    /** An exit status file holds a number. */
    public static final long MAX_EXIT_BYTES = 64;

    private PodRecords() {}

    /** Reads {@code pods}, writes the cell files into {@code out} and returns the summary. */
    public static CellSummary collect(CellDescription cell, Topology topology, Path pods, Path out, PrintStream progress)
            throws IOException {
        List<NodeRecord> records = new ArrayList<>();
        List<String> lost = new ArrayList<>();
        for (int i = 0; i < topology.n(); i++) {
            Path dir = pods.resolve(PodLayout.pod(i));
            NodeRecord r = read(dir.resolve(PodLayout.RECORD_FILE), cell, i, progress);
            if (r == null) {
                lost.add(PodLayout.pod(i) + exitNote(dir));
                r = NodeRecord.lost(cell.label(), "k8s", cell.arm(), cell.transport(), cell.quicEngine(), NodeRecord.JAVA,
                        cell.queue(), "unknown", topology, cell.payloadBytes(), cell.run(), i);
            }
            records.add(r);
        }
        if (!lost.isEmpty()) {
            progress.printf("gsnode k8s collect: %d of %d pods left no record, counted as lost: %s%s%n", lost.size(), topology.n(),
                    String.join(", ", lost.subList(0, Math.min(10, lost.size()))), lost.size() > 10 ? ", ..." : "");
        }
        Map<String, Object> host = new LinkedHashMap<>();
        host.put("k8s_namespace", cell.namespace());
        host.put("pods", topology.n());
        host.put("pods_without_record", lost.size());
        Files.createDirectories(out);
        return CellFiles.write(out, records, host);
    }

    private static NodeRecord read(Path file, CellDescription cell, int index, PrintStream progress) {
        if (!Files.isRegularFile(file)) return null;
        try {
            if (Files.size(file) > MAX_RECORD_BYTES) {
                progress.printf("gsnode k8s collect: %s holds %,d bytes, more than a record's %,d: counted as lost%n", file,
                        Files.size(file), MAX_RECORD_BYTES);
                return null;
            }
            NodeRecord r = RecordJson.readNode(Files.readString(file).trim());
            if (r.index() != index || !cell.label().equals(r.identity().cell())) {
                progress.printf("gsnode k8s collect: %s holds node %d's record of cell %s, not node %d's of %s: counted as lost%n",
                        file, r.index(), Printable.of(r.identity().cell(), 120), index, cell.label());
                return null;
            }
            return r;
        } catch (IOException | RuntimeException e) {
            progress.printf("gsnode k8s collect: %s is unreadable (%s): counted as lost%n", file, Printable.of(e.getMessage(), 300));
            return null;
        }
    }

    /** " (exit 3)" when the pod left its node's exit status, for the lost list. */
    private static String exitNote(Path dir) {
        try {
            Path exit = dir.resolve(PodLayout.EXIT_FILE);
            if (!Files.isRegularFile(exit) || Files.size(exit) > MAX_EXIT_BYTES) return "";
            return " (exit " + Printable.of(Files.readString(exit).trim(), 32) + ")";
        } catch (IOException e) {
            return "";
        }
    }
}
