package io.gsnode.node.peer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/** The payload of the transfer and echo protocols: byte i is {@code i % 251}. */
final class TestPattern {

    static final int CHUNK = 64 * 1024;
    private static final int PERIOD = 251;
    private static final byte[] BYTES = new byte[CHUNK + PERIOD];

    static {
        for (int i = 0; i < BYTES.length; i++) BYTES[i] = (byte) (i % PERIOD);
    }

    private TestPattern() {}

    /** Bytes {@code [offset, offset + length)} of the pattern, {@code length <= CHUNK}; shares a read-only array. */
    static ByteBuf slice(long offset, int length) {
        return Unpooled.wrappedBuffer(BYTES, (int) (offset % PERIOD), length);
    }

    static byte at(long offset) {
        return (byte) (offset % PERIOD);
    }
}
