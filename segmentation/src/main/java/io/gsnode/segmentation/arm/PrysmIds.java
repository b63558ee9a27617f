package io.gsnode.segmentation.arm;

import io.gsnode.gossipsub.MessageIdFunction;
import io.gsnode.segmentation.ids.PrysmMessageId;
import io.gsnode.segmentation.ids.StructuredMessageId;
import io.gsnode.segmentation.ids.Topics;

/** The router's id functions for the report's cells (docs/arms.md §3.7, §3.8). */
final class PrysmIds {

    /** Prysm's 20-byte id over topic and data. */
    static final MessageIdFunction FUNCTION = PrysmMessageId.INSTANCE;

    /** {@code SEGMENT_STRUCTURED_IDS=1}: 101-byte ids on the segment topics (and variant C's, which extend it), Prysm's elsewhere. */
    static final MessageIdFunction STRUCTURED = new StructuredMessageId(Topics.segment());

    private PrysmIds() {}

    static MessageIdFunction of(boolean structured) {
        return structured ? STRUCTURED : FUNCTION;
    }
}
