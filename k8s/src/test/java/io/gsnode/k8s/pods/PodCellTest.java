package io.gsnode.k8s.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.formats.topology.Topology;
import io.gsnode.k8s.CellDescription;
import io.gsnode.k8s.DelayRequest;
import io.gsnode.k8s.K8sCell;
import io.gsnode.k8s.TestCells;
import io.gsnode.k8s.collect.PodRecords;
import io.gsnode.k8s.manifest.ManifestWriter;
import io.gsnode.k8s.manifest.PodCommands;
import io.gsnode.k8s.manifest.PodLayout;
import io.gsnode.k8s.manifest.PodRuntime;
import io.gsnode.netns.fabric.Fabrics;
import io.gsnode.netns.fabric.KernelFeature;
import io.gsnode.netns.fabric.QueueKind;
import io.gsnode.node.jvm.NodeJvm;
import io.gsnode.node.launch.Condition;
import io.gsnode.node.launch.TransportChoice;
import io.gsnode.node.launch.Workload;
import io.gsnode.node.run.Schedule;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole cell as its manifests run it, with namespaces standing in for the pods: the coordinator
 * Job's command, each pod's init script (topology from the ConfigMap parts, shaping) and node
 * script, verbatim from the generators, peers found by name and T0 agreed over HTTP; then
 * {@code collect} reads the pods' record directories. Every receiver completes and every record
 * says k8s and what its pod applied.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class PodCellTest {

    private static final int N = 4;

    @TempDir
    Path tmp;

    @Test
    void aFourPodCellRunsFromItsManifestsCommandsAndCollectsIntoTheUsualCellFiles() throws Exception {
        Topology topology = Fabrics.geoComplete(N, 3);
        Schedule schedule = new Schedule(0, Duration.ofMillis(1000), Duration.ofMillis(3000), Duration.ofMillis(9000),
                Duration.ofMillis(8000));
        // The whole message: an arm whose completion does not hang on pull timeouts, so a busy host
        // slows the cell down but cannot leave a receiver short (atuned_32k's park can, by design).
        K8sCell cell = new K8sCell(topology, Workload.of("wholend", 256 * 1024, TransportChoice.TCP, List.of(), Condition.COLD), schedule,
                TestCells.IMAGE, "gsnode-test", QueueKind.FIFO, DelayRequest.AUTO, false, "eth0", 9000, 8080, 1500, false,
                "500m", "256Mi", "768Mi", NodeJvm.BASE_FLAGS, 0);
        Path manifests = ManifestWriter.write(cell, TestCells.write(topology, tmp), tmp.resolve("manifests")).dir();
        Path parts = tmp.resolve("topology");
        ConfigMapParts.project(manifests, parts);
        Path pods = tmp.resolve("pods");

        List<Process> running = new ArrayList<>();
        try (PodNetwork net = new PodNetwork(N)) {
            Path epochLog = Files.createDirectories(tmp.resolve("epoch")).resolve("epoch.log");
            Process coordinator = net.start(-1, PodCommands.coordinator(cell, PodNetwork.runtime(parts, tmp.resolve("epoch"))), epochLog);
            running.add(coordinator);
            for (int i = 0; i < N; i++) {
                Path pod = pods.resolve(PodLayout.pod(i));
                PodRuntime runtime = PodNetwork.runtime(parts, pod);
                Process init = net.shell(i, PodCommands.shape(cell, runtime), pod.resolve("shape.log"));
                assertTrue(init.waitFor(90, TimeUnit.SECONDS), "pod " + i + "'s init step did not finish");
                assertEquals(0, init.exitValue(), Files.readString(pod.resolve("shape.log")));
                running.add(net.shell(i, PodCommands.node(cell, runtime), pod.resolve("node.log")));
            }
            // The nodes run the schedule, write their records and exit; the pods then idle, as in a cluster.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(150);
            for (int i = 0; i < N; i++) {
                Path exit = pods.resolve(PodLayout.pod(i)).resolve(PodLayout.EXIT_FILE);
                while (!Files.exists(exit) && System.nanoTime() < deadline) Thread.sleep(200);
                assertTrue(Files.exists(exit), "node " + i + " never finished: " + Files.readString(pods.resolve(PodLayout.pod(i)).resolve("node.log")));
                Thread.sleep(100);
                assertEquals("0", Files.readString(exit).trim(), Files.readString(pods.resolve(PodLayout.pod(i)).resolve("node.log")));
            }
            assertTrue(coordinator.waitFor(30, TimeUnit.SECONDS), "the coordinator did not finish");
            assertEquals(0, coordinator.exitValue(), Files.readString(epochLog));
            assertTrue(Files.readString(epochLog).contains("node I answered only at the address gsnode-{i}.gsnode resolves to")
                    && Files.readString(epochLog).contains("every node has T0; refused: {}"), Files.readString(epochLog));

            ByteArrayOutputStream log = new ByteArrayOutputStream();
            CellSummary s = PodRecords.collect(CellDescription.read(manifests), topology, pods, tmp.resolve("cell"), new PrintStream(log, true));
            List<NodeRecord> records = RecordJson.readNodes(tmp.resolve("cell").resolve("records.jsonl"));
            String delay = net.kernel.contains(KernelFeature.NETEM) ? "netem" : "none";
            System.out.printf("pod cell: %d of %d receivers complete, p50 %s ms, p99 %s ms, delay %s%n", s.completed(), s.receivers(),
                    s.p50Ms(), s.p99Ms(), delay);
            assertEquals(N - 1, s.receivers());
            assertEquals(N - 1, s.completed(), RecordJson.line(s));
            assertEquals(0, s.lost());
            assertEquals("k8s", s.identity().backend());
            for (NodeRecord r : records) {
                assertEquals(cell.label(), r.identity().cell());
                assertEquals("fifo", r.identity().queue());
                assertEquals(delay, r.identity().delay());
            }
            // One T0 for all: every node published or subscribed at the same absolute instants.
            assertEquals(1, records.stream().map(r -> r.times().publishMs()).distinct().count(), records.toString());
        } finally {
            for (Process p : running) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        }
    }
}
