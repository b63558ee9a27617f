package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.gsnode.gossipsub.TestNetwork.Node;
import io.gsnode.gossipsub.trace.RouterTracer;
import io.gsnode.libp2p.peer.PeerId;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Seeded randomness (arms.md §5.9): with the same seed a node draws the same mesh from the same
 * peers, whatever order they connected in; another seed draws another mesh.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DeterministicMeshTest {

    @Test
    void sameSeedSameMeshOtherSeedOtherMesh() throws Exception {
        Set<PeerId> first = meshDrawnAtJoin(42, false);
        Set<PeerId> again = meshDrawnAtJoin(42, true);
        Set<PeerId> other = meshDrawnAtJoin(43, false);
        assertEquals(3, first.size());
        assertEquals(first, again, "same seed, peers connected in reverse order");
        assertNotEquals(first, other, "another seed");
    }

    /** Node 0 (D = 3) joins once all 9 peers are known to be in the topic; returns its draw. */
    private static Set<PeerId> meshDrawnAtJoin(long seed, boolean reverse) throws Exception {
        try (TestNetwork net = new TestNetwork()) {
            List<PeerId> grafted = new CopyOnWriteArrayList<>();
            GossipConfig config = new GossipConfig.Builder().heartbeat(Duration.ofMinutes(10)).mesh(3, 2, 6).seed(seed).build();
            Node chooser = net.add(0, b -> b.config(config).tracer(new RouterTracer() {
                @Override
                public void meshAdded(String topic, PeerId peer) {
                    grafted.add(peer);
                }
            }));
            for (int i = 1; i <= 9; i++) net.add(i, TestNetwork.fastHeartbeat());
            for (int k = 1; k <= 9; k++) {
                int i = reverse ? 10 - k : k;
                net.connect(net.nodes.get(i), chooser);
                net.nodes.get(i).subscribe("t");
            }
            TestNetwork.await("all 9 peers known in the topic", () -> chooser.router.topicPeers("t").join().size() == 9);
            chooser.subscribe("t");
            // The join grafts 3 peers at once; grafts from the others can only follow later.
            TestNetwork.await("join grafted", () -> grafted.size() >= 3);
            return new TreeSet<>(grafted.subList(0, 3));
        }
    }
}
