package io.gsnode.segmentation.arm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.RouterFixture;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.peer.PeerId;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * docs/arms.md §5.9 (the report's SEGMENT_DET_RAND=1, issue 20 fix 3): a node's router draws from
 * the topology's seed and its index, so with more subscribed peers than D the same seed picks the
 * same mesh whichever arm the node runs, and another seed picks another. Deterministic: one router
 * on a hand-cranked loop, its peers scripted with fixed keys, in the same order for every arm.
 */
class SeededMeshesTest {

    private static final int ONE_MIB = 1 << 20;
    /** Above Dhi (12): the mesh is a draw, not every peer. */
    private static final int PEERS = 16;

    @Test
    void theSameSeedGivesTheSameMeshAcrossArmsAndAnotherSeedAnother() {
        Set<PeerId> wholend = mesh("wholend", 7);
        assertEquals(wholend, mesh("atuned_32k", 7), "same seed, same node: same mesh under either arm");
        assertEquals(wholend, mesh("wholend", 7), "and again: nothing else feeds the draw");
        assertNotEquals(wholend, mesh("wholend", 8), "another seed draws another mesh");
    }

    /** Node 1's mesh after three heartbeats, with {@link #PEERS} peers subscribed to the arm's topic. */
    private static Set<PeerId> mesh(String armName, long seed) {
        Arm arm = ArmCatalogue.get(armName);
        ArmNode node = arm.instantiate(new ArmContext(1, false, ONE_MIB, seed, PEERS + 2));
        GossipConfig config = node.config(RouterFixture.config().seed(CellKnobs.routerSeed(seed, 1)).build());
        RouterFixture f = new RouterFixture(config, b -> {
            node.install(b);
            return b;
        });
        try {
            String topic = node.topics().get(0);
            for (int k = 0; k < PEERS; k++) f.connectAs(2 + k, Direction.INBOUND).subscribe(topic);
            f.subscribe(topic);
            f.heartbeat();
            f.heartbeat();
            f.heartbeat();
            List<PeerId> mesh = f.mesh(topic);
            assertEquals(config.d(), mesh.size(), armName + " keeps D peers");
            return new HashSet<>(mesh);
        } finally {
            f.close();
        }
    }
}
