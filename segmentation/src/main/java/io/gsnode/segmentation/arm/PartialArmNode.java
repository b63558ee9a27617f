package io.gsnode.segmentation.arm;

import io.gsnode.formats.wire.WireForm;
import io.gsnode.gossipsub.Delivery;
import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.GossipRouter;
import io.gsnode.gossipsub.TopicOptions;
import io.gsnode.segmentation.codec.PayloadGenerator;
import io.gsnode.segmentation.codec.SegmentCodec;
import io.gsnode.segmentation.codec.SegmentGroup;
import io.gsnode.segmentation.codec.WireForms;
import io.gsnode.segmentation.ids.Topics;
import io.gsnode.segmentation.partial.PartialBroadcaster;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A variant B arm on one node (docs/arms.md §8): the envelope topic joined with "request partial
 * messages", and one {@link PartialBroadcaster} installed as the router's extension. Nothing
 * travels as an ordinary gossip message: the publisher hands its segment group to the
 * broadcaster, and a receiver completes when its broadcaster has verified and rebuilt the group.
 * The committed group id is the cell's, which every node computes from the measured payload; a
 * warm cell commits the warm-up payload's group too, and completion is told per group.
 */
final class PartialArmNode implements ArmNode {

    private final ArmKnobs knobs;
    private final ArmContext context;
    private final Map<Diffusion, SegmentGroup> groups = new EnumMap<>(Diffusion.class);
    private final PartialBroadcaster broadcaster;
    private volatile Completions onCompleted = (diffusion, at) -> {};
    private volatile boolean measuredCompleted;

    PartialArmNode(ArmKnobs knobs, ArmContext context) {
        this.knobs = knobs;
        this.context = context;
        List<byte[]> committed = new ArrayList<>();
        for (Diffusion d : context.diffusions()) {
            SegmentGroup g = groupOf(knobs, context.payloadBytes(), d);
            groups.put(d, g);
            committed.add(g.groupId());
        }
        this.broadcaster = new PartialBroadcaster(knobs.partial(), Topics.envelope(), committed,
                CellKnobs.routerSeed(context.seed(), context.index()), (groupId, at, message) -> {
                    Diffusion d = diffusionOf(groupId);
                    if (d == Diffusion.MEASURED) measuredCompleted = true;
                    if (d != null) onCompleted.completed(d, at);
                });
    }

    private Diffusion diffusionOf(byte[] groupId) {
        for (Map.Entry<Diffusion, SegmentGroup> e : groups.entrySet()) {
            if (Arrays.equals(e.getValue().groupId(), groupId)) return e.getKey();
        }
        return null;
    }

    /** The cell's segment group: the measured payload (seed 11) cut at the arm's unit, RS-coded with parity. */
    static SegmentGroup groupOf(ArmKnobs knobs, int payloadBytes) {
        return groupOf(knobs, payloadBytes, Diffusion.MEASURED);
    }

    private static SegmentGroup groupOf(ArmKnobs knobs, int payloadBytes, Diffusion diffusion) {
        byte[] payload = PayloadGenerator.mainnetLike(payloadBytes, diffusion.payloadSeed());
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
    public List<GossipRouter.Outgoing> publications(Diffusion diffusion) {
        return List.of();
    }

    @Override
    public void join(GossipRouter router, Completions completed) {
        onCompleted = completed;
        // Full messages never come (nobody publishes any); a stray one is not ours to count.
        router.subscribe(broadcaster.topic(), TopicOptions.REQUEST_PARTIAL, d -> {}).join();
    }

    @Override
    public int publish(GossipRouter router, Diffusion diffusion) {
        SegmentGroup group = groups.get(diffusion);
        if (group == null) throw new IllegalStateException("this node carries no " + diffusion.wireName() + " payload");
        if (!context.publisher()) return 0;
        broadcaster.publish(group);
        return group.messages().size();
    }

    @Override
    public Diffusion onDelivery(Delivery delivery) {
        return null;
    }

    @Override
    public long distinct(long routerDeliveries) {
        return broadcaster.counters().get("received");
    }

    @Override
    public boolean completed() {
        return measuredCompleted;
    }

    @Override
    public WireForm wireForm() {
        return WireForms.ofPartialMessages(groups.get(Diffusion.MEASURED));
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
