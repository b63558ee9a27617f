package io.gsnode.libp2p.protobuf;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Walks the fields of one protobuf message, in the order they appear on the wire.
 *
 * <pre>{@code
 * ProtoReader r = new ProtoReader(bytes);
 * while (r.next()) {
 *     switch (r.field()) {
 *         case 1 -> type = r.readVarint();
 *         case 2 -> data = r.readBytes();
 *         default -> r.skip();
 *     }
 * }
 * }</pre>
 *
 * <p>A field whose value was not read is skipped by the following {@link #next()}, so unknown
 * fields need no explicit {@link #skip()}. Every read is bounds-checked against the input;
 * malformed input throws {@link MalformedProtobufException} and never reads outside the array or
 * allocates more than the input holds.
 */
public final class ProtoReader {

    /** A 64-bit varint takes at most 10 bytes (go protowire: errCodeOverflow beyond that). */
    private static final int MAX_VARINT_BYTES = 10;

    private final byte[] data;
    private int pos;
    private int field;
    private int wireType = -1;
    private boolean valuePending;

    /** Reads {@code data} in place; the caller must not change it while reading. */
    public ProtoReader(byte[] data) {
        this.data = Objects.requireNonNull(data, "data");
    }

    /**
     * Advances to the next field, first skipping the current field's value if it was not read.
     *
     * @return false at the end of the input
     */
    public boolean next() {
        if (valuePending) {
            skip();
        }
        if (pos >= data.length) {
            field = 0;
            wireType = -1;
            return false;
        }
        int tagStart = pos;
        long tag = readRawVarint("field tag");
        if (tag >>> 32 != 0) {
            throw new MalformedProtobufException(
                    "field tag " + Long.toUnsignedString(tag) + " at offset " + tagStart
                            + " does not fit in 32 bits");
        }
        int type = (int) (tag & 7);
        int number = (int) (tag >>> 3);
        if (number == 0) {
            throw new MalformedProtobufException(
                    "field number 0 at offset " + tagStart + " (field numbers start at 1)");
        }
        if (type != WireType.VARINT && type != WireType.I64 && type != WireType.LEN
                && type != WireType.I32) {
            throw new MalformedProtobufException(
                    "field " + number + " at offset " + tagStart + " has wire type "
                            + WireType.describe(type) + "; only 0, 1, 2 and 5 are supported");
        }
        field = number;
        wireType = type;
        valuePending = true;
        return true;
    }

    /** The current field's number (0 before the first {@link #next()} and at the end). */
    public int field() {
        return field;
    }

    /** The current field's wire type, see {@link WireType}. */
    public int wireType() {
        return wireType;
    }

    /** The current varint field's value (an unsigned 64-bit value in two's complement). */
    public long readVarint() {
        expect(WireType.VARINT);
        long value = readRawVarint("value of field " + field);
        valuePending = false;
        return value;
    }

    /** The current length-delimited field's bytes, copied. */
    public byte[] readBytes() {
        expect(WireType.LEN);
        int length = readLength();
        byte[] value = Arrays.copyOfRange(data, pos, pos + length);
        pos += length;
        valuePending = false;
        return value;
    }

    /** The current length-delimited field decoded as UTF-8 (malformed sequences become U+FFFD). */
    public String readString() {
        expect(WireType.LEN);
        int length = readLength();
        String value = new String(data, pos, length, StandardCharsets.UTF_8);
        pos += length;
        valuePending = false;
        return value;
    }

    /** Skips the current field's value, whatever its wire type. */
    public void skip() {
        if (!valuePending) {
            throw new IllegalStateException(
                    field == 0 ? "no current field: call next() first"
                               : "the value of field " + field + " was already consumed");
        }
        switch (wireType) {
            case WireType.VARINT -> readRawVarint("value of field " + field);
            case WireType.I64 -> advance(8);
            case WireType.I32 -> advance(4);
            case WireType.LEN -> {
                int length = readLength(); // before "pos +=", which would read pos first
                pos += length;
            }
            default -> throw new IllegalStateException("wire type " + wireType + " after next()");
        }
        valuePending = false;
    }

    private void expect(int type) {
        if (!valuePending) {
            throw new IllegalStateException(
                    field == 0 ? "no current field: call next() first"
                               : "the value of field " + field + " was already consumed");
        }
        if (wireType != type) {
            throw new MalformedProtobufException(
                    "field " + field + " has wire type " + WireType.describe(wireType)
                            + ", expected " + WireType.describe(type));
        }
    }

    private int readLength() {
        int start = pos;
        long length = readRawVarint("length of field " + field);
        int remaining = data.length - pos;
        if (length < 0 || length > remaining) {
            throw new MalformedProtobufException(
                    "field " + field + " at offset " + start + " declares length "
                            + Long.toUnsignedString(length) + " but only " + remaining
                            + " bytes remain");
        }
        return (int) length;
    }

    private void advance(int n) {
        int remaining = data.length - pos;
        if (n > remaining) {
            throw new MalformedProtobufException(
                    "field " + field + " needs " + n + " bytes but only " + remaining
                            + " remain");
        }
        pos += n;
    }

    private long readRawVarint(String what) {
        int start = pos;
        long value = 0;
        for (int i = 0; i < MAX_VARINT_BYTES; i++) {
            if (pos >= data.length) {
                throw new MalformedProtobufException(
                        "truncated varint (" + what + ") at offset " + start + ": input ends after "
                                + i + " bytes");
            }
            int b = data[pos++] & 0xFF;
            if (i == MAX_VARINT_BYTES - 1 && b > 1 && (b & 0x80) == 0) {
                // The tenth byte holds only bit 63; anything more overflows 64 bits.
                throw new MalformedProtobufException(
                        "varint (" + what + ") at offset " + start + " overflows 64 bits");
            }
            value |= (long) (b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new MalformedProtobufException(
                "varint (" + what + ") at offset " + start + " is longer than "
                        + MAX_VARINT_BYTES + " bytes");
    }
}
