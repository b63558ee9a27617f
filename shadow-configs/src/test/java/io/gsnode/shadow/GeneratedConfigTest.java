package io.gsnode.shadow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.topology.Topology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What a generated cell says, read back through the YAML and GML readers. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class GeneratedConfigTest {

    @TempDir
    Path tmp;

    private ShadowConfigValidator.Result generate(String... extra) throws IOException {
        Path topology = Cells.write(Cells.threeNodes(), tmp.resolve("three.json"));
        String[] base = {"--topology", topology.toString(), "--out", tmp.resolve("out").toString()};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        Cells.Run run = Cells.shadow(args);
        assertEquals(0, run.exit(), run.err());
        return ShadowConfigValidator.require(tmp.resolve("out").resolve(ShadowConfig.CONFIG_FILE));
    }

    @Test
    void everyOrderedPairHasItsOwnEdgeWithTheTopologysLatencyInMicroseconds() throws IOException {
        GmlGraph g = generate().graph();
        Topology t = Cells.threeNodes();
        assertTrue(g.directed());
        assertEquals(9, g.edgeCount(), "3 x 3 ordered pairs, self-loops included");
        int selfLoops = 0;
        for (int e = 0; e < g.edgeCount(); e++) {
            int from = (int) g.source(e), to = (int) g.target(e);
            if (from == to) selfLoops++;
            long expectedMicros = Math.max(1, t.latency().micros(from, to));
            assertEquals(expectedMicros * 1000, g.latencyNanos(e), "latency " + from + " -> " + to);
        }
        assertEquals(3, selfLoops);
        String gml = Files.readString(tmp.resolve("out").resolve(ShadowConfig.GRAPH_FILE));
        assertTrue(gml.contains("latency \"40123 us\""), "integer microseconds, never a decimal");
        assertTrue(gml.contains("latency \"1 us\""), "the zero 2 -> 1 latency is raised to 1 us");
        assertFalse(gml.matches("(?s).*packet_loss 0\\n.*"), "loss is the float token 0.0");
    }

    @Test
    void eachHostsRatesSitOnItsOwnGraphNodeAndNotOnTheHost() throws IOException {
        ShadowConfigValidator.Result r = generate();
        Topology t = Cells.threeNodes();
        for (int i = 0; i < 3; i++) {
            ShadowYaml.Host host = r.config().hosts().get("node" + i);
            assertEquals((long) i, host.networkNodeId());
            assertEquals(t.node(i).ip(), host.ipAddr());
            assertTrue(host.bandwidthUp() == null && host.bandwidthDown() == null);
            GmlGraph.Node node = r.graph().node(i);
            assertEquals("node" + i, node.label());
            assertEquals(t.node(i).upBps(), node.upBps());
            assertEquals(t.node(i).downBps(), node.downBps());
        }
        assertEquals(1_000_000_000L, r.graph().node(0).upBps(), "dcb20: node 0 is the 1 Gbit/s builder");
        assertEquals(50_000_000L, r.graph().node(1).upBps());
        assertEquals(100_000_000L, r.graph().node(1).downBps());
    }

    @Test
    void nodesRunGsnodeRunInShadowModeWithTheSimulationEpochAndStartTimes() throws IOException {
        ShadowConfigValidator.Result r = generate("--start-at", "500", "--stop-time", "100000", "--transport", "quic",
                "--quic-engine", "netty", "--gossip", "d=6");
        assertEquals("100000 ms", r.config().general().stopTime().text());
        for (int i = 0; i < 3; i++) {
            ShadowYaml.Process process = process(r, "node" + i);
            assertEquals(Cells.JAVA, process.path());
            assertEquals("500 ms", process.startTime().text());
            assertEquals(ShadowYaml.FinalState.exitedWith(0), process.expectedFinalState());
            assertEquals(Map.of("MALLOC_ARENA_MAX", "2"), process.environment());
            List<String> args = process.args();
            assertTrue(args.containsAll(ShadowJvmFlags.recommended(Cells.JAVA, Cells.JAR)), "the recommended JVM flags");
            assertEquals(Cells.JAR, after(args, "-cp"));
            assertEquals("io.gsnode.node.cli.RunCommand", args.get(args.indexOf("-cp") + 2));
            assertTrue(args.contains("--shadow"));
            assertEquals("946684800000", after(args, "--epoch-ms"));
            assertEquals(Integer.toString(i), after(args, "--index"));
            assertEquals("../../../topology.json", after(args, "--topology"));
            assertEquals("record.json", after(args, "--record"));
            assertEquals("netty", after(args, "--quic-engine"));
            assertEquals("shadow", after(args, "--backend"));
            assertEquals("fifo", after(args, "--queue"));
            assertEquals("d=6", after(args, "--gossip"));
        }
    }

    @Test
    void theConfigNamesNoPathOfThisMachineButTheChosenJavaAndJar() throws IOException {
        ShadowConfigValidator.Result r = generate();
        String yaml = Files.readString(tmp.resolve("out").resolve(ShadowConfig.CONFIG_FILE));
        for (String local : List.of(tmp.toString(), System.getProperty("user.dir"), System.getProperty("user.home"),
                System.getProperty("java.home"), System.getProperty("java.io.tmpdir"))) {
            assertFalse(yaml.contains(local), "the config names " + local);
        }
        for (ShadowYaml.Host host : r.config().hosts().values()) {
            for (String a : host.processes().get(0).args()) {
                if (a.startsWith("/")) assertEquals(Cells.JAR, a, "the only absolute argument is the jar");
            }
        }
        assertEquals(ShadowConfig.GRAPH_FILE, r.config().network().graph().file().path());
    }

    @Test
    void theEdgesGraphHoldsTheDialGraphBothWaysAndUsesShortestPaths() throws IOException {
        ShadowConfigValidator.Result r = generate("--graph", "edges");
        assertEquals(true, r.config().network().useShortestPath());
        assertEquals(3 + 2 * 2, r.graph().edgeCount(), "3 self-loops and the 2 dial edges in both directions");
    }

    @Test
    void qdiscBuffersAndAutotuneReachTheExperimentalSection() throws IOException {
        ShadowConfigValidator.Result r = generate("--qdisc", "round-robin", "--socket-send-buffer", "262144",
                "--socket-recv-buffer", "524288", "--no-send-autotune", "--parallelism", "4");
        ShadowYaml.Experimental e = r.config().experimental();
        assertEquals(Qdisc.ROUND_ROBIN, e.interfaceQdisc());
        assertEquals(262_144, e.socketSendBuffer().bytes());
        assertEquals(524_288, e.socketRecvBuffer().bytes());
        assertEquals(false, e.socketSendAutotune());
        assertEquals(true, e.socketRecvAutotune());
        assertEquals(false, e.useMemoryManager());
        assertEquals("1 us", e.runahead().text(), "the smallest latency (the raised zero) is below Shadow's 1 ms default");
        assertEquals(4, r.config().general().parallelism());
        List<String> args = process(r, "node1").args();
        assertEquals("fair", after(args, "--queue"), "the record's name for a per-socket fair uplink");
    }

    @Test
    void jvmFlagsReplaceTheRecommendedSet() throws IOException {
        ShadowConfigValidator.Result r = generate("--jvm-flags=-Xmx1g  -XX:+UseSerialGC");
        List<String> args = process(r, "node0").args();
        assertEquals(List.of("-Xmx1g", "-XX:+UseSerialGC", "-cp"), args.subList(0, 3));
        assertNull(after(args, "-XX:TieredStopAtLevel=1"));
    }

    private static ShadowYaml.Process process(ShadowConfigValidator.Result r, String host) {
        return r.config().hosts().get(host).processes().get(0);
    }

    private static String after(List<String> args, String flag) {
        int i = args.indexOf(flag);
        return i < 0 ? null : args.get(i + 1);
    }
}
