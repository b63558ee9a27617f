package io.gsnode.segmentation.arm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.segmentation.testnet.InProcessCell;
import io.gsnode.segmentation.testnet.TestHosts;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Variants A and C accept on their topics only the messages the cell's publisher publishes
 * ({@link CellMessages}). A node of a line 0-1-2-3 publishes junk on the arm's first topic: its
 * neighbours reject it (counted invalid), nobody counts it toward completion, the neighbours do
 * not forward it (node 3 never sees it), and the real payload still completes everywhere.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JunkOnArmTopicsTest {

    private static final GossipConfig BASE = new GossipConfig.Builder().heartbeatInterval(Duration.ofMillis(100)).build();

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"wholend", "atuned_32k", "c_32k"})
    void junkIsRejectedNotCountedAndNotForwarded(String name) throws Exception {
        Arm arm = ArmCatalogue.get(name);
        try (InProcessCell cell = new InProcessCell(arm, 4, 131072, 7, InProcessCell.line(4), BASE)) {
            cell.awaitMeshes();
            InProcessCell.Node junkie = cell.nodes().get(1);
            String topic = junkie.arm().topics().get(0);
            junkie.router().router.publish(topic, new byte[] {4, 0, 0, 0, 1, 2, 3}).get(5, TimeUnit.SECONDS);

            for (int i : new int[] {0, 2}) {
                InProcessCell.Node n = cell.nodes().get(i);
                TestHosts.await("node " + i + " rejects the junk", () -> n.router().counters.rejected("invalid") == 1);
            }
            for (InProcessCell.Node n : cell.nodes()) {
                assertEquals(0, n.arm().extras().get("distinct"), "node " + n.index() + " counted nothing");
            }
            assertEquals(0, cell.nodes().get(3).router().counters.rejected("invalid"), "node 2 did not forward the junk");
            assertEquals(0, cell.nodes().get(3).router().counters.delivered());

            cell.publish();
            cell.awaitCompletion();
        }
    }
}
