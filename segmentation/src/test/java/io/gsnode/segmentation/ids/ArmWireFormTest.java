package io.gsnode.segmentation.ids;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.formats.wire.WireForm;
import io.gsnode.gossipsub.MessageIdFunction;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.segmentation.codec.GossipMessageSet;
import io.gsnode.segmentation.codec.PayloadEncoder;
import io.gsnode.segmentation.codec.ReferenceVectors;
import io.gsnode.segmentation.codec.SegmentCodec;
import io.gsnode.segmentation.codec.SegmentEncodingParams;
import io.gsnode.segmentation.codec.WireForms;
import org.junit.jupiter.api.Test;

/** The wire forms of docs/arms.md §7's table at P = 1 MiB (msgs / need / unit / id bytes). */
class ArmWireFormTest {
    private static final byte[] P = ReferenceVectors.payload1MiB();
    private static final String TOPIC = Topics.segment();
    private static final MessageIdFunction PRYSM = PrysmMessageId.INSTANCE;
    private static final MessageIdFunction STRUCTURED = new StructuredMessageId(TOPIC);
    private static final int K = P.length / 32768;

    private static WireForm form(GossipMessageSet set, MessageIdFunction ids, String topic) {
        return WireForms.of(set, data -> ids.apply(PubMessage.unsigned(topic, data)).length());
    }

    private static void assertForm(int msgs, int need, int unit, int idBytes, WireForm w) {
        assertEquals(msgs + "/" + need + "/" + unit + "/" + idBytes, w.msgs() + "/" + w.need() + "/" + w.unit() + "/" + w.idBytes(), w.toString());
    }

    @Test
    void wholeMessageAndKnownAnswerAre1_1_0_20() {
        WireForm w = form(PayloadEncoder.whole(P), PRYSM, TOPIC);
        assertForm(1, 1, 0, 20, w);
        assertEquals(ReferenceVectors.WHOLE_LENGTH, w.total());
    }

    @Test
    void aTunedArmsArePlainSegmentsWithTwentyByteIds() {
        assertForm(32, 32, 32768, 20, form(PayloadEncoder.segmented(P, SegmentEncodingParams.ofSegmentSize(32768)), PRYSM, TOPIC));
        assertForm(64, 64, 16384, 20, form(PayloadEncoder.segmented(P, SegmentEncodingParams.ofSegmentSize(16384)), PRYSM, TOPIC));
    }

    @Test
    void codedAIs64_32_32768_101() {
        WireForm w = form(PayloadEncoder.segmented(P,
                SegmentEncodingParams.ofSegmentSize(32768).withParity(K).withStructuredIds(true)), STRUCTURED, TOPIC);
        assertForm(64, 32, 32768, 101, w);
        assertEquals(ReferenceVectors.CODED32_STRUCTURED_TOTAL, w.total());
    }

    @Test
    void structuredPlainArmsAre101ByteIds() {
        // phase shift 32k, tier 1 (batch 16k), tier 2 (size-adaptive 16k).
        assertForm(32, 32, 32768, 101, form(PayloadEncoder.segmented(P,
                SegmentEncodingParams.ofSegmentSize(32768).withStructuredIds(true)), STRUCTURED, TOPIC));
        assertForm(64, 64, 16384, 101, form(PayloadEncoder.segmented(P,
                SegmentEncodingParams.ofSegmentSize(16384).withStructuredIds(true)), STRUCTURED, TOPIC));
    }

    @Test
    void compressFirstArmsCutTheCompressedPayloadIntoTheFixedCount() {
        int pieces16k = P.length / 16384;
        WireForm tier3 = form(PayloadEncoder.segmented(P, SegmentEncodingParams.ofFixedCount(pieces16k)
                .withParity(pieces16k).withCompressFirst(true).withStructuredIds(true)), STRUCTURED, TOPIC);
        assertForm(128, 64, ReferenceVectors.CF64_UNIT, 101, tier3);
        WireForm alone = form(PayloadEncoder.segmented(P, SegmentEncodingParams.ofFixedCount(K)
                .withParity(K).withCompressFirst(true).withStructuredIds(true)), STRUCTURED, TOPIC);
        assertForm(64, 32, ReferenceVectors.CF32_UNIT, 101, alone);
    }

    @Test
    void variantBReportsRawSegmentBytesAndNoIds() {
        assertForm(32, 32, 32768, 0, WireForms.ofPartialMessages(SegmentCodec.plain(P, 32768)));
        assertForm(64, 32, 32768, 0, WireForms.ofPartialMessages(SegmentCodec.coded(P, 32768, K)));
    }

    @Test
    void variantCUsesTwentyByteIdsOnItsIndexTopics() {
        String topic0 = Topics.segmentIndex(TOPIC, 0);
        assertForm(32, 32, 32768, 20, form(PayloadEncoder.segmented(P, SegmentEncodingParams.ofSegmentSize(32768)), PRYSM, topic0));
        assertForm(64, 32, 32768, 20, form(PayloadEncoder.segmented(P,
                SegmentEncodingParams.ofSegmentSize(32768).withParity(K)), PRYSM, topic0));
    }
}
