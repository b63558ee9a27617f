package io.gsnode.libp2p.framing;

import io.gsnode.libp2p.multiformats.UVarint;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/** {@code uvarint(length) bytes} messages with a cap on the length a reader accepts. */
public final class LengthPrefixed {

    private LengthPrefixed() {}

    /** A new buffer holding {@code message} behind its length prefix. */
    public static ByteBuf encode(ByteBufAllocator alloc, byte[] message) {
        ByteBuf out = alloc.buffer(UVarint.size(message.length) + message.length);
        UVarint.write(out, message.length);
        out.writeBytes(message);
        return out;
    }

    /**
     * Reads one message from {@code in}, or returns {@code null} and leaves {@code in} untouched
     * when it is not complete.
     *
     * @throws FrameTooLargeException when the announced length exceeds {@code maxLength}
     */
    public static byte[] read(ByteBuf in, int maxLength) {
        int start = in.readerIndex();
        long length = UVarint.read(in);
        if (length < 0) {
            return null;
        }
        if (length > maxLength) {
            throw new FrameTooLargeException(length, maxLength);
        }
        if (in.readableBytes() < length) {
            in.readerIndex(start);
            return null;
        }
        byte[] message = new byte[(int) length];
        in.readBytes(message);
        return message;
    }
}
