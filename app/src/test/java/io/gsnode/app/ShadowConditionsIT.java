package io.gsnode.app;

import static io.gsnode.app.GsnodeJar.JAR;
import static io.gsnode.app.GsnodeJar.JAVA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.shadow.cell.ShadowExecutable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warm and background conditions under Shadow, from the assembled jar, as on the other
 * backends (docs/conditions.md): small cells of five hosts, a warm one over QUIC (whose
 * windows quiche reports under Shadow as anywhere) and one with background load over TCP. Skipped
 * with a message where no Shadow is found (see {@link ShadowBackendIT}).
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class ShadowConditionsIT {

    @TempDir
    Path dir;

    @Test
    void aWarmCellCompletesItsWarmUpThenThePublishWithTheWindowsItOpened() throws Exception {
        List<NodeRecord> records = cell("warm", "quic", "--warmup");
        int msgs = records.get(0).wireForm().msgs();
        for (NodeRecord r : records) {
            assertEquals("warm", r.identity().condition());
            assertEquals("shadow", r.identity().backend());
            NodeRecord.Warmup w = r.warmup();
            assertNotNull(w);
            if (r.receiver()) {
                assertTrue(w.completed() && !w.late(), r.index() + " completed the warm-up a gap before the publish: " + w);
                assertTrue(w.received() >= msgs, r.index() + ": " + w);
                assertEquals(msgs, r.msgs().received(), r.index() + ": the measured deliveries are the measured payload's");
            }
            assertEquals("quiche", r.cwndAtPublish().source());
            assertEquals(r.cwndAtPublish().connections(), r.cwndAtPublish().readable());
        }
        NodeRecord.CongestionWindows p = records.get(0).cwndAtPublish();
        assertTrue(p.minBytes() >= 2 * p.initialBytes(), "the publisher sent the warm-up to every peer: " + p);
    }

    @Test
    void backgroundLoadIsDeliveredAndCountedApartUnderShadow() throws Exception {
        List<NodeRecord> records = cell("background", "tcp", "--background", "4KiB@100ms");
        int msgs = records.get(0).wireForm().msgs();
        for (NodeRecord r : records) {
            assertEquals("background", r.identity().condition());
            NodeRecord.Background b = r.background();
            assertTrue(b.published() > 0 && b.delivered() > 0 && b.deliveredAfterPublish() > 0, r.index() + ": " + b);
            if (r.receiver()) assertEquals(msgs, r.msgs().received(), r.index() + ": the measured deliveries beside " + b);
            assertTrue(r.cwndAtPublish().source().startsWith("unreadable: nio"), "Shadow's TCP runs on NIO: " + r.cwndAtPublish());
        }
    }

    /** Runs a five-host cell of atuned_32k at 1 MiB under Shadow and returns its records, every receiver complete. */
    private List<NodeRecord> cell(String name, String transport, String... condition) throws Exception {
        Optional<Path> shadow = GsnodeJar.findShadow();
        System.out.println("ShadowConditionsIT: " + shadow.map(p -> "using " + p).orElse("skipped: " + ShadowExecutable.WHERE));
        assumeTrue(shadow.isPresent(), ShadowExecutable.WHERE);
        Path out = dir.resolve(name);
        List<String> cmd = new ArrayList<>(List.of(JAVA.toString(), "-jar", JAR.toString(), "cell", "--backend", "shadow",
                "--shadow", shadow.get().toString(), "--n", "5", "--degree", "4", "--arm", "atuned_32k", "--transport", transport,
                "--payload", "1048576", "--subscribe-at", "2000", "--publish-at", "9000", "--hold", "3000",
                "--out", out.toString(), "--wall-limit", "400"));
        if (transport.equals("quic")) cmd.addAll(List.of("--quic-engine", "netty")); // a QUIC option in a TCP cell is refused
        cmd.addAll(List.of(condition));
        Path stdout = dir.resolve(name + ".out"), stderr = dir.resolve(name + ".err");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        if (!p.waitFor(12, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("gsnode cell did not finish: " + Files.readString(stderr));
        }
        assertEquals(0, p.exitValue(), Files.readString(stderr, StandardCharsets.UTF_8));
        CellSummary summary = RecordJson.readCell(out.resolve("cell.json"));
        List<NodeRecord> records = RecordJson.readNodes(out.resolve("records.jsonl"));
        assertEquals(4, summary.completed(), String.join("\n", records.stream().map(RecordJson::line).toList()));
        assertEquals(records.get(0).identity().condition(), summary.identity().condition());
        assertFalse(records.isEmpty());
        return records;
    }
}
