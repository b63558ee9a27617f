package io.gsnode.segmentation.arm;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.wire.WireForm;
import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.segmentation.testnet.InProcessCell;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every catalogue arm diffuses a 128 KiB payload to every receiver of an 8-node cell of real
 * routers over TCP (degree 5; the known-answer arm over a line, as its cell is). Small on purpose:
 * this checks that the composition works end to end, not how fast.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EveryArmCompletesTest {

    private static final int NODES = 8;
    private static final int PAYLOAD = 131072;
    private static final long SEED = 7;
    // A 100 ms heartbeat so meshes form quickly; everything else is docs/arms.md §5.2.
    private static final GossipConfig BASE = new GossipConfig.Builder().heartbeatInterval(Duration.ofMillis(100)).build();

    static List<String> arms() {
        return ArmCatalogue.names();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("arms")
    void everyReceiverCompletes(String name) throws Exception {
        Arm arm = ArmCatalogue.get(name);
        List<int[]> edges = arm.edges().equals("line") ? InProcessCell.line(NODES) : InProcessCell.circulant(NODES, 1, 2, 4);
        try (InProcessCell cell = new InProcessCell(arm, NODES, PAYLOAD, SEED, edges, BASE)) {
            cell.awaitMeshes();
            cell.publish();
            cell.awaitCompletion();
            WireForm wire = cell.nodes().get(0).arm().wireForm();
            for (InProcessCell.Node node : cell.nodes().subList(1, NODES)) {
                Map<String, Object> extras = node.arm().extras();
                assertTrue((int) extras.get("distinct") >= wire.need(), node.index() + ": " + extras);
            }
            Map<String, Object> publisher = cell.nodes().get(0).arm().extras();
            ArmKnobs knobs = arm.armKnobs(PAYLOAD);
            if (knobs.mode() == ArmKnobs.Mode.PHASE) {
                assertTrue((long) publisher.get("phase_plans") >= wire.msgs(),
                        "the publisher planned every message under phase forwarding: " + publisher);
            }
        }
    }
}
