package io.gsnode.app;

import static io.gsnode.app.GsnodeJar.JAR;
import static io.gsnode.app.GsnodeJar.JAVA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gsnode.shadow.cell.ShadowExecutable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gsnode cell --backend shadow} as a user runs it, from the assembled jar: a missing Shadow
 * is one line and exit 2; a found one runs two repetitions of a small cell, each gathered into
 * {@code records.jsonl} and {@code cell.json} with Shadow's cost beside the results, the summary
 * line printed per run. Shadow is found as a user's would be ({@code GSNODE_SHADOW}, {@code PATH}),
 * then in the repository's parent directory, where CI has one; skipped with a message otherwise.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class ShadowBackendIT {

    @TempDir
    Path dir;

    record Result(int exit, String out, String err) {}

    @Test
    void aMissingShadowIsOneLineAndExitTwo() throws Exception {
        // No GSNODE_SHADOW, and a PATH without shadow on it.
        Result r = gsnode(Map.of("PATH", "/nonexistent"), "cell", "--backend", "shadow", "--n", "4", "--out", dir.resolve("c").toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.err().strip().lines().count(), "one line:\n" + r.err());
        assertTrue(r.err().startsWith("gsnode cell: no Shadow binary: give --shadow PATH, set GSNODE_SHADOW"), r.err());
        assertTrue(Files.notExists(dir.resolve("c")), "nothing written");

        r = gsnode(Map.of(), "cell", "--backend", "shadow", "--shadow", dir.resolve("nope").toString(), "--n", "4", "--out", dir.resolve("c").toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("gsnode cell: --shadow names " + dir.resolve("nope") + ", which is not an executable file", r.err().strip());
    }

    @Test
    void twoRunsOfASmallCellAreGatheredWithShadowsCost() throws Exception {
        Optional<Path> shadow = GsnodeJar.findShadow();
        System.out.println("ShadowBackendIT: " + shadow.map(p -> "using " + p).orElse("skipped: " + ShadowExecutable.WHERE));
        assumeTrue(shadow.isPresent(), ShadowExecutable.WHERE);
        Path out = dir.resolve("cell");
        Result r = gsnode(Map.of(), "cell", "--backend", "shadow", "--shadow", shadow.get().toString(), "--n", "5", "--degree", "4",
                "--arm", "atuned_32k", "--payload", "65536", "--subscribe-at", "2000", "--publish-at", "5000", "--hold", "3000",
                "--runs", "2", "--out", out.toString(), "--wall-limit", "400");
        assertEquals(0, r.exit(), r.err());
        List<String> summaries = r.out().strip().lines().toList();
        assertEquals(2, summaries.size(), r.out());
        for (String line : summaries) {
            assertTrue(line.contains("4/4 receivers completed") && line.contains("shadow wall"), line);
        }
        assertTrue(r.err().contains("records 5/5"), "progress shown:\n" + r.err());

        ObjectMapper json = new ObjectMapper();
        for (int run = 0; run < 2; run++) {
            Path runDir = out.resolve("run-" + run);
            JsonNode cell = json.readTree(runDir.resolve("cell.json").toFile());
            assertEquals("shadow", cell.get("backend").asText());
            assertEquals(run, cell.get("run").asInt());
            assertEquals(0, cell.get("lost").asInt());
            assertEquals(0, cell.path("host").path("shadow_exit").asInt(-1));
            assertTrue(cell.path("host").path("shadow_wall_s").asDouble() > 0);
            assertTrue(cell.path("host").path("shadow_pss_per_host_mib").asLong() > 0);
            List<String> records = Files.readAllLines(runDir.resolve("records.jsonl"));
            assertEquals(5, records.size());
            for (String line : records) {
                JsonNode rec = json.readTree(line);
                assertEquals("complete", rec.get("status").asText());
                assertEquals(run, rec.get("run").asInt());
                assertTrue(rec.get("cpu_ms").isNull(), "no CPU figure under Shadow");
            }
            // T0 is simulated 1 s: the publish instant is 1 s + --publish-at after the simulation's epoch.
            JsonNode first = json.readTree(records.get(0));
            assertEquals(946_684_800_000L + 1000 + 5000, first.path("times").path("publish_ms").asLong());
        }

        // The same cell on the local backend pairs with the Shadow one (local records carry no queue).
        Path local = dir.resolve("local");
        r = gsnode(Map.of(), "cell", "--n", "5", "--degree", "4", "--arm", "atuned_32k", "--payload", "65536",
                "--subscribe-at", "2000", "--publish-at", "5000", "--hold", "3000", "--no-jit-warmup", "--out", local.toString());
        assertEquals(0, r.exit(), r.err());
        // Five local JVMs may saturate a 2-core host, and compare would then leave the local run out;
        // this checks how the backends pair, so it keeps the run (the gate: CompareCommandTest).
        r = gsnode(Map.of(), "compare", "--backend", "local=" + local, "--backend", "shadow=" + out, "--queue-agnostic", "local",
                "--include-saturated");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("shadow against local: 1 seed pairs in 1 row"), r.err());
        assertTrue(r.out().contains("| atuned_32k | tcp | 5 | 64 KiB | home | none / fifo | 1 |"), r.out());
    }

    /**
     * quic-go refuses a UDP socket it cannot set DF on, and Shadow refuses the option: the go
     * peer hands it a plain socket under Shadow, so go hosts listen and deliver over QUIC.
     */
    @Test
    void goHostsDeliverOverQuicUnderShadow() throws Exception {
        Optional<Path> shadow = GsnodeJar.findShadow();
        assumeTrue(shadow.isPresent(), ShadowExecutable.WHERE);
        Path goPeer = Path.of("").toAbsolutePath().getParent().resolve("interop/go/bin/gopeer");
        assertTrue(Files.isExecutable(goPeer), goPeer + " is built by interop/go/build.sh (scripts/test.sh runs it first)");
        Path out = dir.resolve("go-quic");
        Result r = gsnode(Map.of(), "cell", "--backend", "shadow", "--shadow", shadow.get().toString(), "--n", "4", "--degree", "3",
                "--impl", "go", "--go-peer", goPeer.toString(), "--transport", "quic", "--payload", "65536",
                "--subscribe-at", "2000", "--publish-at", "5000", "--hold", "3000", "--out", out.toString(), "--wall-limit", "300");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("3/3 receivers completed"), r.out() + r.err());
        String stderr = Files.readString(out.resolve("shadow.data/hosts/node0/gopeer.1000.stderr"));
        assertTrue(stderr.isBlank(), "no quic-go warning about the plain socket: " + stderr);
    }

    /** A cell in which no receiver ran is not a result: exit 1, with what the first host said. */
    @Test
    void aCellInWhichNoReceiverStartsExitsOneWithTheFirstHostsError() throws Exception {
        Optional<Path> shadow = GsnodeJar.findShadow();
        assumeTrue(shadow.isPresent(), ShadowExecutable.WHERE);
        Path failing = dir.resolve("failing-peer");
        Files.writeString(failing, "#!/bin/sh\necho 'gopeer run: listening: setting DF failed for both IPv4 and IPv6' >&2\nexit 1\n");
        assertTrue(failing.toFile().setExecutable(true));
        Path out = dir.resolve("none");
        Result r = gsnode(Map.of(), "cell", "--backend", "shadow", "--shadow", shadow.get().toString(), "--n", "3", "--degree", "2",
                "--impl", "go", "--go-peer", failing.toString(), "--transport", "quic", "--out", out.toString(), "--wall-limit", "300");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("gsnode cell: no receiver of " + out + " left a record, so nothing was measured; "
                + "the first host without one said node0: "
                + "gopeer run: listening: setting DF failed for both IPv4 and IPv6"), r.err());
        assertEquals(3, Files.readAllLines(out.resolve("records.jsonl")).size(), "every host's record kept, marked lost");
    }

    private Result gsnode(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(JAVA.toString(), "-jar", JAR.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        if (env.containsKey("PATH")) pb.environment().remove(ShadowExecutable.ENV);
        pb.environment().putAll(env);
        Path out = dir.resolve("stdout-" + System.nanoTime()), err = dir.resolve("stderr-" + System.nanoTime());
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(12, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("gsnode cell did not finish: " + Files.readString(err));
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }
}
