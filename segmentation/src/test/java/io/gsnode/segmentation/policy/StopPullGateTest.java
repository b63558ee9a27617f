package io.gsnode.segmentation.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.GossipRouter;
import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.RouterFixture;
import io.gsnode.gossipsub.ScriptedPeer;
import io.gsnode.gossipsub.TopicOptions;
import io.gsnode.segmentation.arm.ArmCatalogue;
import io.gsnode.segmentation.arm.ArmContext;
import io.gsnode.segmentation.arm.Diffusion;
import io.gsnode.segmentation.arm.ArmNode;
import io.gsnode.segmentation.ids.StructuredMessageId;
import io.gsnode.segmentation.ids.Topics;
import io.gsnode.segmentation.testnet.TestHosts;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Stop-pull on a router running the coded A arm (docs/arms.md §6.7): before completion a
 * segment announcement is pulled; once any K of the 2K segments have arrived the completion
 * watcher closes the gate, and every further segment IWANT is declined and counted. Other ids are
 * still pulled.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StopPullGateTest {

    private static final int P = 131072; // K = 4 segments of 32 KiB, 4 parity

    @Test
    void declinesEverySegmentPullAfterCompletion() throws Exception {
        ArmNode node = ArmCatalogue.get("acoded_32k").instantiate(new ArmContext(1, false, P, 7, 2));
        // The publisher's side of the same arm: the messages, on their topics.
        List<GossipRouter.Outgoing> messages = ArmCatalogue.get("acoded_32k").instantiate(new ArmContext(0, true, P, 7, 2)).publications(Diffusion.MEASURED);
        assertEquals(8, messages.size());
        String topic = Topics.segment();
        StructuredMessageId ids = new StructuredMessageId(topic);
        MessageId[] id = new MessageId[8];
        for (int i = 0; i < 8; i++) id[i] = MessageId.wrap(ids.messageId(topic, messages.get(i).data()));

        try (RouterFixture router = new RouterFixture(node.config(GossipConfig.DEFAULT), b -> {
            node.install(b);
            return b;
        })) {
            router.subscribe(topic, TopicOptions.FULL_MESSAGES, node::onDelivery);
            ScriptedPeer source = router.connect().join(topic);

            source.ihave(topic, id[4]);
            assertEquals(1, source.iwants(id[4]), "a parity segment is pulled before completion");
            for (int i = 0; i < 4; i++) source.publish(topic, messages.get(i).data());
            TestHosts.await("K distinct segments complete the node", node::completed);

            source.ihave(topic, id[5], id[6]);
            source.ihave(topic, id[7]);
            MessageId plain = MessageId.wrap(new byte[] {1, 2, 3});
            source.ihave(topic, plain);
            assertEquals(1, source.iwants(plain), "a non-segment id is still pulled");
            assertEquals(0, source.iwants(id[5]) + source.iwants(id[6]) + source.iwants(id[7]));
            assertEquals(3L, node.extras().get("declined"));
            assertEquals(3, router.counters.rejected("declined_by_gate"));
        }
    }

    @Test
    void gateAllowsNonSegmentIdsAlwaysAndSegmentIdsUntilComplete() {
        StopPullGate gate = new StopPullGate();
        byte[] segmentData = ArmCatalogue.get("acoded_32k").instantiate(new ArmContext(0, true, P, 7, 2)).publications(Diffusion.MEASURED).get(0).data();
        MessageId segment = MessageId.wrap(new StructuredMessageId(Topics.segment()).messageId(Topics.segment(), segmentData));
        MessageId plain = MessageId.wrap(new byte[20]);
        assertTrue(gate.allow(segment));
        gate.complete(StructuredMessageId.parse(segment.bytes()).orElseThrow().blockRoot());
        assertFalse(gate.allow(segment));
        assertTrue(gate.allow(plain));
        assertEquals(1, gate.declined());
    }

    @Test
    void completingTheWarmUpLeavesTheMeasuredPayloadsPullsOpen() {
        StopPullGate gate = new StopPullGate();
        ArmNode publisher = ArmCatalogue.get("acoded_32k").instantiate(new ArmContext(0, true, P, 7, 2, true));
        StructuredMessageId ids = new StructuredMessageId(Topics.segment());
        MessageId warm = MessageId.wrap(ids.messageId(Topics.segment(), publisher.publications(Diffusion.WARMUP).get(0).data()));
        MessageId measured = MessageId.wrap(ids.messageId(Topics.segment(), publisher.publications(Diffusion.MEASURED).get(0).data()));
        gate.complete(StructuredMessageId.parse(warm.bytes()).orElseThrow().blockRoot());
        assertFalse(gate.allow(warm), "the completed warm-up's segments are declined");
        assertTrue(gate.allow(measured), "the measured payload's are still pulled");
        assertEquals(1, gate.declined());
    }
}
