package io.gsnode.segmentation.codec;

/**
 * How an A- or C-family arm cuts its payload into gossip messages (docs/arms.md §3.4–3.7, §7).
 * Field names follow the {@code SEGMENT_*} environment knobs.
 *
 * @param segmentSizeBytes {@code SEGMENT_SIZE_BYTES}: the segment size in bytes, in (0, 1 MiB];
 *                         0 when unset. Ignored when {@code fixedCount} is set.
 * @param fixedCount       {@code SEGMENT_FIXED_COUNT}: cut into this many pieces, segment size
 *                         {@code ceil(len / fixedCount)} of the bytes being segmented (the compressed
 *                         bytes under compress-first), in (0, 16384]; 0 when unset. Takes precedence
 *                         over {@code segmentSizeBytes}, as in the reference.
 * @param parity           {@code SEGMENT_PARITY}: Reed–Solomon parity segments, ≥ 0; 0 is a plain
 *                         group. k + parity must not exceed 256 (checked when encoding, as k
 *                         depends on the payload).
 * @param compressFirst    {@code SEGMENT_COMPRESS_FIRST}: snappy the payload before segmenting.
 * @param structuredIds    {@code SEGMENT_STRUCTURED_IDS}: prepend the 81-byte {@link SegmentIdPrefix}
 *                         to each segment's SSZ field.
 * @param slot             the slot the structured prefixes claim (u64 bits); the cell's synthetic
 *                         slot, {@link CellBlockRoot#SYNTHETIC_SLOT}, by default.
 */
public record SegmentEncodingParams(int segmentSizeBytes, int fixedCount, int parity, boolean compressFirst,
                                    boolean structuredIds, long slot) {
    public SegmentEncodingParams {
        if (segmentSizeBytes < 0 || segmentSizeBytes > SegmentDescriptor.MAX_SEGMENT_SIZE) {
            throw new IllegalArgumentException("segmentSizeBytes=" + segmentSizeBytes + " must be in [0, "
                    + SegmentDescriptor.MAX_SEGMENT_SIZE + "] (0 = unset)");
        }
        if (fixedCount < 0 || fixedCount > SegmentDescriptor.MAX_SEGMENTS) {
            throw new IllegalArgumentException("fixedCount=" + fixedCount + " must be in [0, "
                    + SegmentDescriptor.MAX_SEGMENTS + "] (0 = unset)");
        }
        if (segmentSizeBytes == 0 && fixedCount == 0) {
            // docs/arms.md §2 SEGMENT_STRICT: a segmented arm with neither knob is fatal, not defaulted.
            throw new IllegalArgumentException("a segmented arm needs segmentSizeBytes or fixedCount; both are 0");
        }
        if (parity < 0 || parity >= ReedSolomon.MAX_SHARDS) {
            throw new IllegalArgumentException("parity=" + parity + " must be in [0, " + (ReedSolomon.MAX_SHARDS - 1) + "]");
        }
    }

    /** Plain segments of {@code segmentSizeBytes}, no structured ids, the synthetic slot. */
    public static SegmentEncodingParams ofSegmentSize(int segmentSizeBytes) {
        return new SegmentEncodingParams(segmentSizeBytes, 0, 0, false, false, CellBlockRoot.SYNTHETIC_SLOT);
    }

    /** Plain segments cut into {@code fixedCount} pieces, no structured ids, the synthetic slot. */
    public static SegmentEncodingParams ofFixedCount(int fixedCount) {
        return new SegmentEncodingParams(0, fixedCount, 0, false, false, CellBlockRoot.SYNTHETIC_SLOT);
    }

    public SegmentEncodingParams withParity(int parity) {
        return new SegmentEncodingParams(segmentSizeBytes, fixedCount, parity, compressFirst, structuredIds, slot);
    }

    public SegmentEncodingParams withCompressFirst(boolean compressFirst) {
        return new SegmentEncodingParams(segmentSizeBytes, fixedCount, parity, compressFirst, structuredIds, slot);
    }

    public SegmentEncodingParams withStructuredIds(boolean structuredIds) {
        return new SegmentEncodingParams(segmentSizeBytes, fixedCount, parity, compressFirst, structuredIds, slot);
    }

    public SegmentEncodingParams withSlot(long slot) {
        return new SegmentEncodingParams(segmentSizeBytes, fixedCount, parity, compressFirst, structuredIds, slot);
    }

    /** The segment size for {@code segmentedLength} bytes: from the fixed count if set, else the size. */
    public int segmentSizeFor(long segmentedLength) {
        return fixedCount > 0 ? CompressFirst.segmentSizeForCount(segmentedLength, fixedCount) : segmentSizeBytes;
    }
}
