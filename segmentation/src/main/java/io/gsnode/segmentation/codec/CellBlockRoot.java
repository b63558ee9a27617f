package io.gsnode.segmentation.codec;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The beacon block root a cell's segments claim in their structured ids (docs/arms.md §3.7):
 * SHA-256 of 40 bytes, the ASCII string {@code SEGMENT_CELL_BLOCK_ROOT_V1} zero-padded to 32 bytes
 * followed by the slot as u64 little-endian. Derived from the slot, so every node computes the same
 * root without a real block.
 */
public final class CellBlockRoot {
    /** The synthetic slot every arm segments at (docs/arms.md §2). */
    public static final long SYNTHETIC_SLOT = 2048;
    /** The warm-up payload's slot in the reference harness, so its ids differ from the measured ones. */
    public static final long WARMUP_SLOT = 2049;
    private static final byte[] TAG = "SEGMENT_CELL_BLOCK_ROOT_V1".getBytes(StandardCharsets.US_ASCII);

    private CellBlockRoot() {
    }

    /** The 32-byte block root for {@code slot} (u64 bits). */
    public static byte[] of(long slot) {
        ByteBuffer preimage = ByteBuffer.allocate(40).order(ByteOrder.LITTLE_ENDIAN);
        preimage.put(TAG).position(32);
        preimage.putLong(slot);
        return Sha256.hash(preimage.array());
    }
}
