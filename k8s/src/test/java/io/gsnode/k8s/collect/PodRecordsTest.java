package io.gsnode.k8s.collect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.record.CellFiles;
import io.gsnode.formats.record.Build;
import io.gsnode.formats.record.CellIdentity;
import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.formats.topology.Topology;
import io.gsnode.k8s.CellDescription;
import io.gsnode.k8s.DelayRequest;
import io.gsnode.k8s.K8sCell;
import io.gsnode.k8s.TestCells;
import io.gsnode.k8s.manifest.ManifestWriter;
import io.gsnode.k8s.manifest.PodLayout;
import io.gsnode.netns.fabric.QueueKind;
import io.gsnode.node.run.Transport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gsnode k8s collect --from}: a directory laid out as the pods leave it becomes the usual
 * cell files, every pod accounted for.
 */
class PodRecordsTest {

    @TempDir
    Path tmp;

    @Test
    void podsRecordsBecomeTheCellFilesAndAPodWithoutOneIsLost() throws Exception {
        Topology ring = TestCells.ring(5);
        K8sCell cell = TestCells.cell(ring, Transport.TCP, QueueKind.FIFO, DelayRequest.AUTO, false);
        Path manifests = ManifestWriter.write(cell, TestCells.write(ring, tmp), tmp.resolve("manifests")).dir();
        CellDescription d = CellDescription.read(manifests);
        assertEquals(cell.namespace(), d.namespace());

        Path pods = tmp.resolve("pods");
        // Nodes 0-2 wrote records (2 did not complete); 3 died with status 3; 4 holds another cell's record.
        pod(pods, 0, record(d, ring, 0, 0.0));
        pod(pods, 1, record(d, ring, 1, 412.0));
        pod(pods, 2, record(d, ring, 2, null));
        Files.createDirectories(pods.resolve(PodLayout.pod(3)));
        Files.writeString(pods.resolve(PodLayout.pod(3)).resolve(PodLayout.EXIT_FILE), "3\n");
        NodeRecord stranger = record(d, ring, 4, 300.0);
        CellIdentity its = stranger.identity();
        pod(pods, 4, new NodeRecord(stranger.schema(), new CellIdentity("another_cell", its.backend(), its.arm(), its.alias(),
                its.transport(), null, null, its.queue(), its.delay(), its.seed(), its.n(), its.payloadBytes(), its.scenario(), 0,
                null), 4, "p4", "receiver", "complete", true, 300.0, null, null, null,
                null, null, null, null, null, null, null, null, null, null, null, List.of(), null, Map.of(), Map.of(), null));

        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Path out = tmp.resolve("cell");
        CellSummary s = PodRecords.collect(d, ring, pods, out, new PrintStream(log, true));

        List<NodeRecord> records = RecordJson.readNodes(out.resolve(CellFiles.RECORDS));
        assertEquals(5, records.size(), "one line per pod, lost ones included");
        assertEquals(List.of("complete", "complete", "complete", "lost", "lost"), records.stream().map(NodeRecord::status).toList());
        assertTrue(records.stream().allMatch(r -> r.identity().backend().equals("k8s")
                && r.identity().cell().equals(cell.label())));
        assertEquals("k8s", s.identity().backend());
        assertEquals(4, s.receivers());
        assertEquals(1, s.completed());
        assertEquals(2, s.lost());
        assertEquals(cell.namespace(), s.host().get("k8s_namespace"));
        assertEquals(2, s.host().get("pods_without_record"));
        assertEquals(s, RecordJson.readCell(out.resolve(CellFiles.SUMMARY)));
        assertTrue(log.toString().contains("gsnode-3 (exit 3)"), log.toString());
        assertTrue(log.toString().contains("another_cell"), log.toString());
    }

    /**
     * Issue 43 #11: a pod's files are read up to a record's largest size, and what they say is
     * printed with its control characters escaped, never sent raw to the terminal.
     */
    @Test
    void aHugeRecordIsLostUnreadAndAPodsEscapeSequencesAreNotPrintedRaw() throws Exception {
        Topology ring = TestCells.ring(5);
        K8sCell cell = TestCells.cell(ring, Transport.TCP, QueueKind.FIFO, DelayRequest.AUTO, false);
        CellDescription d = CellDescription.read(ManifestWriter.write(cell, TestCells.write(ring, tmp), tmp.resolve("manifests")).dir());
        Path pods = tmp.resolve("pods");
        pod(pods, 0, record(d, ring, 0, 0.0));
        Path huge = Files.createDirectories(pods.resolve(PodLayout.pod(1))).resolve(PodLayout.RECORD_FILE);
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(PodRecords.MAX_RECORD_BYTES + 1); // sparse: costs no disk
        }
        Files.createDirectories(pods.resolve(PodLayout.pod(2)));
        Files.writeString(pods.resolve(PodLayout.pod(2)).resolve(PodLayout.EXIT_FILE), "3\u001b]0;owned\u0007!\n");
        pod(pods, 3, record(d, ring, 3, 300.0));
        pod(pods, 4, record(d, ring, 4, 320.0));

        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CellSummary s = PodRecords.collect(d, ring, pods, tmp.resolve("cell"), new PrintStream(log, true));

        assertEquals(2, s.lost());
        String said = log.toString();
        assertTrue(said.contains("more than a record's 67,108,864: counted as lost"), said);
        assertTrue(said.contains("gsnode-2 (exit 3\\u001b]0;owned\\u0007!)"), said);
        assertTrue(said.chars().noneMatch(c -> c == 0x1b || c == 0x07), "no raw control character reaches the terminal");
    }

    /** A pod that prints without end is cut off at a record's largest size, and its record is not kept. */
    @Test
    void aPodThatPrintsWithoutEndIsCutOff() throws Exception {
        Path kubectl = tmp.resolve("kubectl");
        Files.writeString(kubectl, "#!/bin/sh\nexec yes 0123456789abcdef\n");
        kubectl.toFile().setExecutable(true);
        ByteArrayOutputStream log = new ByteArrayOutputStream();

        int fetched = new KubectlFetch(kubectl.toString(), "gsnode-x", new PrintStream(log, true)).fetch(1, tmp.resolve("pods"));

        assertEquals(0, fetched);
        assertTrue(log.toString().contains("gsnode-0's record.json is more than 67,108,864 bytes: not kept"), log.toString());
        try (var left = Files.list(tmp.resolve("pods").resolve(PodLayout.pod(0)))) {
            assertEquals(List.of(), left.toList(), "nothing of it is kept");
        }
    }

    private static void pod(Path pods, int index, NodeRecord r) throws Exception {
        Path dir = Files.createDirectories(pods.resolve(PodLayout.pod(index)));
        Files.writeString(dir.resolve(PodLayout.RECORD_FILE), RecordJson.line(r) + "\n");
        Files.writeString(dir.resolve(PodLayout.EXIT_FILE), "0\n");
    }

    /** A record as {@code gsnode run --backend k8s} writes one, completed at {@code ms} (null: not completed). */
    private static NodeRecord record(CellDescription d, Topology t, int index, Double ms) {
        return new NodeRecord(NodeRecord.SCHEMA, new CellIdentity(d.label(), "k8s", d.arm(), d.arm(), d.transport(), null,
                NodeRecord.JAVA, "fifo", "none", t.seed(), t.n(), d.payloadBytes(), t.scenario().toString(), 0, NodeRecord.COLD),
                index, "p" + index,
                index == t.publisher() ? "publisher" : "receiver", "complete", ms != null, ms, null,
                new NodeRecord.Bytes(1_100_000L, 1_100_000L, 1_048_576, 0, 10_000, 10_000, 0, 0),
                new NodeRecord.Msgs(32, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), new NodeRecord.Mesh(2, 4, 2), null, 400L,
                1L << 27, 1L << 26, 20, null, null, null, null, null, List.of(), null, Map.of(), Map.of(), Build.current());
    }
}
