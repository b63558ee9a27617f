package io.gsnode.segmentation.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.formats.wire.WireForm;
import org.junit.jupiter.api.Test;

class WireFormsTest {
    @Test
    void partialMessageFormCountsRawSegmentMessagesAndHasNoIds() {
        SegmentGroup coded = SegmentCodec.coded(ReferenceVectors.payload1MiB(), 32768, 32);
        WireForm w = WireForms.ofPartialMessages(coded);
        // Depth 6 for 64 leaves: every message is 50 + 4 + 1 + 6 * 32 + 4 + 32768 = 33019 bytes.
        assertEquals(new WireForm(64, 32, 32768, 64 * 33019L, 0), w);
    }
}
