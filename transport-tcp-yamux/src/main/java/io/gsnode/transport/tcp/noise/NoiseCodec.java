package io.gsnode.transport.tcp.noise;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.util.concurrent.PromiseCombiner;

/**
 * Encrypts outbound bytes into Noise transport messages (at most {@link NoiseSession#MAX_PLAINTEXT}
 * plaintext bytes each) and decrypts inbound messages framed by {@link NoiseFrames#decoder()}.
 * Both directions release the buffers they are given.
 *
 * <p>The cipher reads the frame's memory and writes the new buffer's through NIO views, so a
 * message is copied by neither direction and a connection holds no scratch arrays (two of 64 KiB
 * each before, on every connection: 8.75 MiB of heap at the report's degree 70).
 */
public final class NoiseCodec extends ChannelDuplexHandler {

    private final NoiseSession session;

    NoiseCodec(NoiseSession session) {
        this.session = session;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf frame = (ByteBuf) msg;
        ByteBuf plain = null;
        try {
            int capacity = Math.max(0, frame.readableBytes() - CipherState.TAG_BYTES);
            plain = ctx.alloc().buffer(capacity);
            int n = session.decrypt(frame.nioBuffer(), plain.nioBuffer(0, capacity));
            plain.writerIndex(n);
        } catch (RuntimeException e) {
            if (plain != null) plain.release();
            throw e;
        } finally {
            frame.release();
        }
        ctx.fireChannelRead(plain);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (!(msg instanceof ByteBuf data)) {
            ctx.write(msg, promise);
            return;
        }
        try {
            if (data.readableBytes() <= NoiseSession.MAX_PLAINTEXT) {
                ctx.write(encryptChunk(ctx, data, data.readableBytes()), promise);
                return;
            }
            PromiseCombiner combiner = new PromiseCombiner(ctx.executor());
            while (data.isReadable()) {
                combiner.add(ctx.write(encryptChunk(ctx, data, Math.min(data.readableBytes(), NoiseSession.MAX_PLAINTEXT))));
            }
            combiner.finish(promise);
        } finally {
            data.release();
        }
    }

    /**
     * The next {@code length} bytes of {@code data} as one framed transport message: a 2-byte
     * length, then the ciphertext.
     */
    private ByteBuf encryptChunk(ChannelHandlerContext ctx, ByteBuf data, int length) {
        int cipherLength = length + CipherState.TAG_BYTES;
        ByteBuf out = ctx.alloc().buffer(2 + cipherLength);
        try {
            out.writeShort(cipherLength);
            int n = session.encrypt(
                    data.nioBuffer(data.readerIndex(), length), out.nioBuffer(2, cipherLength));
            out.writerIndex(2 + n);
        } catch (RuntimeException e) {
            out.release();
            throw e;
        }
        data.skipBytes(length);
        return out;
    }
}
