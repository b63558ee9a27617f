package io.gsnode.segmentation.arm;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.MessageIdFunction;
import io.gsnode.segmentation.ids.PrysmMessageId;

/** The router's id function for the report's cells: Prysm's 20-byte id over topic and data (arms.md §3.8). */
final class PrysmIds {

    static final MessageIdFunction FUNCTION =
            m -> MessageId.wrap(PrysmMessageId.INSTANCE.messageId(m.topic(), m.data()));

    private PrysmIds() {}
}
