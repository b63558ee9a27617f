package io.gsnode.segmentation.arm;

import io.gsnode.formats.wire.WireForm;
import io.gsnode.gossipsub.GossipRouter;
import io.gsnode.gossipsub.MessageIdFunction;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.segmentation.codec.GossipMessageSet;
import io.gsnode.segmentation.codec.PayloadEncoder;
import io.gsnode.segmentation.codec.PayloadGenerator;
import io.gsnode.segmentation.codec.WireForms;
import io.gsnode.segmentation.ids.Topics;
import java.util.ArrayList;
import java.util.List;

/**
 * Where an arm's messages go: the encoded messages of one payload (the measured one, seed 11, or
 * the warm-up's, seed 12, §3.1), the topics a node joins, the topic each message is published on,
 * and the id function every node installs. Variant A puts everything on the segment topic; variant C puts message j on the
 * segment topic followed by {@code /j} (§9).
 */
final class ArmLayout {

    final GossipMessageSet messages;
    final List<String> topics;
    final MessageIdFunction ids;
    private final boolean topicPerMessage;

    private ArmLayout(GossipMessageSet messages, List<String> topics, MessageIdFunction ids, boolean topicPerMessage) {
        this.messages = messages;
        this.topics = topics;
        this.ids = ids;
        this.topicPerMessage = topicPerMessage;
    }

    /** The last layout built: a node builds the same one for its wire form, its arm and its JIT warm-up. */
    private static volatile Memo last;

    private record Memo(ArmKnobs knobs, int payloadBytes, ArmLayout layout) {}

    /**
     * The measured payload's layout of {@code knobs} at {@code payloadBytes}. Generating and
     * encoding the payload is most of a node's start-up CPU at 1 MiB, so the last layout is kept:
     * every node of every arm derives the same messages from the fixed payload seed, and nothing
     * mutates them.
     */
    static ArmLayout of(ArmKnobs knobs, int payloadBytes) {
        Memo m = last;
        if (m != null && m.payloadBytes == payloadBytes && m.knobs.equals(knobs)) return m.layout;
        ArmLayout layout = build(knobs, payloadBytes, Diffusion.MEASURED);
        last = new Memo(knobs, payloadBytes, layout);
        return layout;
    }

    /** The layout of {@code diffusion}'s payload: the measured one (kept, see {@link #of}) or the warm-up's. */
    static ArmLayout of(ArmKnobs knobs, int payloadBytes, Diffusion diffusion) {
        return diffusion == Diffusion.MEASURED ? of(knobs, payloadBytes) : build(knobs, payloadBytes, diffusion);
    }

    private static ArmLayout build(ArmKnobs knobs, int payloadBytes, Diffusion diffusion) {
        byte[] payload = PayloadGenerator.mainnetLike(payloadBytes, diffusion.payloadSeed());
        GossipMessageSet set = knobs.encoding() == null
                ? PayloadEncoder.whole(payload)
                : PayloadEncoder.segmented(payload, knobs.encoding().withSlot(diffusion.slot()));
        MessageIdFunction ids = PrysmIds.of(knobs.structuredIds());
        if (knobs.variant() != Variant.C) {
            return new ArmLayout(set, List.of(Topics.segment()), ids, false);
        }
        List<String> topics = new ArrayList<>(set.size());
        for (int j = 0; j < set.size(); j++) topics.add(Topics.segmentIndex(Topics.segment(), j));
        return new ArmLayout(set, List.copyOf(topics), ids, true);
    }

    String topicOf(int messageIndex) {
        return topicPerMessage ? topics.get(messageIndex) : topics.get(0);
    }

    /** Every message on its topic, in publish order: systematic segments in index order, then parity (§5.4). */
    List<GossipRouter.Outgoing> publications() {
        List<GossipRouter.Outgoing> out = new ArrayList<>(messages.size());
        for (int i = 0; i < messages.size(); i++) out.add(new GossipRouter.Outgoing(topicOf(i), messages.messages().get(i)));
        return List.copyOf(out);
    }

    /** These messages on their topics, as a validator sees them (see {@link CellMessages}). */
    List<PubMessage> onTopics() {
        List<PubMessage> all = new ArrayList<>(messages.size());
        for (int i = 0; i < messages.size(); i++) all.add(PubMessage.unsigned(topicOf(i), messages.messages().get(i)));
        return all;
    }

    /** docs/arms.md §3.10; the id width is the installed function's on the first message, on its topic. */
    WireForm wireForm() {
        return WireForms.of(messages, data -> ids.apply(PubMessage.unsigned(topicOf(0), data)).length());
    }
}
