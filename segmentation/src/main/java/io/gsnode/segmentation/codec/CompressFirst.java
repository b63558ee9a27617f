package io.gsnode.segmentation.codec;

/**
 * Compress-first (docs/arms.md §3.6, {@code SEGMENT_COMPRESS_FIRST=1}): snappy-compress the raw
 * payload (block format, Go's {@code snappy.Encode}) and segment the compressed bytes into a fixed
 * number of pieces, optionally coded. Parity is then computed over compressed bytes, so no segment
 * compresses further on the wire (the gossip encoder still runs and gains about nothing).
 *
 * <p>The descriptor does not record that the payload was compressed (the research tree has no
 * encoding field); the whole-message arm always carries the raw payload.
 */
public final class CompressFirst {
    private CompressFirst() {
    }

    /** The bytes a compress-first arm segments: the snappy block encoding of the raw payload. */
    public static byte[] compress(byte[] payload) {
        return SnappyBlock.compress(payload);
    }

    /**
     * The segment size for {@code SEGMENT_FIXED_COUNT=count}: {@code ceil(length / count)}. As in
     * the reference, the resulting segment count is {@code ceil(length / size)}, which can fall
     * below {@code count} when the length is small relative to it (e.g. 9 bytes in 4 pieces: size
     * 3, three segments).
     */
    public static int segmentSizeForCount(long length, int count) {
        if (length <= 0 || count <= 0) {
            throw new IllegalArgumentException("length " + length + " and fixed count " + count + " must be > 0");
        }
        return (int) ((length + count - 1) / count);
    }
}
