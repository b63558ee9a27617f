package io.gsnode.segmentation.codec;

import static io.gsnode.segmentation.codec.ReferenceVectors.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CellBlockRootTest {
    @Test
    void isSha256OfThePaddedTagThenTheSlot() {
        assertEquals(ReferenceVectors.CELL_BLOCK_ROOT_2048, hex(CellBlockRoot.of(CellBlockRoot.SYNTHETIC_SLOT)));
        ByteBuffer preimage = ByteBuffer.allocate(40).order(ByteOrder.LITTLE_ENDIAN);
        preimage.put("SEGMENT_CELL_BLOCK_ROOT_V1".getBytes(StandardCharsets.US_ASCII));
        preimage.putLong(32, 2049);
        assertArrayEquals(Sha256.hash(preimage.array()), CellBlockRoot.of(CellBlockRoot.WARMUP_SLOT));
    }
}
