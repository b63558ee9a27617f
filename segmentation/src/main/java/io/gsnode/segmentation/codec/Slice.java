package io.gsnode.segmentation.codec;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A window on a byte array that the codec shares instead of copying: segments of a payload, the
 * data of a decoded segment message. Never written through once built.
 */
record Slice(byte[] array, int offset, int length) {
    Slice {
        if (offset < 0 || length < 0 || offset > array.length - length) {
            throw new IndexOutOfBoundsException("slice [" + offset + ", " + offset + "+" + length
                    + ") of a " + array.length + "-byte array");
        }
    }

    static Slice of(byte[] array) {
        return new Slice(array, 0, array.length);
    }

    /** Copies a buffer's remaining bytes, or views them when it exposes a writable heap array. */
    static Slice of(ByteBuffer buffer) {
        if (buffer.hasArray()) {
            return new Slice(buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
        }
        byte[] copy = new byte[buffer.remaining()];
        buffer.duplicate().get(copy);
        return of(copy);
    }

    ByteBuffer asReadOnlyBuffer() {
        return ByteBuffer.wrap(array, offset, length).slice().asReadOnlyBuffer();
    }

    byte[] toArray() {
        return Arrays.copyOfRange(array, offset, offset + length);
    }

    byte get(int i) {
        return array[offset + i];
    }
}
