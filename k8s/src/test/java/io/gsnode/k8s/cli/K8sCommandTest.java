package io.gsnode.k8s.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.k8s.CellDescription;
import io.gsnode.k8s.TestCells;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code gsnode k8s} as a user meets it: what it writes and prints, and how it refuses bad input. */
class K8sCommandTest {

    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine c = new CommandLine(new K8sCommand());
        c.setOut(new PrintWriter(out, true));
        c.setErr(new PrintWriter(err, true));
        return c.execute(args);
    }

    @Test
    void writesTheManifestsTheTopologyAndTheCellDescriptionAndSaysHowToApplyThem() throws Exception {
        Path topology = TestCells.write(TestCells.ring(8), tmp);
        Path dir = tmp.resolve("m");
        assertEquals(0, run("--topology", topology.toString(), "--image", TestCells.IMAGE, "--out", dir.toString(),
                "--arm", "atuned_32k", "--transport", "quic", "--quic-engine", "kwik", "--namespace", "exp1"), err.toString());
        for (String f : new String[] {"00-namespace.yaml", "10-topology.yaml", "20-services.yaml", "30-epoch.yaml", "40-nodes.yaml"}) {
            assertTrue(Files.isRegularFile(dir.resolve(f)), f);
        }
        assertEquals(Files.readString(topology), Files.readString(CellDescription.topologyFile(dir)));
        // kubectl apply -f DIR reads every .json and .yaml of DIR: nothing there but the manifests.
        try (var files = Files.list(dir)) {
            assertEquals(5, files.filter(f -> f.toString().matches(".*\\.(json|ya?ml)$")).count());
        }
        CellDescription d = CellDescription.read(dir);
        assertEquals("exp1", d.namespace());
        assertEquals("kwik", d.quicEngine());
        assertEquals(8, d.n());
        assertTrue(out.toString().contains("namespace exp1, 8 pods"), out.toString());
        assertTrue(out.toString().contains("kubectl apply --server-side -f " + dir), out.toString());
    }

    @Test
    void aWarmCellsPodsRunTheWarmUpAndAScheduleWithoutRoomForItIsRefused() throws Exception {
        Path topology = TestCells.write(TestCells.ring(6), tmp);
        Path dir = tmp.resolve("warm");
        assertEquals(0, run("--topology", topology.toString(), "--image", TestCells.IMAGE, "--out", dir.toString(),
                "--warmup", "--background", "8KiB@1s"), err.toString());
        String nodes = Files.readString(dir.resolve("40-nodes.yaml"));
        assertTrue(nodes.contains("--warmup --warmup-gap 1000 --background 8KiB@1s --background-nodes all --background-topic sibling"),
                nodes);
        assertTrue(nodes.contains("_warm+background"), "the label names the condition: " + nodes);

        Path tight = tmp.resolve("tight");
        assertEquals(2, run("--topology", topology.toString(), "--image", TestCells.IMAGE, "--out", tight.toString(),
                "--warmup", "--warmup-at", "9500"));
        assertTrue(err.toString().contains("leaves no time to diffuse before the publish at 10000 ms"), err.toString());
        assertFalse(Files.exists(tight));
    }

    @Test
    void aBrokenTopologyOrAMissingImageExitsTwoBeforeAnythingIsWritten() throws Exception {
        Path broken = Files.writeString(tmp.resolve("broken.json"), "{\"schema\":\"gsnode.topology/1\",\"n\":3");
        Path dir = tmp.resolve("m");
        assertEquals(2, run("--topology", broken.toString(), "--image", TestCells.IMAGE, "--out", dir.toString()));
        assertTrue(err.toString().startsWith("gsnode k8s: " + broken), err.toString());
        assertFalse(Files.exists(dir));
        Path topology = TestCells.write(TestCells.ring(5), tmp);
        assertEquals(2, run("--topology", topology.toString(), "--out", dir.toString()));
        assertTrue(err.toString().contains("--image"), err.toString());
        assertEquals(2, run("--topology", topology.toString(), "--image", TestCells.IMAGE, "--out", dir.toString(),
                "--memory-limit", "lots"));
        assertTrue(err.toString().contains("--memory-limit must be a Kubernetes quantity"), err.toString());
        assertFalse(Files.exists(dir));
    }

    @Test
    void anOutThatHoldsAnotherCellIsRefusedUnlessForced() throws Exception {
        Path topology = TestCells.write(TestCells.ring(6), tmp);
        Path dir = tmp.resolve("m");
        assertEquals(0, run("--topology", topology.toString(), "--image", TestCells.IMAGE, "--out", dir.toString()), err.toString());
        String before = Files.readString(dir.resolve("40-nodes.yaml"));

        assertEquals(2, run("--topology", topology.toString(), "--image", TestCells.IMAGE, "--out", dir.toString(), "--arm", "c_32k"));
        assertTrue(err.toString().contains("--out " + dir + " is not empty (another cell's manifests?)"), err.toString());
        assertEquals(before, Files.readString(dir.resolve("40-nodes.yaml")), "nothing overwritten");

        assertEquals(0, run("--topology", topology.toString(), "--image", TestCells.IMAGE, "--out", dir.toString(), "--arm", "c_32k",
                "--force"), err.toString());
        assertTrue(Files.readString(dir.resolve("40-nodes.yaml")).contains("c_32k"));
    }

    @Test
    void collectRefusesADirectoryThatHoldsNoCell() {
        CommandLine c = new CommandLine(new K8sCommand());
        c.setErr(new PrintWriter(err, true));
        assertEquals(2, c.execute("collect", "--manifests", tmp.toString(), "--out", tmp.resolve("cell").toString(), "--from", tmp.toString()));
    }

    /** The real kubectl, pointed at a server that is not there: a failed backend, exit 1 with its error, nothing written. */
    @Test
    void collectFromAClusterKubectlCannotReachExitsOneWithKubectlsError() throws Exception {
        java.util.Optional<Path> real = java.util.stream.Stream.of(System.getenv("PATH").split(java.io.File.pathSeparator))
                .map(d -> Path.of(d, "kubectl")).filter(Files::isExecutable).findFirst();
        org.junit.jupiter.api.Assumptions.assumeTrue(real.isPresent(), "no kubectl on PATH");
        Path kubectl = tmp.resolve("kubectl-nowhere");
        Files.writeString(kubectl, "#!/bin/sh\nexec " + real.get() + " --server=http://127.0.0.1:1 --request-timeout=5s \"$@\"\n");
        kubectl.toFile().setExecutable(true);
        Path topology = TestCells.write(TestCells.ring(5), tmp);
        Path manifests = tmp.resolve("m");
        assertEquals(0, run("--topology", topology.toString(), "--image", TestCells.IMAGE, "--out", manifests.toString()), err.toString());
        Path cell = tmp.resolve("cell");

        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        java.io.PrintStream was = System.err;
        System.setErr(new java.io.PrintStream(captured, true));
        int exit;
        try {
            exit = new CommandLine(new K8sCommand()).execute("collect", "--manifests", manifests.toString(), "--out", cell.toString(),
                    "--kubectl", kubectl.toString());
        } finally {
            System.setErr(was);
        }

        assertEquals(1, exit, captured.toString());
        assertTrue(captured.toString().startsWith("gsnode k8s collect: kubectl reaches no cell in namespace "), captured.toString());
        assertTrue(captured.toString().contains("127.0.0.1:1"), "kubectl's own error: " + captured);
        assertFalse(Files.exists(cell.resolve("cell.json")), "no cell of lost nodes");
    }
}
