package io.gsnode.node.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gsnode.formats.topology.Edge;
import io.gsnode.formats.topology.LatencyModel;
import io.gsnode.formats.topology.LinkClass;
import io.gsnode.formats.topology.Region;
import io.gsnode.formats.topology.Scenario;
import io.gsnode.formats.topology.TopologyFixtures;
import io.gsnode.formats.topology.TopologyNode;
import io.gsnode.formats.topology.TopologyWriter;
import io.gsnode.node.cli.RunCommand;
import io.gsnode.transport.quic.QuicConfig;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code gsnode run --shadow} on loopback under a guard: {@code shadow_guard.c}, an LD_PRELOAD
 * library compiled here, answers socket calls as Shadow 3.3.0 does (refusing what it refuses,
 * ENOSYS for what it lacks, EINVAL for interface enumeration) and logs each forbidden call. Two
 * nodes must still exchange a message (so every refusal is tolerated), and the log may hold only
 * the refusals listed in {@link #TOLERATED}, each made by the JDK or Netty at class
 * initialisation and handled there. Skipped where there is no C compiler.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class ShadowModeTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Refusals the node may meet, and why each is harmless under Shadow:
     * <ul>
     *   <li>{@code getsockopt tcp level=6 name=12|4|5|6} (TCP_QUICKACK, TCP_KEEPIDLE,
     *       TCP_KEEPINTVL, TCP_LINGER2) and {@code level=1 name=56} (SO_INCOMING_NAPI_ID): the JDK's
     *       jdk.net extended options probe which options the OS supports, once, and take a
     *       refusal as "unsupported";</li>
     *   <li>{@code getsockopt tcp level=1 name=13} (SO_LINGER): Netty's NioSocketChannel reads it as
     *       it closes a connection, to decide whether closing may block, and ignores a failure
     *       ({@code prepareToClose}); a refusal means "no linger", which is what we set;</li>
     *   <li>{@code socket AF_INET6}: the JDK's IPv6 probe, answered "no IPv6", as Shadow does;</li>
     *   <li>{@code setsockopt udp level=0 name=49} (IP_MULTICAST_ALL=0): set by the JDK on every
     *       datagram socket, tolerating exactly ENOPROTOOPT, which Shadow answers;</li>
     *   <li>{@code ENUMERATION ioctl SIOCGIFCONF}: Netty's NetUtil looks for the loopback interface
     *       once, in its static initialiser, catches the EINVAL and logs a warning (checked below
     *       to be that warning and no other enumeration). Nothing of ours enumerates: the node binds
     *       to its topology IP, and --shadow sets io.netty.machineId so channel ids need no MAC.</li>
     * </ul>
     */
    private static final Pattern TOLERATED = Pattern.compile(
            "REFUSED getsockopt tcp level=6 name=(12|4|5|6)|REFUSED getsockopt tcp level=1 name=(56|13)"
                    + "|REFUSED socket AF_INET6 type=\\d+|REFUSED setsockopt udp level=0 name=49"
                    + "|ENUMERATION ioctl SIOCGIFCONF \\(REFUSED: EINVAL\\)");

    /** The JDK asks SIOCGIFCONF twice per enumeration (size, then contents): one enumeration at most. */
    private static final int MAX_SIOCGIFCONF = 2;

    private static Path guard;

    @BeforeAll
    static void compileGuard(@TempDir Path dir) throws Exception {
        Path source = dir.resolve("shadow_guard.c");
        try (InputStream in = ShadowModeTest.class.getResourceAsStream("/shadow-guard/shadow_guard.c")) {
            Files.copy(in, source);
        }
        Path lib = dir.resolve("shadow_guard.so");
        Process cc;
        try {
            cc = new ProcessBuilder("cc", "-shared", "-fPIC", "-O1", "-o", lib.toString(), source.toString(), "-ldl")
                    .redirectErrorStream(true).start();
        } catch (IOException e) {
            assumeTrue(false, "no C compiler (cc) to build the Shadow guard: " + e.getMessage());
            return;
        }
        String out = new String(cc.getInputStream().readAllBytes());
        assertTrue(cc.waitFor(60, TimeUnit.SECONDS), "cc did not finish");
        assertEquals(0, cc.exitValue(), "cc failed:\n" + out);
        guard = lib;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"tcp", "quic"})
    void aNodeInShadowModeDeliversAndMakesNoForbiddenCall(String transport, @TempDir Path dir) throws Exception {
        Path topology = dir.resolve("topology.json");
        TopologyWriter.write(TopologyFixtures.ofEdges(2, 1, Scenario.home(), LatencyModel.UNIFORM, List.of(new Edge(0, 1))), topology);
        Path epoch = dir.resolve("epoch");
        List<Process> nodes = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) nodes.add(start(dir, topology, epoch, transport, i));
            awaitListening(dir, nodes);
            // Both listen: the instants start shortly, the same for both (as the local runner does).
            Files.writeString(epoch, (System.currentTimeMillis() + 300) + "\n");
            for (Process p : nodes) {
                assertTrue(p.waitFor(60, TimeUnit.SECONDS), "a node did not finish");
            }
        } finally {
            for (Process p : nodes) p.destroyForcibly();
        }
        for (int i = 0; i < 2; i++) {
            String stderr = Files.readString(dir.resolve("node-" + i + ".err"));
            assertEquals(0, nodes.get(i).exitValue(), "node " + i + " failed:\n" + stderr);
            JsonNode record = JSON.readTree(dir.resolve("record-" + i + ".json").toFile());
            assertEquals("shadow", record.get("backend").asText());
            assertEquals("complete", record.get("status").asText(), "node " + i + " was cut short");
            assertEquals(false, record.at("/config/transport/epoll").asBoolean(false), "TCP must run on NIO");
            if (i == 1) assertTrue(record.get("completed").asBoolean(), "the receiver did not get the message:\n" + stderr);
            checkGuardLog(dir.resolve("guard-" + i + ".log"), stderr, i);
        }
    }

    private static void checkGuardLog(Path log, String stderr, int index) throws IOException {
        List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
        List<String> forbidden = lines.stream().filter(l -> !TOLERATED.matcher(l).matches()).distinct().toList();
        assertTrue(forbidden.isEmpty(), "node " + index + " made calls Shadow refuses or lacks: " + forbidden);
        long enumerations = lines.stream().filter(l -> l.startsWith("ENUMERATION")).count();
        assertTrue(enumerations <= MAX_SIOCGIFCONF, "node " + index + " enumerated interfaces more than once: " + lines);
        if (enumerations > 0) {
            assertTrue(stderr.contains("NetUtilInitializations - Failed to retrieve the list of available network interfaces"),
                    "an interface enumeration that was not Netty's NetUtil:\n" + stderr);
        }
    }

    private Process start(Path dir, Path topology, Path epoch, String transport, int index) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.net.preferIPv4Stack=true", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx256m",
                "-cp", System.getProperty("java.class.path"), RunCommand.class.getName(),
                "--shadow", "--loopback", "--topology", topology.toString(), "--index", Integer.toString(index),
                "--transport", transport, "--payload", "65536", "--epoch-file", epoch.toString(),
                "--dial-at", "200", "--subscribe-at", "1500", "--publish-at", "3000", "--hold", "2000",
                "--record", dir.resolve("record-" + index + ".json").toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectOutput(dir.resolve("node-" + index + ".out").toFile())
                .redirectError(dir.resolve("node-" + index + ".err").toFile());
        pb.environment().put("LD_PRELOAD", guard.toString());
        pb.environment().put("SHADOW_GUARD_LOG", dir.resolve("guard-" + index + ".log").toString());
        return pb.start();
    }

    /** Waits, bounded, for every node's "listening" event. */
    private static void awaitListening(Path dir, List<Process> nodes) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        for (int i = 0; i < nodes.size(); i++) {
            Path out = dir.resolve("node-" + i + ".out");
            while (!(Files.exists(out) && Files.readString(out).contains("\"listening\""))) {
                assertTrue(nodes.get(i).isAlive(), "node " + i + " exited before listening:\n"
                        + Files.readString(dir.resolve("node-" + i + ".err")));
                assertTrue(System.nanoTime() < deadline, "node " + i + " did not listen within 60 s");
                Thread.sleep(50);
            }
        }
    }

    @Test
    void machineIdsAreLocallyAdministeredAndDistinctPerNode() {
        assertEquals("02:00:00:00:00:00:00:00", ShadowSafety.machineId(0));
        assertEquals("02:00:00:00:00:00:07:d0", ShadowSafety.machineId(2000));
    }

    @Test
    void aDatagramLargerThanATokenBucketIsRefused() {
        var quic = QuicConfig.DEFAULT.withEngine("netty").withMaxUdpPayload(9000);
        var slow = new TopologyNode(3, "10.0.0.4", Region.values()[0],
                LinkClass.HOME, 8_000_000, 8_000_000);
        // 8 Mbit/s refills 1000 bytes a millisecond: the bucket holds 2500 bytes, a 9028-byte datagram never fits.
        assertEquals(2500, ShadowSafety.bucketCapacityBytes(8_000_000));
        String problem = ShadowSafety.datagramProblem(quic, slow);
        assertTrue(problem != null && problem.contains("9028-byte"), problem);
        assertEquals(null, ShadowSafety.datagramProblem(QuicConfig.DEFAULT.withEngine("kwik"), slow), "Kwik's 1252-byte packets fit");
    }
}
