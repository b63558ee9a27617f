package io.gsnode.segmentation.codec;

import java.nio.ByteBuffer;

/**
 * "SSZ then snappy", the encoding of every gossip message in arms A and C (docs/arms.md §3.2):
 * the body is an SSZ container with exactly one variable-size byte-list field, i.e. the 4-byte
 * little-endian offset 4 followed by the field's bytes, and the whole body is compressed with the
 * snappy block format (Prysm's {@code SszNetworkEncoder.EncodeGossip}).
 *
 * <p>Encoders here write the SSZ body once, into one array, and compress it once; callers that
 * already hold a complete body (offset included) use {@link #compressBody(byte[])}.
 */
public final class GossipEncoding {
    /** SSZ offset of the single variable-size field: it points just past itself. */
    public static final int SSZ_FIELD_OFFSET = 4;
    /**
     * Largest decoded gossip body accepted, and largest encoded: Prysm's mainnet
     * {@code MaxPayloadSize}, 10 MiB (go: {@code params.BeaconConfig().MaxPayloadSize}).
     */
    public static final int MAX_PAYLOAD_SIZE = 10 * 1024 * 1024;

    private GossipEncoding() {
    }

    /** The SSZ body of a single-field container holding {@code field}: offset 4, then the bytes. */
    public static byte[] sszBody(byte[] field) {
        byte[] body = allocateBody(field.length);
        System.arraycopy(field, 0, body, SSZ_FIELD_OFFSET, field.length);
        return body;
    }

    /**
     * A body array of {@code SSZ_FIELD_OFFSET + fieldLength} bytes with the offset already written,
     * for callers that write the field in place (no intermediate copy of the field).
     */
    public static byte[] allocateBody(int fieldLength) {
        if (fieldLength < 0 || fieldLength > MAX_PAYLOAD_SIZE - SSZ_FIELD_OFFSET) {
            throw new IllegalArgumentException("gossip field of " + fieldLength + " bytes exceeds the "
                    + MAX_PAYLOAD_SIZE + "-byte max payload size");
        }
        byte[] body = new byte[SSZ_FIELD_OFFSET + fieldLength];
        body[0] = SSZ_FIELD_OFFSET; // little-endian u32 4
        return body;
    }

    /** Encodes {@code field} as a gossip message: SSZ single-field body, then snappy. */
    public static byte[] encode(byte[] field) {
        return compressBody(sszBody(field));
    }

    /** Snappy-compresses a complete SSZ body (as built by {@link #allocateBody(int)}). */
    public static byte[] compressBody(byte[] sszBody) {
        if (sszBody.length > MAX_PAYLOAD_SIZE) {
            // go: EncodeGossip refuses a body above MaxPayloadSize ("exceeds max gossip size").
            throw new IllegalArgumentException("gossip message of " + sszBody.length
                    + " bytes exceeds the max payload size " + MAX_PAYLOAD_SIZE);
        }
        return SnappyBlock.compress(sszBody);
    }

    /** Snappy-decodes a gossip message's data into its SSZ body, bounded by {@link #MAX_PAYLOAD_SIZE}. */
    public static byte[] decodeBody(byte[] data) throws GossipDecodeException {
        return SnappyBlock.decompress(data, MAX_PAYLOAD_SIZE);
    }

    /**
     * The byte-list field of a decoded single-field SSZ body, as a read-only view (no copy).
     * Rejects a body shorter than the offset or whose offset is not 4.
     */
    public static ByteBuffer field(byte[] sszBody) throws GossipDecodeException {
        if (!hasSingleFieldOffset(sszBody)) {
            throw new GossipDecodeException("not a single-field SSZ container: "
                    + (sszBody.length < SSZ_FIELD_OFFSET ? sszBody.length + " bytes" : "offset " + readOffset(sszBody)));
        }
        return ByteBuffer.wrap(sszBody, SSZ_FIELD_OFFSET, sszBody.length - SSZ_FIELD_OFFSET).slice().asReadOnlyBuffer();
    }

    /** Decodes a gossip message's data to its single field: snappy, then SSZ. */
    public static ByteBuffer decode(byte[] data) throws GossipDecodeException {
        return field(decodeBody(data));
    }

    /** Whether an SSZ body starts with the single-field offset 4 (little-endian u32). */
    public static boolean hasSingleFieldOffset(byte[] sszBody) {
        return sszBody.length >= SSZ_FIELD_OFFSET && readOffset(sszBody) == SSZ_FIELD_OFFSET;
    }

    private static long readOffset(byte[] b) {
        return (b[0] & 0xffL) | (b[1] & 0xffL) << 8 | (b[2] & 0xffL) << 16 | (b[3] & 0xffL) << 24;
    }
}
