package io.gsnode.k8s.manifest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.topology.Topology;
import io.gsnode.k8s.DelayRequest;
import io.gsnode.k8s.K8sCell;
import io.gsnode.k8s.TestCells;
import io.gsnode.netns.fabric.QueueKind;
import io.gsnode.node.launch.Condition;
import io.gsnode.node.launch.TransportChoice;
import io.gsnode.node.launch.Workload;
import io.gsnode.node.run.Transport;
import io.gsnode.transport.quic.QuicConfig;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/** The objects of a cell, read back as maps: what the pods run and how they find each other. */
class CellManifestsTest {

    private static final Topology RING = TestCells.ring(6);
    private static final Workload COLD_WHOLEND = Workload.of("wholend", 1024, TransportChoice.TCP, List.of(), Condition.COLD);

    @Test
    void aStatefulSetOfNPodsWhoseCommandsTakeTheIndexFromTheOrdinalAndFindPeersThroughTheService() throws Exception {
        K8sCell cell = TestCells.cell(RING, Transport.TCP, QueueKind.FIFO, DelayRequest.AUTO, false);
        List<CellManifests.ManifestFile> files = new CellManifests(cell).files("{}".getBytes());
        assertEquals(List.of("00-namespace.yaml", "10-topology.yaml", "20-services.yaml", "30-epoch.yaml", "40-nodes.yaml"),
                files.stream().map(CellManifests.ManifestFile::name).toList());
        Map<String, Object> sts = files.get(4).documents().get(0);
        Map<String, Object> spec = map(sts, "spec");
        assertEquals(6, spec.get("replicas"));
        assertEquals("Parallel", spec.get("podManagementPolicy"));
        assertEquals(PodLayout.SERVICE, spec.get("serviceName"));
        Map<String, Object> pod = map(map(spec, "template"), "spec");
        String node = command(list(pod, "containers").get(0));
        assertTrue(node.contains("--index \"${HOSTNAME##*-}\""), node);
        assertTrue(node.contains("--peer-address 'gsnode-{i}.gsnode'"), node);
        assertTrue(node.contains("--epoch-url http://gsnode-epoch:8080/epoch"), node);
        assertTrue(node.contains("--cell " + cell.label() + " --backend k8s"), node);
        assertTrue(node.contains("--queue \"$(cat /cell/queue)\" --delay \"$(cat /cell/delay)\""), node);
        assertTrue(node.contains("--gossip d=8") && node.contains("--publish-at 30000") && node.contains("--record /records/record.json"), node);
        assertTrue(node.endsWith("exec sleep infinity"), "the pod stays up for collect: " + node);
        Map<String, Object> init = list(pod, "initContainers").get(0);
        assertEquals(List.of("NET_ADMIN"), map(map(init, "securityContext"), "capabilities").get("add"));
        assertTrue(command(init).contains("k8s shape --topology /cell/topology.json --index \"${HOSTNAME##*-}\""), command(init));
        assertTrue(command(init).contains("--queue fifo --delay auto"), command(init));
        // One node per host unless shared; no CPU limit (throttling would stretch the delivery).
        assertTrue(map(pod, "affinity").containsKey("podAntiAffinity"));
        Map<String, Object> resources = map(list(pod, "containers").get(0), "resources");
        assertFalse(map(resources, "limits").containsKey("cpu"));
        Map<String, Object> headless = files.get(2).documents().get(0);
        assertEquals("None", map(headless, "spec").get("clusterIP"));
        assertEquals(true, map(headless, "spec").get("publishNotReadyAddresses"));
        Map<String, Object> jobPod = map(map(map(files.get(3).documents().get(0), "spec"), "template"), "spec");
        List<?> coordinator = (List<?>) list(jobPod, "containers").get(0).get("command");
        assertTrue(coordinator.containsAll(List.of("coordinator", "--n", "6", "--port", "8080", "--lead", "3000")), coordinator.toString());
    }

    @Test
    void quicOpensAUdpPortAndPassesTheEngineAndSharedHostsAreSpreadInstead() throws Exception {
        K8sCell cell = TestCells.cell(RING, Transport.QUIC, QueueKind.FAIR, DelayRequest.NETEM, true);
        List<CellManifests.ManifestFile> files = new CellManifests(cell).files("{}".getBytes());
        Map<String, Object> pod = map(map(map(files.get(4).documents().get(0), "spec"), "template"), "spec");
        Map<String, Object> node = list(pod, "containers").get(0);
        assertEquals("UDP", list(node, "ports").get(0).get("protocol"));
        assertTrue(command(node).contains("--transport quic --quic-engine netty"), command(node));
        assertFalse(pod.containsKey("affinity"));
        assertEquals("kubernetes.io/hostname", list(pod, "topologySpreadConstraints").get(0).get("topologyKey"));
        assertEquals("UDP", list(map(files.get(2).documents().get(0), "spec"), "ports").get(0).get("protocol"));
    }

    /**
     * A topology too big for one ConfigMap (a 1,000-node topology is 6 MB of JSON) is cut into
     * parts each of which stays under the API server's 1 MiB, and the pod's {@code cat | gzip -dc}
     * of the parts in name order gives back the file.
     */
    @Test
    void aLargeTopologyIsCutIntoConfigMapsUnderOneMebibyteThatJoinBackIntoTheFile() throws Exception {
        byte[] json = new byte[3_000_000];
        new Random(1).nextBytes(json);
        K8sCell cell = TestCells.cell(RING, Transport.TCP, QueueKind.FIFO, DelayRequest.AUTO, false);
        List<CellManifests.ManifestFile> files = new CellManifests(cell).files(json);
        List<Map<String, Object>> parts = files.get(1).documents();
        assertTrue(parts.size() >= 5, parts.size() + " parts");
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        for (int k = 0; k < parts.size(); k++) {
            Map<String, Object> cm = parts.get(k);
            assertEquals(PodLayout.TOPOLOGY_PREFIX + k, map(cm, "metadata").get("name"));
            String yaml = ManifestWriter.yaml(List.of(cm));
            assertTrue(yaml.length() < 1_000_000, "part " + k + " is " + yaml.length() + " bytes");
            joined.write(Base64.getDecoder().decode((String) map(cm, "binaryData").get(CellManifests.partFile(k))));
        }
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(joined.toByteArray()))) {
            assertArrayEquals(json, in.readAllBytes());
        }
        List<?> sources = (List<?>) map(list(map(map(map(files.get(4).documents().get(0), "spec"), "template"), "spec"), "volumes")
                .get(0), "projected").get("sources");
        assertEquals(parts.size(), sources.size(), "every part is mounted");
        assertTrue(CellManifests.partFile(3).compareTo(CellManifests.partFile(10)) < 0, "a glob lists the parts in order");
    }

    @Test
    void badValuesAreRefusedWithTheOptionsName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new K8sCell(RING, COLD_WHOLEND,
                TestCells.schedule(), "img", "Bad_Name", QueueKind.FIFO, DelayRequest.AUTO,
                false, "eth0", 9000, 8080, 3000, false, "500m", "256Mi", "768Mi", List.of(), 0));
        assertTrue(e.getMessage().startsWith("--namespace"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new K8sCell(RING, COLD_WHOLEND,
                TestCells.schedule(), "img", "ok", QueueKind.FIFO, DelayRequest.AUTO, false, "eth0", 9000, 8080, 3000, false,
                "half", "256Mi", "768Mi", List.of(), 0));
        assertTrue(e.getMessage().startsWith("--cpu-request"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new K8sCell(RING, COLD_WHOLEND,
                TestCells.schedule(), " ", "ok", QueueKind.FIFO, DelayRequest.AUTO, false, "eth0", 9000, 8080, 3000, false,
                "1", "256Mi", "768Mi", List.of(), 0));
        assertTrue(e.getMessage().startsWith("--image"), e.getMessage());
        String ns = K8sCell.defaultNamespace(Workload.of("bcodedfc1_32k", 1 << 20,
                new TransportChoice.Quic(QuicConfig.DEFAULT), List.of(), Condition.COLD), RING, 12);
        assertTrue(ns.matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?") && ns.length() <= 63, ns);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<String, Object> m, String key) {
        return (Map<String, Object>) m.get(key);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Map<String, Object> m, String key) {
        return (List<Map<String, Object>>) m.get(key);
    }

    /** The script of an {@code sh -c} container. */
    private static String command(Map<String, Object> container) {
        List<?> c = (List<?>) container.get("command");
        assertEquals(List.of("sh", "-c"), c.subList(0, 2));
        return (String) c.get(2);
    }
}
