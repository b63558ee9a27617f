package io.gsnode.libp2p.protobuf;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Appends protobuf fields, in the order the calls are made, to a growing byte array.
 *
 * <p>Deterministic encoding (docs/wire.md §1.1: minimal varints, fields in tag order, no extra
 * fields) is the caller's job: write the fields in ascending field number and nothing else. The
 * writer itself always produces minimal varints.
 */
public final class ProtoWriter {

    /** Field numbers are 29 bits; 0 is reserved. */
    static final int MAX_FIELD_NUMBER = (1 << 29) - 1;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    public ProtoWriter() {}

    /**
     * Writes a varint field. A negative value is written the way proto2 writes a negative
     * {@code int64} or {@code int32}: as the 10-byte two's-complement varint.
     */
    public ProtoWriter writeVarintField(int field, long value) {
        writeTag(field, WireType.VARINT);
        writeVarint(value);
        return this;
    }

    /** Writes a length-delimited field holding {@code value} (also the way to embed a message). */
    public ProtoWriter writeBytesField(int field, byte[] value) {
        Objects.requireNonNull(value, "value of field " + field);
        writeTag(field, WireType.LEN);
        writeVarint(value.length);
        out.writeBytes(value);
        return this;
    }

    /** Writes a length-delimited field holding the UTF-8 bytes of {@code value}. */
    public ProtoWriter writeStringField(int field, String value) {
        Objects.requireNonNull(value, "value of field " + field);
        return writeBytesField(field, value.getBytes(StandardCharsets.UTF_8));
    }

    /** The bytes written so far; the writer stays usable. */
    public byte[] toByteArray() {
        return out.toByteArray();
    }

    private void writeTag(int field, int wireType) {
        if (field < 1 || field > MAX_FIELD_NUMBER) {
            throw new IllegalArgumentException(
                    "protobuf field number " + field + " is outside 1.." + MAX_FIELD_NUMBER);
        }
        writeVarint(((long) field << 3) | wireType);
    }

    private void writeVarint(long value) {
        while ((value & ~0x7FL) != 0) {
            out.write((int) ((value & 0x7F) | 0x80));
            value >>>= 7;
        }
        out.write((int) value);
    }
}
