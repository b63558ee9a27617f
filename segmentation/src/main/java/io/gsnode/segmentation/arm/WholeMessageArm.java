package io.gsnode.segmentation.arm;

import io.gsnode.gossipsub.Delivery;
import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.GossipRouter;
import io.gsnode.segmentation.codec.GossipMessageSet;
import io.gsnode.segmentation.codec.PayloadEncoder;
import io.gsnode.segmentation.codec.PayloadGenerator;
import io.gsnode.segmentation.codec.WireForm;
import io.gsnode.segmentation.ids.PrysmMessageId;
import io.gsnode.segmentation.ids.Topics;
import java.util.List;
import java.util.Map;

/**
 * {@code wholend} (and {@code line}): the payload as one gossip message, stock gossipsub, every
 * announcer asked, no phase forwarding (arms.md §7).
 */
final class WholeMessageArm implements Arm {

    private final String name;
    private final String description;

    WholeMessageArm(String name, String description) {
        this.name = name;
        this.description = description;
    }

    @Override public String name() { return name; }
    @Override public String alias() { return name; }
    @Override public String variant() { return "a"; }
    @Override public String description() { return description; }
    @Override public Map<String, String> knobs() { return Map.of("SEGMENT_ARMS", "whole"); }

    @Override
    public ArmNode instantiate(ArmContext ctx) {
        String topic = Topics.segment();
        GossipMessageSet set = PayloadEncoder.whole(PayloadGenerator.mainnetLike(ctx.payloadBytes(), PayloadGenerator.MEASURED_SEED));
        WireForm wire = WireForm.of(set, data -> PrysmMessageId.LENGTH);
        DistinctMessages completion = new DistinctMessages(set.need());
        return new ArmNode() {
            @Override
            public GossipConfig config(GossipConfig base) {
                return base;
            }

            @Override
            public void install(GossipRouter.Builder router) {
                router.messageIds(PrysmIds.FUNCTION);
            }

            @Override
            public List<String> topics() {
                return List.of(topic);
            }

            @Override
            public List<GossipRouter.Outgoing> publications() {
                if (!ctx.publisher()) return List.of();
                return set.messages().stream().map(m -> new GossipRouter.Outgoing(topic, m)).toList();
            }

            @Override
            public boolean onDelivery(Delivery delivery) {
                return completion.add(delivery.data());
            }

            @Override
            public boolean completed() {
                return completion.completed();
            }

            @Override
            public WireForm wireForm() {
                return wire;
            }

            @Override
            public Map<String, Object> extras() {
                return Map.of();
            }
        };
    }
}
