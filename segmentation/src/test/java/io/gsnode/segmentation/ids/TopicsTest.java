package io.gsnode.segmentation.ids;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gsnode.segmentation.codec.ReferenceVectors;
import org.junit.jupiter.api.Test;

class TopicsTest {
    @Test
    void topicStringsFollowTheEth2Layout() {
        assertEquals(ReferenceVectors.TOPIC, Topics.segment());
        assertEquals("/eth2/cc2c5cdb/execution_payload_segment/ssz_snappy/17", Topics.segmentIndex(Topics.segment(), 17));
        assertEquals("/eth2/b5303f2a/execution_payload/ssz_snappy", Topics.envelope());
        assertEquals("/eth2/b5303f2a/execution_payload/ssz_snappy/g1", Topics.envelopeGroup(Topics.envelope(), 1));
        assertEquals("/eth2/01020304/execution_payload_segment/ssz_snappy", Topics.segment(new ForkDigest(0x01020304)));
        assertThrows(IllegalArgumentException.class, () -> Topics.segmentIndex(Topics.segment(), -1));
    }
}
