package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.TestNetwork.Node;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GossipNetworkTest {

    private final TestNetwork net = new TestNetwork();

    @AfterEach
    void close() {
        net.close();
    }

    @Test
    void everyNodeReceivesEveryMessageExactlyOnceOnARing() throws Exception {
        int n = 6;
        for (int i = 0; i < n; i++) net.add(i, TestNetwork.fastHeartbeat());
        for (int i = 0; i < n; i++) net.connect(net.nodes.get(i), net.nodes.get((i + 1) % n));
        for (Node node : net.nodes) node.subscribe("t");
        TestNetwork.await("meshes formed", () -> net.nodes.stream().allMatch(node ->
                node.router.meshPeers("t").join().size() == 2));
        List<MessageId> ids = new ArrayList<>();
        Random random = new Random(1);
        for (Node node : net.nodes) {
            byte[] data = new byte[5000];
            random.nextBytes(data);
            PublishResult r = node.router.publish("t", data).get(5, TimeUnit.SECONDS);
            assertEquals(2, r.pushed());
            ids.add(r.id());
        }
        for (Node node : net.nodes) {
            TestNetwork.await("node " + node.index + " has all messages", () -> node.delivered.size() >= n - 1);
        }
        // Duplicates could only still come from frames in flight: wait until every frame sent
        // has been received, rather than sleeping for an absence.
        TestNetwork.await("no publish in flight", () -> net.nodes.stream().mapToLong(x -> x.counters.sent().publish()).sum()
                == net.nodes.stream().mapToLong(x -> x.counters.received().publish()).sum());
        for (Node node : net.nodes) {
            for (int i = 0; i < n; i++) {
                long expected = i == node.index ? 0 : 1;
                assertEquals(expected, node.deliveredCount(ids.get(i)), "node " + node.index + " message " + i);
            }
        }
    }

    @Test
    void aNodeOutsideEveryMeshGetsMessagesThroughIHaveAndIWant() throws Exception {
        Node a = net.add(0, TestNetwork.fastHeartbeat());
        Node b = net.add(1, TestNetwork.fastHeartbeat());
        GossipConfig loner = new GossipConfig.Builder().heartbeatInterval(Duration.ofMillis(100)).mesh(0, 0, 0).build();
        Node c = net.add(2, b2 -> b2.config(loner));
        net.connect(a, b);
        net.connect(c, a);
        net.connect(c, b);
        for (Node node : net.nodes) node.subscribe("t");
        // a and b graft c once they learn it joined; c, with D_hi = 0, prunes them at its next
        // heartbeat, and their backoff keeps it out from then on. Before that PRUNE, c's absence
        // from their meshes could be momentary.
        TestNetwork.await("c is out of every mesh", () -> a.counters.received().prune() >= 1
                && b.counters.received().prune() >= 1
                && c.router.meshPeers("t").join().isEmpty()
                && !a.router.meshPeers("t").join().contains(c.host.peerId())
                && !b.router.meshPeers("t").join().contains(c.host.peerId())
                && a.router.meshPeers("t").join().contains(b.host.peerId()));
        PublishResult r = a.router.publish("t", new byte[3000]).get(5, TimeUnit.SECONDS);
        TestNetwork.await("c got the message", () -> c.deliveredCount(r.id()) == 1);
        assertTrue(c.counters.sent().iwant() >= 1, "c asked with IWANT");
        assertTrue(a.counters.iwantServed() + b.counters.iwantServed() >= 1);
        assertEquals(1, c.counters.delivered());
    }

    @Test
    void idontwantSuppressesAPush() throws Exception {
        // a publishes to b1 and b2; both forward to c, and each tells c first that it holds the
        // message, so the one whose copy c gets second never pushes it: it had c's IDONTWANT.
        Node a = net.add(0, TestNetwork.fastHeartbeat());
        Node b1 = net.add(1, TestNetwork.fastHeartbeat());
        Node b2 = net.add(2, TestNetwork.fastHeartbeat());
        Node c = net.add(3, TestNetwork.fastHeartbeat());
        net.connect(a, b1);
        net.connect(a, b2);
        net.connect(b1, c);
        net.connect(b2, c);
        for (Node node : net.nodes) node.subscribe("t");
        TestNetwork.await("meshes", () -> c.router.meshPeers("t").join().size() == 2
                && a.router.meshPeers("t").join().size() == 2);
        for (int i = 0; i < 5; i++) {
            a.router.publish("t", new byte[256 * 1024 + i]).get(5, TimeUnit.SECONDS);
        }
        TestNetwork.await("c got all", () -> c.delivered.size() == 5);
        TestNetwork.await("some push was suppressed by IDONTWANT", () -> b1.counters.idontwantSuppressed()
                + b2.counters.idontwantSuppressed() + c.counters.idontwantSuppressed() >= 1);
        assertTrue(c.counters.sent().idontwant() >= 5, "c sent IDONTWANT for each message");
    }
}
