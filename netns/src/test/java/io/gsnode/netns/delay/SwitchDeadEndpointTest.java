package io.gsnode.netns.delay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.topology.IpPlan;
import io.gsnode.formats.topology.Topology;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node killed mid-flow: node 0 streams UDP to node 2 and echoes with node 1; node 2 goes away
 * (its namespace deleted, or its device deleted). The switch marks it dead, drops and counts the
 * packets meant for it, and node 0 <-> node 1 keeps its 10 ms one-way latency.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SwitchDeadEndpointTest {

    private static final int ONE_WAY_US = 10_000;

    @TempDir
    Path dir;

    private TestNamespaces namespaces;
    private DelaySwitch sw;
    private DatagramSocket echo;
    private final AtomicBoolean streaming = new AtomicBoolean(true);

    @BeforeEach
    void available() {
        TestNamespaces.assumeAvailable();
    }

    @AfterEach
    void cleanUp() throws Exception {
        streaming.set(false);
        if (echo != null) echo.close();
        try {
            if (sw != null) sw.close();
        } finally {
            if (namespaces != null) namespaces.close();
        }
    }

    @Test
    void deletedNamespaceIsDroppedAndCountedWhileOthersFlow() throws Exception {
        killMidFlow(() -> namespaces.deleteNamespace(2), "is gone");
    }

    @Test
    void deletedDeviceIsDroppedAndCountedWhileOthersFlow() throws Exception {
        killMidFlow(() -> namespaces.ipIn(2, "link", "delete", TestNamespaces.TUN), "reading its device failed");
    }

    /**
     * Node 2 is named by {@code /proc/PID/ns/net} of the process that owns its namespace (an
     * {@code unshare --net} process): when that process ends, the switch drops node 2.
     */
    @Test
    void endedProcessIsDroppedAndCountedWhileOthersFlow() throws Exception {
        Process owner = new ProcessBuilder("unshare", "--net", "sleep", "120").redirectErrorStream(true).start();
        try {
            Path procNs = Path.of("/proc/" + owner.pid() + "/ns/net");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (NamespaceIdentity.of(procNs).equals(NamespaceIdentity.of(Path.of("/proc/self/ns/net")))) {
                if (System.nanoTime() > deadline || !owner.isAlive()) {
                    Assumptions.assumeTrue(false, "skipped: unshare --net did not give a new namespace");
                }
                Thread.sleep(10);
            }
            String pid = Long.toString(owner.pid());
            for (List<String> cmd : List.of(
                    List.of("nsenter", "-t", pid, "-n", "ip", "link", "set", "lo", "up"),
                    List.of("nsenter", "-t", pid, "-n", "ip", "tuntap", "add", "mode", "tun", "name", TestNamespaces.TUN),
                    List.of("nsenter", "-t", pid, "-n", "ip", "addr", "add", IpPlan.ipOf(2) + "/32", "dev", TestNamespaces.TUN),
                    List.of("nsenter", "-t", pid, "-n", "ip", "link", "set", TestNamespaces.TUN, "up"),
                    List.of("nsenter", "-t", pid, "-n", "ip", "route", "add", "10.0.0.0/8", "dev", TestNamespaces.TUN))) {
                TestNamespaces.run(cmd);
            }
            killMidFlow(procNs, () -> {
                owner.destroyForcibly();
                owner.waitFor(10, TimeUnit.SECONDS);
            }, "is gone");
        } finally {
            owner.destroyForcibly();
            owner.waitFor(10, TimeUnit.SECONDS);
        }
    }

    interface Kill {
        void run() throws Exception;
    }

    private void killMidFlow(Kill kill, String reasonPart) throws Exception {
        killMidFlow(null, kill, reasonPart);
    }

    /** With {@code nodeTwo} null, node 2 is a test namespace like the others. */
    private void killMidFlow(Path nodeTwo, Kill kill, String reasonPart) throws Exception {
        namespaces = new TestNamespaces(nodeTwo == null ? 3 : 2);
        List<Path> paths = new ArrayList<>(namespaces.paths());
        if (nodeTwo != null) paths.add(nodeTwo);
        Topology topology = TestTopologies.uniform(dir.resolve("topology.json"), 3, ONE_WAY_US);
        sw = new DelaySwitch(SwitchConfig.of(topology, paths));
        sw.start();
        echo = UdpEcho.server(namespaces.path(1), IpPlan.ipOf(1));
        CompletableFuture<Long> stream = streamTo(2);

        waitFor(() -> sw.stats().perNode().get(2).toPackets() > 50, "packets reach node 2 before it dies");
        kill.run();
        waitFor(() -> !sw.isAlive(2), "the switch notices node 2 is gone");
        long deadBefore = sw.stats().drops(DropCause.DEAD_ENDPOINT);
        waitFor(() -> sw.stats().drops(DropCause.DEAD_ENDPOINT) > deadBefore + 20, "packets for dead node 2 are dropped and counted");

        List<Long> rtts = UdpEcho.roundTrips(namespaces.path(0), IpPlan.ipOf(0), IpPlan.ipOf(1), 3, 20);
        double median = UdpEcho.medianMillis(rtts);
        if (Math.abs(median - 20.0) > 2.0) {
            median = UdpEcho.medianMillis(UdpEcho.roundTrips(namespaces.path(0), IpPlan.ipOf(0), IpPlan.ipOf(1), 3, 20));
        }
        streaming.set(false);
        assertTrue(stream.get(10, TimeUnit.SECONDS) > 0);

        SwitchStats s = sw.stats();
        System.out.printf("after node 2 died: 0<->1 median RTT %.3f ms; drops %s; node 2 %s%n", median, s.drops(), s.perNode().get(2));
        assertEquals(20.0, median, 2.0, "node 0 <-> node 1 still at 10 ms one way");
        SwitchStats.NodeStats two = s.perNode().get(2);
        assertFalse(two.alive());
        assertNotNull(two.deathReason());
        assertTrue(two.deathReason().contains(reasonPart), two.deathReason());
        assertTrue(two.droppedTo() >= s.drops(DropCause.DEAD_ENDPOINT), "node 2's own drop counter holds its dead drops");
        assertTrue(sw.isAlive(0) && sw.isAlive(1));
        assertEquals(2, s.aliveNodes());
    }

    /** Node 0 sends a 200-byte datagram to node {@code to} every millisecond until the test stops it. */
    private CompletableFuture<Long> streamTo(int to) {
        return InNamespace.start(namespaces.path(0), "udp-stream", () -> {
            long sent = 0;
            try (DatagramSocket s = new DatagramSocket(new InetSocketAddress(InetAddress.getByName(IpPlan.ipOf(0)), 0))) {
                InetSocketAddress dst = new InetSocketAddress(InetAddress.getByName(IpPlan.ipOf(to)), 9);
                byte[] payload = new byte[200];
                while (streaming.get()) {
                    s.send(new DatagramPacket(payload, payload.length, dst));
                    sent++;
                    Thread.sleep(1);
                }
            }
            return sent;
        });
    }

    interface Condition {
        boolean holds() throws Exception;
    }

    /** Polls {@code c} every 10 ms for up to 20 s (a progress condition, not a timing assertion). */
    private static void waitFor(Condition c, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!c.holds()) {
            if (System.nanoTime() > deadline) throw new AssertionError("never happened: " + what);
            Thread.sleep(10);
        }
    }
}
