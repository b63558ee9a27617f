package io.gsnode.segmentation.codec;

import io.airlift.compress.MalformedInputException;
import io.airlift.compress.snappy.SnappyDecompressor;
import java.util.Arrays;

/**
 * Snappy <b>block</b> format (not the framed stream format), as Go's {@code golang/snappy}
 * {@code Encode}/{@code Decode} and Prysm's gossip encoder use it (docs/arms.md §3.2, §3.6).
 *
 * <p>Compression is {@link GoSnappyEncoder}, which makes Go's match choices so the compressed
 * bytes equal the reference node's; decompression is aircompressor's pure-Java decoder, which
 * reads any valid snappy block.
 *
 * <p>Thread-safe: the encoder keeps a hash table per instance, so each thread gets its own.
 */
public final class SnappyBlock {
    // The encoder reuses a 32 KiB hash table across calls; one per thread avoids re-allocating it.
    private static final ThreadLocal<GoSnappyEncoder> ENCODER = ThreadLocal.withInitial(GoSnappyEncoder::new);
    private static final SnappyDecompressor DECOMPRESSOR = new SnappyDecompressor();
    // go: snappy.maxDecodedLen = 0xffffffff; a uvarint of more than 5 bytes cannot be a length.
    private static final int MAX_LENGTH_PREFIX_BYTES = 5;

    private SnappyBlock() {
    }

    /** The largest output {@link #compress(byte[], int, int, byte[], int)} can produce. */
    public static int maxCompressedLength(int uncompressedLength) {
        return GoSnappyEncoder.maxEncodedLength(uncompressedLength);
    }

    /** Compresses {@code input} into a new array of exactly the compressed length. */
    public static byte[] compress(byte[] input) {
        return compress(input, 0, input.length);
    }

    /** Compresses {@code input[offset, offset+length)} into a new array of exactly the compressed length. */
    public static byte[] compress(byte[] input, int offset, int length) {
        byte[] out = new byte[maxCompressedLength(length)];
        int written = compress(input, offset, length, out, 0);
        return Arrays.copyOf(out, written);
    }

    /**
     * Compresses into a caller's buffer, which must have {@link #maxCompressedLength(int)} bytes
     * free from {@code outOffset}; returns the number of bytes written.
     */
    public static int compress(byte[] input, int offset, int length, byte[] out, int outOffset) {
        return ENCODER.get().encode(input, offset, length, out, outOffset);
    }

    /**
     * The decoded length a snappy block declares in its uvarint header, checked before anything is
     * allocated (go: {@code snappy.DecodedLen}).
     */
    public static long decodedLength(byte[] input, int offset, int length) throws GossipDecodeException {
        long value = 0;
        for (int i = 0; i < Math.min(length, MAX_LENGTH_PREFIX_BYTES); i++) {
            int b = input[offset + i] & 0xff;
            value |= (long) (b & 0x7f) << (7 * i);
            if (b < 0x80) {
                if (value > 0xffffffffL) {
                    throw new GossipDecodeException("snappy: decoded length " + value + " exceeds 2^32-1");
                }
                return value;
            }
        }
        throw new GossipDecodeException("snappy: corrupt decoded-length header");
    }

    /**
     * Decompresses a whole snappy block. Rejects, before allocating, a block that declares more
     * than {@code maxDecodedLength} bytes (Prysm's {@code encoder.DecodeSnappy}), and rejects a block
     * whose content does not decode to exactly the declared length.
     */
    public static byte[] decompress(byte[] input, int offset, int length, int maxDecodedLength)
            throws GossipDecodeException {
        long declared = decodedLength(input, offset, length);
        if (declared > maxDecodedLength) {
            throw new GossipDecodeException("snappy message exceeds max size: " + declared + " > " + maxDecodedLength);
        }
        byte[] out = new byte[(int) declared];
        int written;
        try {
            written = DECOMPRESSOR.decompress(input, offset, length, out, 0, out.length);
        } catch (MalformedInputException | IndexOutOfBoundsException | IllegalArgumentException e) {
            throw new GossipDecodeException("snappy: corrupt input: " + e.getMessage(), e);
        }
        if (written != declared) {
            throw new GossipDecodeException("snappy: decoded " + written + " bytes, header declares " + declared);
        }
        return out;
    }

    /** {@link #decompress(byte[], int, int, int)} over a whole array. */
    public static byte[] decompress(byte[] input, int maxDecodedLength) throws GossipDecodeException {
        return decompress(input, 0, input.length, maxDecodedLength);
    }
}
