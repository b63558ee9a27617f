package io.gsnode.k8s;

import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyWriter;
import io.gsnode.netns.fabric.Fabrics;
import io.gsnode.netns.fabric.QueueKind;
import io.gsnode.node.launch.Condition;
import io.gsnode.node.launch.TransportChoice;
import io.gsnode.node.launch.Workload;
import io.gsnode.node.run.Schedule;
import io.gsnode.node.run.Transport;
import io.gsnode.transport.quic.QuicConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Test fixtures: a small cell and its topology file. */
public final class TestCells {

    private TestCells() {}

    public static final String IMAGE = "registry.invalid/gsnode:test";

    public static Schedule schedule() {
        return new Schedule(0, Duration.ofMillis(1000), Duration.ofMillis(10_000), Duration.ofMillis(30_000), Duration.ofMillis(10_000));
    }

    /** A cell over {@code topology} with the command's defaults. */
    public static K8sCell cell(Topology topology, Transport transport, QueueKind queue, DelayRequest delay, boolean shareHosts) {
        Workload workload = Workload.of("atuned_32k", 1 << 20, TransportChoice.of(transport, false,
                QuicConfig.DEFAULT.withEngine("netty")), List.of("d=8"), Condition.COLD);
        return new K8sCell(topology, workload, schedule(), IMAGE,
                K8sCell.defaultNamespace(workload, topology, 0), queue, delay, false, "eth0", 9000, 8080,
                3000, shareHosts, "500m", "256Mi", "768Mi", List.of("-Xmx512m"), 0);
    }

    public static Path write(Topology t, Path dir) throws IOException {
        Path file = dir.resolve("topology.json");
        TopologyWriter.write(t, file);
        return file;
    }

    public static Topology ring(int n) {
        return Fabrics.geoRing(n, 7);
    }
}
