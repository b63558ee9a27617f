package io.gsnode.segmentation.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A snappy block encoder that makes the same match choices as Go's {@code github.com/golang/snappy}
 * {@code Encode} (the encoder Prysm's gossip encoder calls), so the compressed bytes are
 * byte-identical to the reference node's.
 *
 * <p>Why not a library encoder: snappy lets each encoder pick its own matches, and aircompressor's
 * (a port of the C++ encoder) compresses the mainnet-like 1 MiB payload to 733 122 bytes where Go's
 * gives 746 262 (docs/arms.md §16: ≈ 746 KB). Wire bytes are what the experiment measures, and
 * compress-first segments the compressed bytes (so its unit and group id depend on them too), so
 * the encoder has to be Go's. The algorithm is golang/snappy's (BSD-3-Clause) {@code encodeBlock}:
 * 64 KiB blocks, each hashed afresh into a table of up to 2^14 entries, a skip that grows by one
 * byte every 32 misses, and after each copy the table updated at the last two positions.
 * Decoding is left to aircompressor ({@link SnappyBlock}).
 *
 * <p>Not thread-safe: holds its hash table. {@link SnappyBlock} keeps one per thread.
 */
final class GoSnappyEncoder {
    // go: snappy.go maxBlockSize; each block is encoded independently.
    private static final int MAX_BLOCK_SIZE = 65536;
    // go: encode.go inputMargin = 16 - 1, and minNonLiteralBlockSize = 1 + 1 + inputMargin.
    private static final int INPUT_MARGIN = 16 - 1;
    private static final int MIN_NON_LITERAL_BLOCK_SIZE = 1 + 1 + INPUT_MARGIN;
    // go: encodeBlock maxTableSize; the table index is always masked with maxTableSize - 1.
    private static final int MAX_TABLE_SIZE = 1 << 14;
    private static final int TABLE_MASK = MAX_TABLE_SIZE - 1;
    private static final int HASH_MULTIPLIER = 0x1e35a7bd;

    private static final int TAG_LITERAL = 0x00;
    private static final int TAG_COPY1 = 0x01;
    private static final int TAG_COPY2 = 0x02;

    private static final VarHandle LE_INT =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LE_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    // Positions are relative to the block start and blocks are at most 64 KiB, so they fit 16 bits.
    private final short[] table = new short[MAX_TABLE_SIZE];

    /** go: {@code snappy.MaxEncodedLen}, the bound the output buffer must meet. */
    static int maxEncodedLength(int sourceLength) {
        long n = 32L + sourceLength + sourceLength / 6;
        if (n > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("snappy: input of " + sourceLength + " bytes is too large");
        }
        return (int) n;
    }

    /**
     * Encodes {@code src[srcOff, srcOff+srcLen)} into {@code dst} from {@code dstOff}, which must
     * have {@link #maxEncodedLength(int)} bytes free; returns the number of bytes written.
     */
    int encode(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff) {
        if (dst.length - dstOff < maxEncodedLength(srcLen)) {
            throw new IllegalArgumentException("snappy: output buffer of " + (dst.length - dstOff)
                    + " bytes is below the bound " + maxEncodedLength(srcLen));
        }
        int d = dstOff;
        // The block starts with the uvarint-encoded decoded length.
        long v = srcLen & 0xffffffffL;
        while (v >= 0x80) {
            dst[d++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        dst[d++] = (byte) v;

        int end = srcOff + srcLen;
        for (int p = srcOff; p < end; p += MAX_BLOCK_SIZE) {
            int blockLen = Math.min(MAX_BLOCK_SIZE, end - p);
            if (blockLen < MIN_NON_LITERAL_BLOCK_SIZE) {
                d = emitLiteral(dst, d, src, p, blockLen);
            } else {
                d = encodeBlock(src, p, blockLen, dst, d);
            }
        }
        return d - dstOff;
    }

    /** go: {@code encodeBlock}. Positions {@code s}, {@code candidate}, … are block-relative. */
    private int encodeBlock(byte[] src, int base, int len, byte[] dst, int d) {
        int shift = 32 - 8;
        for (int tableSize = 1 << 8; tableSize < MAX_TABLE_SIZE && tableSize < len; tableSize *= 2) {
            shift--;
        }
        Arrays.fill(table, (short) 0);

        // Leave INPUT_MARGIN bytes at the end so the 4- and 8-byte loads below stay in bounds.
        int sLimit = len - INPUT_MARGIN;
        int nextEmit = 0;
        int s = 1;
        int nextHash = hash(load32(src, base + s), shift);

        outer:
        while (true) {
            // Look for a 4-byte match, skipping further ahead the longer nothing matches.
            int skip = 32;
            int nextS = s;
            int candidate;
            while (true) {
                s = nextS;
                int bytesBetweenHashLookups = skip >>> 5;
                nextS = s + bytesBetweenHashLookups;
                skip += bytesBetweenHashLookups;
                if (nextS > sLimit) {
                    break outer;
                }
                candidate = table[nextHash & TABLE_MASK] & 0xffff;
                table[nextHash & TABLE_MASK] = (short) s;
                nextHash = hash(load32(src, base + nextS), shift);
                if (load32(src, base + s) == load32(src, base + candidate)) {
                    break;
                }
            }

            d = emitLiteral(dst, d, src, base + nextEmit, s - nextEmit);

            // Emit copies for as long as the bytes right after one copy start another match.
            while (true) {
                int matchStart = s;
                s += 4;
                for (int i = candidate + 4; s < len && src[base + i] == src[base + s]; i++, s++) {
                    // extend the match
                }
                d = emitCopy(dst, d, matchStart - candidate, s - matchStart);
                nextEmit = s;
                if (s >= sLimit) {
                    break outer;
                }
                // Update the table at s-1 and s before deciding, as Go does (one 8-byte load).
                long x = load64(src, base + s - 1);
                int prevHash = hash((int) x, shift);
                table[prevHash & TABLE_MASK] = (short) (s - 1);
                int currHash = hash((int) (x >>> 8), shift);
                candidate = table[currHash & TABLE_MASK] & 0xffff;
                table[currHash & TABLE_MASK] = (short) s;
                if ((int) (x >>> 8) != load32(src, base + candidate)) {
                    nextHash = hash((int) (x >>> 16), shift);
                    s++;
                    break;
                }
            }
        }

        if (nextEmit < len) {
            d = emitLiteral(dst, d, src, base + nextEmit, len - nextEmit);
        }
        return d;
    }

    /** go: {@code emitLiteral}; a block literal is at most 64 KiB, so at most two length bytes. */
    private static int emitLiteral(byte[] dst, int d, byte[] src, int off, int len) {
        int n = len - 1;
        if (n < 60) {
            dst[d++] = (byte) (n << 2 | TAG_LITERAL);
        } else if (n < 1 << 8) {
            dst[d++] = (byte) (60 << 2 | TAG_LITERAL);
            dst[d++] = (byte) n;
        } else {
            dst[d++] = (byte) (61 << 2 | TAG_LITERAL);
            dst[d++] = (byte) n;
            dst[d++] = (byte) (n >>> 8);
        }
        System.arraycopy(src, off, dst, d, len);
        return d + len;
    }

    /** go: {@code emitCopy}: 64-byte copy2 chunks, then a copy1 where length and offset allow. */
    private static int emitCopy(byte[] dst, int d, int offset, int length) {
        while (length >= 68) {
            d = copy2(dst, d, offset, 64);
            length -= 64;
        }
        if (length > 64) {
            d = copy2(dst, d, offset, 60);
            length -= 60;
        }
        if (length >= 12 || offset >= 2048) {
            return copy2(dst, d, offset, length);
        }
        dst[d++] = (byte) ((offset >>> 8) << 5 | (length - 4) << 2 | TAG_COPY1);
        dst[d++] = (byte) offset;
        return d;
    }

    private static int copy2(byte[] dst, int d, int offset, int length) {
        dst[d++] = (byte) ((length - 1) << 2 | TAG_COPY2);
        dst[d++] = (byte) offset;
        dst[d++] = (byte) (offset >>> 8);
        return d;
    }

    private static int hash(int u, int shift) {
        return (u * HASH_MULTIPLIER) >>> shift;
    }

    private static int load32(byte[] b, int i) {
        return (int) LE_INT.get(b, i);
    }

    private static long load64(byte[] b, int i) {
        return (long) LE_LONG.get(b, i);
    }
}
