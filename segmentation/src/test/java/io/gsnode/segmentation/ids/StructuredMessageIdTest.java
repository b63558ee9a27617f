package io.gsnode.segmentation.ids;

import static io.gsnode.segmentation.codec.ReferenceVectors.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.segmentation.codec.CellBlockRoot;
import io.gsnode.segmentation.codec.GossipEncoding;
import io.gsnode.segmentation.codec.GossipMessageSet;
import io.gsnode.segmentation.codec.PayloadEncoder;
import io.gsnode.segmentation.codec.ReferenceVectors;
import io.gsnode.segmentation.codec.SegmentEncodingParams;
import io.gsnode.segmentation.codec.SegmentIdPrefix;
import io.gsnode.segmentation.codec.SnappyBlock;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class StructuredMessageIdTest {
    private static final String TOPIC = ReferenceVectors.TOPIC;
    private static final StructuredMessageId IDS = new StructuredMessageId(TOPIC);

    private static GossipMessageSet structured() {
        return PayloadEncoder.segmented(ReferenceVectors.payload1MiB(),
                SegmentEncodingParams.ofSegmentSize(32768).withStructuredIds(true));
    }

    @Test
    void prefixedSegmentOnTheSegmentTopicGetsPrefixThenPrysmId() {
        GossipMessageSet set = structured();
        byte[] id = IDS.messageId(TOPIC, set.messages().get(0));
        assertEquals(101, id.length);
        byte[] prefix = SegmentIdPrefix.forCell(CellBlockRoot.SYNTHETIC_SLOT, set.group().groupId(), 0).encode();
        assertArrayEquals(prefix, Arrays.copyOf(id, 81));
        assertEquals(ReferenceVectors.PLAIN32K_STRUCTURED_WIRE0_PRYSM_ID, hex(Arrays.copyOfRange(id, 81, 101)));
        assertEquals(ReferenceVectors.PLAIN32K_STRUCTURED_WIRE0_PRYSM_ID,
                hex(PrysmMessageId.INSTANCE.messageId(TOPIC, set.messages().get(0))));
    }

    @Test
    void idParsesBackToSlotRootGroupAndIndex() {
        GossipMessageSet set = structured();
        for (int i = 0; i < set.size(); i++) {
            byte[] id = IDS.messageId(TOPIC, set.messages().get(i));
            SegmentIdPrefix p = StructuredMessageId.parse(id).orElseThrow();
            assertEquals(2048, p.slot());
            assertEquals(ReferenceVectors.CELL_BLOCK_ROOT_2048, hex(p.blockRoot()));
            assertArrayEquals(set.group().groupId(), p.groupId());
            assertEquals(i, p.index());
            assertArrayEquals(Arrays.copyOfRange(id, 81, 101), StructuredMessageId.contentId(id).orElseThrow());
        }
    }

    @Test
    void sameBytesOnAnotherTopicFallBackToTheTwentyByteId() {
        byte[] data = structured().messages().get(0);
        byte[] id = IDS.messageId(Topics.BACKGROUND, data);
        assertArrayEquals(PrysmMessageId.INSTANCE.messageId(Topics.BACKGROUND, data), id);
        assertEquals(20, id.length);
    }

    @Test
    void unprefixedWrongVersionShortAndUndecodableMessagesFallBack() {
        byte[] plain = PayloadEncoder.segmented(ReferenceVectors.payload1MiB(), SegmentEncodingParams.ofSegmentSize(32768))
                .messages().get(0);
        assertEquals(ReferenceVectors.PLAIN32K_WIRE0_PRYSM_ID, hex(IDS.messageId(TOPIC, plain)));

        byte[] prefix = SegmentIdPrefix.forCell(2048, new byte[32], 0).encode();
        byte[] wrongVersion = prefix.clone();
        wrongVersion[4] = 2;
        assertEquals(20, IDS.messageId(TOPIC, GossipEncoding.encode(wrongVersion)).length);
        assertEquals(20, IDS.messageId(TOPIC, GossipEncoding.encode(Arrays.copyOf(prefix, 80))).length);
        assertEquals(101, IDS.messageId(TOPIC, GossipEncoding.encode(prefix)).length);
        // The prefix behind another SSZ offset is not a single-field body.
        byte[] body = new byte[85];
        body[0] = 8;
        System.arraycopy(prefix, 0, body, 4, 81);
        assertEquals(20, IDS.messageId(TOPIC, SnappyBlock.compress(body)).length);
        byte[] junk = {(byte) 0xff, 1, 2};
        assertArrayEquals(PrysmMessageId.INSTANCE.messageId(TOPIC, junk), IDS.messageId(TOPIC, junk));
    }

    @Test
    void aTwentyByteIdMakesNoStructuralClaim() {
        assertTrue(StructuredMessageId.parse(new byte[20]).isEmpty());
        assertTrue(StructuredMessageId.parse(new byte[101]).isEmpty());
        assertTrue(StructuredMessageId.contentId(new byte[20]).isEmpty());
    }
}
