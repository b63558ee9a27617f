package io.gsnode.segmentation.arm;

import io.gsnode.gossipsub.Delivery;
import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.GossipRouter;
import io.gsnode.gossipsub.TopicOptions;
import io.gsnode.segmentation.codec.PayloadGenerator;
import io.gsnode.segmentation.codec.SegmentCodec;
import io.gsnode.segmentation.codec.SegmentGroup;
import io.gsnode.segmentation.codec.WireForm;
import io.gsnode.segmentation.ids.Topics;
import io.gsnode.segmentation.partial.PartialBroadcaster;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * A variant B arm on one node (docs/arms.md §8): the envelope topic joined with "request partial
 * messages", and one {@link PartialBroadcaster} installed as the router's extension. Nothing
 * travels as an ordinary gossip message: the publisher hands its segment group to the
 * broadcaster, and a receiver completes when its broadcaster has verified and rebuilt the group.
 * The committed group id is the cell's, which every node computes from the measured payload.
 */
final class PartialArmNode implements ArmNode {

    private final ArmKnobs knobs;
    private final ArmContext context;
    private final SegmentGroup group;
    private final PartialBroadcaster broadcaster;
    private volatile LongConsumer onCompleted = at -> {};

    PartialArmNode(ArmKnobs knobs, ArmContext context) {
        this.knobs = knobs;
        this.context = context;
        this.group = groupOf(knobs, context.payloadBytes());
        this.broadcaster = new PartialBroadcaster(knobs.partial(), Topics.envelope(), List.of(group.groupId()),
                CellKnobs.routerSeed(context.seed(), context.index()), (groupId, at, message) -> onCompleted.accept(at));
    }

    /** The cell's segment group: the measured payload (seed 11) cut at the arm's unit, RS-coded with parity. */
    static SegmentGroup groupOf(ArmKnobs knobs, int payloadBytes) {
        byte[] payload = PayloadGenerator.mainnetLike(payloadBytes, PayloadGenerator.MEASURED_SEED);
        int unit = knobs.encoding().segmentSizeFor(payload.length);
        int parity = knobs.encoding().parity();
        return parity > 0 ? SegmentCodec.coded(payload, unit, parity) : SegmentCodec.plain(payload, unit);
    }

    @Override
    public GossipConfig config(GossipConfig base) {
        return knobs.applyTo(base);
    }

    @Override
    public void install(GossipRouter.Builder router) {
        router.extension(broadcaster.extension());
    }

    @Override
    public List<String> topics() {
        return List.of(broadcaster.topic());
    }

    /** Nothing goes through the ordinary publish (docs/arms.md §8.1). */
    @Override
    public List<GossipRouter.Outgoing> publications() {
        return List.of();
    }

    @Override
    public void join(GossipRouter router, LongConsumer completed) {
        onCompleted = completed;
        // Full messages never come (nobody publishes any); a stray one is not ours to count.
        router.subscribe(broadcaster.topic(), TopicOptions.REQUEST_PARTIAL, d -> {}).join();
    }

    @Override
    public int publish(GossipRouter router) {
        if (!context.publisher()) return 0;
        broadcaster.publish(group);
        return group.messages().size();
    }

    @Override
    public boolean onDelivery(Delivery delivery) {
        return false;
    }

    @Override
    public long distinct(long routerDeliveries) {
        return broadcaster.counters().get("received");
    }

    @Override
    public boolean completed() {
        return broadcaster.completed();
    }

    @Override
    public WireForm wireForm() {
        return WireForm.ofPartialMessages(group);
    }

    @Override
    public ArmKnobs knobs() {
        return knobs;
    }

    /**
     * {@code distinct} (verified segments received), the §8.8 counters (pushed, served, requested,
     * received, reissued, withheld) and what the broadcaster and the extension refused.
     */
    @Override
    public Map<String, Object> extras() {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Long> c = broadcaster.counters();
        m.put("distinct", c.get("received").intValue());
        m.putAll(c);
        m.put("partial_peers", broadcaster.extension().negotiatedPeers());
        return m;
    }
}
