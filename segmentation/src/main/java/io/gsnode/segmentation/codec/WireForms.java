package io.gsnode.segmentation.codec;

import io.gsnode.formats.wire.WireForm;
import java.util.function.ToIntFunction;

/** The {@link WireForm} of an arm's messages: what the codec produced, counted the way records carry it. */
public final class WireForms {
    private WireForms() {}

    /**
     * The wire form of an A or C arm; {@code idWidth} is the installed id function applied to a
     * message on the arm's topic (e.g. {@code data -> idFn.messageId(topic, data).length}).
     */
    public static WireForm of(GossipMessageSet set, ToIntFunction<byte[]> idWidth) {
        return new WireForm(set.size(), set.need(), set.unit(), set.totalBytes(),
                idWidth.applyAsInt(set.messages().get(0)));
    }

    /** Variant B's wire form: segments travel as partial messages, so no ids, and raw SegmentMessage bytes. */
    public static WireForm ofPartialMessages(SegmentGroup group) {
        return new WireForm(group.messages().size(), group.required(), group.descriptor().segmentSize(),
                group.encodedBytes(), 0);
    }
}
