package io.gsnode.segmentation.codec;

/**
 * A segment, descriptor or coded group that fails the research-tree codec's checks
 * (docs/arms.md §3.4–3.5). {@link #reason()} says which check, so a caller can count rejections by
 * kind rather than parse messages.
 */
public final class SegmentException extends Exception {
    private static final long serialVersionUID = 1L;

    /** Which rule was broken; the names follow the reference codec's error values. */
    public enum Reason {
        /** The buffer ends before a field is complete. */
        SHORT_BUFFER,
        /** Bytes are left after a complete segment message (decoding is strict). */
        TRAILING_BYTES,
        /** The descriptor names a hash other than SHA-256 (id 0). */
        UNKNOWN_HASH_ID,
        /** More proof digests than the deepest valid tree has (14). */
        PROOF_COUNT,
        /** A segment size, or a segment's data length, outside (0, 1 MiB]. */
        SEGMENT_SIZE,
        /** A segment count outside (0, 16384]. */
        TOO_MANY_SEGMENTS,
        /** A total length outside (0, 256 MiB]. */
        TOTAL_LENGTH,
        /** The descriptor is inconsistent: version, count against length, coded shape. */
        DESCRIPTOR_MISMATCH,
        /** A segment index beyond the descriptor's count. */
        INDEX_OUT_OF_RANGE,
        /** A segment's length differs from what the descriptor implies for its index. */
        SEGMENT_LENGTH,
        /** A proof whose digest count differs from the tree depth. */
        PROOF_LENGTH,
        /** A proof (or a rebuilt tree) that does not reproduce the descriptor's root. */
        ROOT_MISMATCH,
        /** Reassembly is missing segments. */
        INCOMPLETE_SEGMENTS,
        /** Fewer than the required number of segments of a coded group. */
        NOT_ENOUGH_SEGMENTS,
        /** The recovered codeword does not hash to the committed root: the committed segments were not a codeword. */
        CODEWORD_MISMATCH
    }

    private final Reason reason;

    public SegmentException(Reason reason, String message) {
        super(reason + ": " + message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
