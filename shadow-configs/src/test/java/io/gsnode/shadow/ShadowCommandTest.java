package io.gsnode.shadow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Bad input to {@code gsnode shadow}: one clear line, exit 2, and no config written. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ShadowCommandTest {

    @TempDir
    Path tmp;
    private Path topology;
    private Path out;

    @BeforeEach
    void topology() throws IOException {
        topology = Cells.write(Cells.threeNodes(), tmp.resolve("three.json"));
        out = tmp.resolve("out");
    }

    private void assertRefused(String expected, String... extra) {
        String[] base = {"--topology", topology.toString(), "--out", out.toString()};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        Cells.Run run = Cells.shadow(args);
        assertEquals(2, run.exit(), "exit code; stderr: " + run.err());
        assertTrue(run.err().contains(expected), "expected '" + expected + "' in: " + run.err());
        assertFalse(Files.exists(out.resolve(ShadowConfig.CONFIG_FILE)), "nothing is written for bad input");
    }

    @Test
    void anUnknownArmIsRefused() {
        assertRefused("unknown arm 'nosuch'", "--arm", "nosuch");
    }

    @Test
    void anUnknownTransportIsRefused() {
        assertRefused("Invalid value for option '--transport'", "--transport", "udp");
    }

    @Test
    void anUnknownQdiscIsRefused() {
        assertRefused("--queue fq_codel is not a queue Shadow has: fifo, or fair (Shadow's round-robin); fq_codel is for the netns backend",
                "--queue", "fq_codel");
    }

    @Test
    void anUnknownGraphIsRefused() {
        assertRefused("Invalid value for option '--graph'", "--graph", "regions");
    }

    @Test
    void aStopTimeBeforeTheNodesCanExitIsRefused() {
        // T0 at 1 s of simulated time, the publish 10 s after it, a hold of 8 s: the nodes exit after 19 s.
        assertRefused("--stop-time must be at least", "--stop-time", "18000");
    }

    @Test
    void aQuicKnobForATcpCellIsRefused() {
        assertRefused("--max-udp-payload is a QUIC option, and this cell runs --transport tcp", "--transport", "tcp",
                "--max-udp-payload", "1280");
    }

    @Test
    void instantsOutOfOrderAreRefused() {
        assertRefused("need dial-at <= subscribe-at < publish-at", "--subscribe-at", "70000");
    }

    @Test
    void aSocketBufferOutsideShadowsRangeIsRefused() {
        assertRefused("--socket-send-buffer must be in", "--socket-send-buffer", "100");
    }

    @Test
    void kwikWithNettyOnlyKnobsIsRefused() {
        assertRefused("need --quic-engine netty", "--transport", "quic", "--quic-engine", "kwik", "--max-udp-payload", "1300");
    }

    @Test
    void aDatagramLargerThanATokenBucketIsRefused() {
        // 50 Mbit/s: 6250 + 1500 bytes per bucket; a 9000-byte payload never conforms.
        assertRefused("exceeds the", "--transport", "quic", "--quic-engine", "netty", "--max-udp-payload", "9000");
    }

    @Test
    void aMissingTopologyIsRefused() {
        topology = tmp.resolve("missing.json");
        assertRefused("missing.json");
    }

    @Test
    void aBrokenTopologyIsRefused() throws IOException {
        Files.writeString(topology, "{\"schema\":\"gsnode.topology/9\"}");
        assertRefused("three.json: ");
    }

    @Test
    void anOldShadowDataDirectoryIsRefused() throws IOException {
        Files.createDirectories(out.resolve(ShadowConfig.DATA_DIRECTORY));
        assertRefused("Shadow refuses to start over an old data directory");
    }

    @Test
    void aSuccessfulRunReportsSizes() {
        Cells.Run run = Cells.shadow("--topology", topology.toString(), "--out", out.toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("3 hosts") && run.out().contains("9 edges") && run.out().contains("1 zero latencies written as 1 us"),
                run.out());
    }

    @Test
    void anOutThatHoldsAnotherCellIsRefusedUnlessForced() throws Exception {
        String[] first = {"--topology", topology.toString(), "--out", out.toString()};
        assertEquals(0, Cells.shadow(first).exit());
        String before = Files.readString(out.resolve(ShadowConfig.CONFIG_FILE));

        Cells.Run again = Cells.shadow("--topology", topology.toString(), "--out", out.toString(), "--transport", "quic");
        assertEquals(2, again.exit(), again.err());
        assertTrue(again.err().contains("holds another cell (shadow.yaml): give a new directory, or --force"), again.err());
        assertEquals(before, Files.readString(out.resolve(ShadowConfig.CONFIG_FILE)));

        assertEquals(0, Cells.shadow("--topology", topology.toString(), "--out", out.toString(), "--transport", "quic", "--force").exit());
        assertTrue(Files.readString(out.resolve(ShadowConfig.CONFIG_FILE)).contains("quic"));
    }
}
