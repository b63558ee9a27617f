package io.gsnode.segmentation.arm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.GossipRouter;
import io.gsnode.segmentation.testnet.InProcessCell;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A warm cell in one process: the warm-up payload diffuses through the arm's own topics and
 * policies to every receiver, and then the measured payload does too, each told apart. The coded
 * arm is the one that matters: its stop-pull gate closes when a payload completes, and must stay
 * open for the measured payload after the warm-up completed.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class WarmupDiffusionTest {

    private static final int NODES = 8;
    private static final int PAYLOAD = 131072;
    private static final long SEED = 7;
    private static final GossipConfig BASE = new GossipConfig.Builder().heartbeatInterval(Duration.ofMillis(100)).build();

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"wholend", "atuned_32k", "acoded_32k", "c_32k", "bfixed_32k"})
    void warmUpThenMeasuredCompleteApart(String name) throws Exception {
        Arm arm = ArmCatalogue.get(name);
        try (InProcessCell cell = new InProcessCell(arm, NODES, PAYLOAD, SEED, InProcessCell.circulant(NODES, 1, 2, 4), BASE, true)) {
            cell.awaitMeshes();
            cell.publish(Diffusion.WARMUP);
            cell.awaitCompletion(Diffusion.WARMUP);
            Set<Integer> receivers = IntStream.range(1, NODES).boxed().collect(Collectors.toSet());
            assertTrue(cell.completed(Diffusion.MEASURED).isEmpty(), "the warm-up completes no one's measured payload");
            for (InProcessCell.Node node : cell.nodes().subList(1, NODES)) {
                assertFalse(node.arm().completed(), node.index() + " has not completed the measured payload yet");
            }
            cell.publish(Diffusion.MEASURED);
            cell.awaitCompletion(Diffusion.MEASURED);
            assertEquals(receivers, cell.completed(Diffusion.MEASURED));
            assertEquals(receivers, cell.completed(Diffusion.WARMUP));
        }
    }

    @Test
    void theTwoPayloadsShareNoMessage() {
        ArmNode publisher = ArmCatalogue.get("acoded_32k").instantiate(new ArmContext(0, true, PAYLOAD, SEED, 2, true));
        Set<String> warm = new HashSet<>();
        for (GossipRouter.Outgoing m : publisher.publications(Diffusion.WARMUP)) warm.add(java.util.HexFormat.of().formatHex(m.data()));
        List<GossipRouter.Outgoing> measured = publisher.publications(Diffusion.MEASURED);
        assertEquals(measured.size(), warm.size(), "the same shape");
        for (GossipRouter.Outgoing m : measured) assertFalse(warm.contains(java.util.HexFormat.of().formatHex(m.data())));
        assertNotEquals(Diffusion.WARMUP.slot(), Diffusion.MEASURED.slot());
    }

    @Test
    void aColdNodeRefusesToPublishAWarmUp() {
        ArmNode cold = ArmCatalogue.get("atuned_32k").instantiate(new ArmContext(0, true, PAYLOAD, SEED, 2));
        assertThrows(IllegalStateException.class, () -> cold.publications(Diffusion.WARMUP));
    }
}
