package io.gsnode.netns.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.topology.Topology;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 43 #11: Ctrl-C (SIGTERM here, the same shutdown) while a fabric is being built left its
 * namespaces behind. A JVM of its own builds a 150-node fabric; it is stopped as soon as its first
 * namespace exists, and once it has exited none of the fabric's namespaces is left.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class InterruptedBuildTest {

    @TempDir
    Path tmp;

    @Test
    void aFabricStoppedWhileItIsBuiltLeavesNoNamespace() throws Exception {
        Fabrics.requireNamespaces();
        FabricNames names = Fabrics.freshNames();
        Path log = tmp.resolve("build.log");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Builder.class.getName(), names.tag())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (Fabric.namespaces(names).isEmpty()) {
                assertTrue(p.isAlive(), "the builder exited before it made a namespace: " + Files.readString(log));
                assertTrue(System.nanoTime() < deadline, "no namespace within 60 s: " + Files.readString(log));
                Thread.sleep(20);
            }
            p.destroy(); // SIGTERM: the JVM runs its shutdown hooks, as on Ctrl-C
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the builder did not exit");
            String out = Files.readString(log, StandardCharsets.UTF_8);
            assertFalse(out.contains("BUILT"), "the test was too slow: the whole fabric was built before the stop\n" + out);
            assertEquals(List.of(), Fabric.namespaces(names), out);
        } finally {
            p.destroyForcibly();
            removeLeftovers(names);
        }
    }

    /** Builds a 150-node fabric with the tag given, then says so and waits. */
    public static final class Builder {
        public static void main(String[] args) throws Exception {
            Topology t = Fabrics.geoRing(150, 7);
            Fabric fabric = Fabric.build(new FabricPlan(t, new FabricNames(args[0]), QueueKind.FIFO, DelayMode.NONE), System.out);
            System.out.println("BUILT");
            Thread.sleep(60_000);
            fabric.close();
        }
    }

    private static void removeLeftovers(FabricNames names) throws IOException {
        for (String ns : Fabric.namespaces(names)) Commands.run(List.of("ip", "netns", "delete", ns), null);
    }
}
