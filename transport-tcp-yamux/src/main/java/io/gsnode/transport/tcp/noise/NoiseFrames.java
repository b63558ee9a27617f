package io.gsnode.transport.tcp.noise;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;

/** Every Noise message, handshake or transport, travels behind a 2-byte big-endian length. */
public final class NoiseFrames {

    public static final int MAX_MESSAGE = 65535;

    private NoiseFrames() {}

    /** Splits the byte stream into whole Noise messages, length prefix stripped. */
    public static LengthFieldBasedFrameDecoder decoder() {
        return new LengthFieldBasedFrameDecoder(MAX_MESSAGE + 2, 0, 2, 0, 2);
    }

    static ByteBuf frame(ByteBufAllocator alloc, byte[] message) {
        if (message.length > MAX_MESSAGE) {
            throw new IllegalArgumentException("noise message of " + message.length + " bytes exceeds " + MAX_MESSAGE);
        }
        return alloc.buffer(2 + message.length).writeShort(message.length).writeBytes(message);
    }
}
