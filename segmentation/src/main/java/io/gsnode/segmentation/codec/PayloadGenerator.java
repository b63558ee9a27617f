package io.gsnode.segmentation.codec;

import io.gsnode.formats.random.GoPcg;

/**
 * The reference harness's synthetic payloads (docs/arms.md §3.1), byte-identical to Go's
 * {@code gossipsim.MainnetLikePayload} and {@code HighEntropyPayload} for the same length and seed.
 *
 * <p>The mainnet-like payload is built in 32-byte words, as ABI encoding pads every value to a
 * word: a fraction of the words ({@link #MAINNET_PADDED_FRACTION}) hold a small value (their last
 * three bytes) in an otherwise zero word, the rest are random. That fraction was calibrated so
 * snappy compresses the payload 1.40 : 1 like a real mainnet execution payload, which is what makes
 * compressed sizes (≈ 746 KB for the 1 MiB whole message, docs/arms.md §16) comparable to the report's.
 */
public final class PayloadGenerator {
    /** Seed of the measured payload in every cell (docs/arms.md §3.1). */
    public static final long MEASURED_SEED = 11;
    /** Seed of the warm-up payload (docs/arms.md §3.1). */
    public static final long WARMUP_SEED = 12;
    /** go: gossipsim.MainnetPaddedFraction, calibrated to mainnet's 1.40 : 1 snappy ratio. */
    public static final double MAINNET_PADDED_FRACTION = 0.41;

    private static final int WORD_BYTES = 32;
    // A padded word carries a value of at most this many (trailing) bytes.
    private static final int PADDED_VALUE_BYTES = 3;
    // go: the second PCG seed of each generator is the first XOR a per-generator constant.
    private static final long MIXED_SEED_XOR = 0x2545f4914f6cdd1dL;
    private static final long HIGH_ENTROPY_SEED_XOR = 0xda3e39cb94b95bdbL;

    private PayloadGenerator() {
    }

    /** The "mainnet-like" payload of every cell: {@code mixedEntropy(length, 0.41, seed)}. */
    public static byte[] mainnetLike(int length, long seed) {
        return mixedEntropy(length, MAINNET_PADDED_FRACTION, seed);
    }

    /**
     * Go's {@code MixedEntropyPayload}: per 32-byte word (the last one possibly short), one
     * {@code Float64} draw; below {@code paddedFraction} the word stays zero except its last
     * {@code min(3, word length)} bytes, filled from the end backwards, otherwise every byte is
     * random. Each random byte is the low byte of one {@code Uint32} draw.
     */
    public static byte[] mixedEntropy(int length, double paddedFraction, long seed) {
        if (length < 0) {
            throw new IllegalArgumentException("payload length " + length + " must be >= 0");
        }
        GoPcg rng = new GoPcg(seed, seed ^ MIXED_SEED_XOR);
        byte[] out = new byte[length];
        for (int off = 0; off < length; off += WORD_BYTES) {
            int end = Math.min(off + WORD_BYTES, length);
            if (rng.nextFloat64() < paddedFraction) {
                int first = end - Math.min(PADDED_VALUE_BYTES, end - off);
                for (int i = end - 1; i >= first; i--) {
                    out[i] = (byte) rng.nextUint32();
                }
            } else {
                for (int i = off; i < end; i++) {
                    out[i] = (byte) rng.nextUint32();
                }
            }
        }
        return out;
    }

    /**
     * Go's {@code HighEntropyPayload}, the incompressible background-load payload: little-endian
     * 64-bit draws, and for a length that is not a multiple of 8 the tail bytes are the low bytes
     * of {@code Uint32} draws.
     */
    public static byte[] highEntropy(int length, long seed) {
        if (length < 0) {
            throw new IllegalArgumentException("payload length " + length + " must be >= 0");
        }
        GoPcg rng = new GoPcg(seed, seed ^ HIGH_ENTROPY_SEED_XOR);
        byte[] out = new byte[length];
        int whole = length - length % Long.BYTES;
        for (int i = 0; i < whole; i += Long.BYTES) {
            long v = rng.nextUint64();
            for (int b = 0; b < Long.BYTES; b++) {
                out[i + b] = (byte) (v >>> (8 * b));
            }
        }
        for (int i = whole; i < length; i++) {
            out[i] = (byte) rng.nextUint32();
        }
        return out;
    }
}
