package io.gsnode.netns.delay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.topology.IpPlan;
import io.gsnode.formats.topology.Topology;
import java.net.DatagramSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12's latency tests over real namespaces, TUN devices and sockets: the round trip across the
 * switch is twice the pair's one-way latency (median of 20 UDP echoes; measured again once if a
 * loaded host spoils the first try). Never early by more than {@value #EARLY_MS} ms: a switch that
 * delivered before the latency had passed would be wrong whatever the host. Late by at most
 * {@value #LATE_MS} ms: a busy host only ever adds to a round trip (a clean-clone run of the whole
 * suite saw 52.1 ms for 50), and a switch that ignored the pair's latency or applied it twice is
 * still tens of milliseconds off.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SwitchLatencyTest {

    private static final double EARLY_MS = 1.0;
    private static final double LATE_MS = 5.0;

    @TempDir
    Path dir;

    private TestNamespaces namespaces;
    private DelaySwitch sw;
    private final List<DatagramSocket> servers = new ArrayList<>();

    @BeforeEach
    void available() {
        TestNamespaces.assumeAvailable();
    }

    @AfterEach
    void cleanUp() throws Exception {
        for (DatagramSocket s : servers) s.close();
        try {
            if (sw != null) sw.close();
        } finally {
            if (namespaces != null) namespaces.close();
        }
    }

    @Test
    void twoNodesAtUniform25msEchoIn50ms() throws Exception {
        namespaces = new TestNamespaces(2);
        Topology topology = TestTopologies.uniform(dir.resolve("topology.json"), 2, 25_000);
        sw = new DelaySwitch(SwitchConfig.of(topology, namespaces.paths()).withStatsFile(dir.resolve("stats.json")));
        sw.start();
        servers.add(UdpEcho.server(namespaces.path(1), IpPlan.ipOf(1)));

        double median = medianRoundTrip(0, 1, 50.0);
        System.out.printf("uniform 25 ms: median RTT %.3f ms; %s%n", median, sw.stats().latenessUs());
        assertWithin(50.0, median, "median UDP round trip through the switch at 25 ms one way");

        sw.close();
        SwitchStats s = sw.stats();
        assertTrue(s.finalSnapshot());
        assertTrue(s.deliveredPackets() >= 2 * 23, "the echoes and their replies went through the switch: " + s.deliveredPackets());
        assertEquals(0, s.drops(DropCause.BUDGET) + s.drops(DropCause.DEAD_ENDPOINT) + s.drops(DropCause.UNKNOWN_DESTINATION));
        assertTrue(Files.readString(dir.resolve("stats.json")).contains("\"schema\" : \"gsnode.switch/1\""));
    }

    @Test
    void eachPairGetsItsOwnLatency() throws Exception {
        namespaces = new TestNamespaces(3);
        // 0 <-> 1 at 10 ms one way, 0 <-> 2 at 40 ms, 1 <-> 2 at 25 ms.
        Topology topology = TestTopologies.written(dir.resolve("topology.json"), 3, (a, b) -> {
            int lo = Math.min(a, b);
            int hi = Math.max(a, b);
            if (lo == hi) return 0;
            if (lo == 0 && hi == 1) return 10_000;
            if (lo == 0 && hi == 2) return 40_000;
            return 25_000;
        });
        sw = new DelaySwitch(SwitchConfig.of(topology, namespaces.paths()));
        sw.start();
        servers.add(UdpEcho.server(namespaces.path(1), IpPlan.ipOf(1)));
        servers.add(UdpEcho.server(namespaces.path(2), IpPlan.ipOf(2)));

        double to1 = medianRoundTrip(0, 1, 20.0);
        double to2 = medianRoundTrip(0, 2, 80.0);
        System.out.printf("10/40 ms: median RTT %.3f ms and %.3f ms; %s%n", to1, to2, sw.stats().latenessUs());
        assertWithin(20.0, to1, "median round trip 0 <-> 1 at 10 ms one way");
        assertWithin(80.0, to2, "median round trip 0 <-> 2 at 40 ms one way");
    }

    /** The median of 20 echoes; a second set of 20 if the first is off by more than the tolerance. */
    private double medianRoundTrip(int from, int to, double expectedMs) throws Exception {
        double median = 0;
        for (int attempt = 0; attempt < 2; attempt++) {
            List<Long> rtts = UdpEcho.roundTrips(namespaces.path(from), IpPlan.ipOf(from), IpPlan.ipOf(to), 3, 20);
            median = UdpEcho.medianMillis(rtts);
            if (median >= expectedMs - EARLY_MS && median <= expectedMs + LATE_MS) return median;
            System.out.printf("node %d -> %d: median %.3f ms, expected %.1f; measuring again%n", from, to, median, expectedMs);
        }
        return median;
    }

    private static void assertWithin(double expectedMs, double medianMs, String what) {
        assertTrue(medianMs >= expectedMs - EARLY_MS && medianMs <= expectedMs + LATE_MS,
                what + ": " + medianMs + " ms, expected " + expectedMs + " ms, -" + EARLY_MS + "/+" + LATE_MS);
    }
}
