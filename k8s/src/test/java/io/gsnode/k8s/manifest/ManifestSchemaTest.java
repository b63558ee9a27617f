package io.gsnode.k8s.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.topology.Topology;
import io.gsnode.k8s.DelayRequest;
import io.gsnode.k8s.K8sCell;
import io.gsnode.k8s.TestCells;
import io.gsnode.netns.fabric.QueueKind;
import io.gsnode.node.run.Transport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every generated manifest against the Kubernetes API's schemas, in strict mode (an unknown field
 * is an error), with kubernetes-validate (pinned; k8s/validator/install.sh, which scripts/test.sh
 * runs). A manifest known to be wrong must fail, so a validator that passes everything fails here.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ManifestSchemaTest {

    /** The Kubernetes release validated against: the validator's newest, and the oldest still supported by most clusters. */
    private static final List<String> VERSIONS = List.of("1.37.0", "1.31.0");

    @TempDir
    Path tmp;

    @Test
    void everyManifestOfEveryKindOfCellValidatesAgainstTheApiSchemas() throws Exception {
        Topology ring = TestCells.ring(12);
        Path topology = TestCells.write(ring, tmp);
        List<K8sCell> cells = List.of(
                TestCells.cell(ring, Transport.TCP, QueueKind.FIFO, DelayRequest.AUTO, false),
                TestCells.cell(ring, Transport.QUIC, QueueKind.FAIR, DelayRequest.NETEM, true),
                TestCells.cell(ring, Transport.TCP, QueueKind.FQ_CODEL, DelayRequest.NONE, false));
        List<Path> files = new ArrayList<>();
        for (int k = 0; k < cells.size(); k++) files.addAll(ManifestWriter.write(cells.get(k), topology, tmp.resolve("cell" + k)).files());
        assertEquals(15, files.size());
        for (String version : VERSIONS) {
            Result r = validate(version, files);
            assertEquals(0, r.exit(), r.output());
            assertEquals(3 * 6, r.output().lines().filter(l -> l.startsWith("INFO") && l.contains("passed")).count(), r.output());
        }
    }

    @Test
    void aManifestThatBreaksTheSchemaFails() throws Exception {
        Topology ring = TestCells.ring(6);
        Path dir = ManifestWriter.write(TestCells.cell(ring, Transport.TCP, QueueKind.FIFO, DelayRequest.AUTO, false),
                TestCells.write(ring, tmp), tmp.resolve("cell")).dir();
        Path nodes = dir.resolve("40-nodes.yaml");
        Files.writeString(nodes, Files.readString(nodes).replace("podManagementPolicy: Parallel", "podManagementPolicy: Parallel\n  replica: 3"));
        Result r = validate(VERSIONS.get(0), List.of(nodes));
        assertNotEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("replica"), r.output());
    }

    private record Result(int exit, String output) {}

    private static Result validate(String version, List<Path> files) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(validator().toString(), "--strict", "-k", version));
        files.forEach(f -> command.add(f.toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Result(p.exitValue(), out);
    }

    private static Path validator() {
        Path v = Path.of(System.getProperty("gsnode.repo", "."), "k8s/validator/.venv/bin/kubernetes-validate");
        if (!Files.isExecutable(v)) throw new IllegalStateException(v + " is missing: run k8s/validator/install.sh (scripts/test.sh does it)");
        return v;
    }
}
