package io.gsnode.libp2p.multiformats;

import io.netty.buffer.ByteBuf;

/**
 * The multiformats unsigned varint: 7 bits per byte, least significant group first, high bit set
 * on every byte but the last.
 *
 * <p>unsigned-varint spec: "the maximum length of a varint is 9 bytes" (63 bits, so every value
 * fits a non-negative {@code long}) and "must be minimally encoded". Readers enforce both; writers
 * refuse negative values, which would need a tenth byte.
 *
 * <p>Two readers: {@link #read(ByteBuf)} for framing, where the rest of the varint may still be
 * on the network, and {@link #read(byte[], int[])} for a complete byte array, where running out
 * of bytes is an error.
 */
public final class UVarint {

    /** unsigned-varint spec: at most 9 bytes, i.e. 63 bits. */
    public static final int MAX_BYTES = 9;

    private UVarint() {}

    /** The number of bytes {@code v} takes, 1 to 9. */
    public static int size(long v) {
        checkNonNegative(v);
        int n = 1;
        while ((v >>>= 7) != 0) {
            n++;
        }
        return n;
    }

    /** Appends {@code v} to {@code out}. */
    public static void write(ByteBuf out, long v) {
        checkNonNegative(v);
        while ((v & ~0x7FL) != 0) {
            out.writeByte((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.writeByte((int) v);
    }

    /** {@code v} as a new byte array. */
    public static byte[] encode(long v) {
        byte[] out = new byte[size(v)];
        int i = 0;
        while ((v & ~0x7FL) != 0) {
            out[i++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out[i] = (byte) v;
        return out;
    }

    /**
     * Reads one varint from {@code in}, advancing its reader index past it.
     *
     * @return the value, or -1 when {@code in} ends before the varint does; the reader index is
     *     then unchanged, so the caller can retry once more bytes arrive
     * @throws IllegalArgumentException when the varint is longer than 9 bytes or not minimal
     */
    public static long read(ByteBuf in) {
        int start = in.readerIndex();
        int end = in.writerIndex();
        long value = 0;
        for (int i = 0; i < MAX_BYTES; i++) {
            if (start + i >= end) {
                return -1;
            }
            int b = in.getUnsignedByte(start + i);
            value |= (long) (b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) {
                checkMinimal(b, i);
                in.readerIndex(start + i + 1);
                return value;
            }
        }
        throw tooLong();
    }

    /**
     * Reads one varint from a complete array, starting at {@code offsetInOut[0]} and leaving
     * {@code offsetInOut[0]} just past it (a one-element array stands in for an in/out parameter).
     *
     * @throws IllegalArgumentException when the array ends inside the varint, or the varint is
     *     longer than 9 bytes or not minimal
     */
    public static long read(byte[] in, int[] offsetInOut) {
        int start = offsetInOut[0];
        if (start < 0 || start > in.length) {
            throw new IndexOutOfBoundsException(
                    "offset " + start + " outside a " + in.length + "-byte array");
        }
        long value = 0;
        for (int i = 0; i < MAX_BYTES; i++) {
            if (start + i >= in.length) {
                throw new IllegalArgumentException(
                        "truncated uvarint at offset " + start + ": input ends after " + i
                                + " bytes");
            }
            int b = in[start + i] & 0xFF;
            value |= (long) (b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) {
                checkMinimal(b, i);
                offsetInOut[0] = start + i + 1;
                return value;
            }
        }
        throw tooLong();
    }

    /** A last byte of 0 after other bytes adds nothing: the value had a shorter encoding. */
    private static void checkMinimal(int lastByte, int index) {
        if (lastByte == 0 && index > 0) {
            throw new IllegalArgumentException(
                    "uvarint is not minimally encoded: " + (index + 1)
                            + " bytes ending in 0x00");
        }
    }

    private static IllegalArgumentException tooLong() {
        return new IllegalArgumentException(
                "uvarint is longer than the maximum of " + MAX_BYTES + " bytes");
    }

    private static void checkNonNegative(long v) {
        if (v < 0) {
            throw new IllegalArgumentException(
                    "uvarint value " + v + " is negative; the maximum is 2^63-1 (9 bytes)");
        }
    }
}
