package io.gsnode.netns.delay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.topology.IpPlan;
import io.gsnode.formats.topology.Topology;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bounded memory: with a budget of 16 packets and a 200 ms delay, a burst of 200 datagrams leaves
 * at most 16 waiting; the rest are dropped and counted as budget drops, and every packet read is
 * accounted for (delivered + dropped, once the delay has passed).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SwitchBudgetTest {

    @TempDir
    Path dir;

    private TestNamespaces namespaces;
    private DelaySwitch sw;

    @BeforeEach
    void available() {
        TestNamespaces.assumeAvailable();
    }

    @AfterEach
    void cleanUp() throws Exception {
        try {
            if (sw != null) sw.close();
        } finally {
            if (namespaces != null) namespaces.close();
        }
    }

    @Test
    void aBurstPastTheBudgetIsDroppedAndCounted() throws Exception {
        namespaces = new TestNamespaces(2);
        Topology topology = TestTopologies.uniform(dir.resolve("topology.json"), 2, 200_000);
        sw = new DelaySwitch(SwitchConfig.of(topology, namespaces.paths()).withBudgetPackets(16));
        sw.start();
        InNamespace.start(namespaces.path(0), "burst", () -> {
            try (DatagramSocket s = new DatagramSocket(new InetSocketAddress(InetAddress.getByName(IpPlan.ipOf(0)), 0))) {
                InetSocketAddress dst = new InetSocketAddress(InetAddress.getByName(IpPlan.ipOf(1)), 9);
                byte[] payload = new byte[100];
                for (int k = 0; k < 200; k++) s.send(new DatagramPacket(payload, payload.length, dst));
            }
            return null;
        }).get(20, TimeUnit.SECONDS);

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        SwitchStats s = sw.stats();
        while (s.waiting() > 0 || s.deliveredPackets() + s.drops(DropCause.BUDGET) < 200) {
            if (System.nanoTime() > deadline) break;
            Thread.sleep(20);
            s = sw.stats();
        }
        System.out.println("burst of 200 over a 16-packet budget: " + s.drops() + ", delivered " + s.deliveredPackets()
                + ", peak waiting " + s.waitingPeak());
        assertTrue(s.waitingPeak() <= 16, "never more than the budget waiting: " + s.waitingPeak());
        assertTrue(s.drops(DropCause.BUDGET) >= 200 - 16 - s.perNode().get(1).toPackets(), s.drops().toString());
        assertTrue(s.drops(DropCause.BUDGET) > 0);
        // Node 0 sends node 1 nothing but the burst: each datagram is delivered or dropped for the budget.
        SwitchStats.NodeStats one = s.perNode().get(1);
        assertEquals(200, one.toPackets() + one.droppedTo(), "every datagram of the burst is delivered or counted: " + one);
        // Node 1's ICMP replies to node 0 meet the same budget, so the total can be a little higher.
        assertTrue(one.droppedTo() <= s.drops(DropCause.BUDGET));
    }
}
