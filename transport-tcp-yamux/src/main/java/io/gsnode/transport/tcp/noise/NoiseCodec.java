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
 */
public final class NoiseCodec extends ChannelDuplexHandler {

    private final NoiseSession session;
    private byte[] plain = new byte[NoiseSession.MAX_PLAINTEXT];
    private byte[] cipher = new byte[NoiseFrames.MAX_MESSAGE];

    NoiseCodec(NoiseSession session) {
        this.session = session;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf frame = (ByteBuf) msg;
        int length = frame.readableBytes();
        try {
            frame.readBytes(cipher, 0, length);
        } finally {
            frame.release();
        }
        int plainLength = session.decrypt(cipher, 0, length, plain, 0);
        ctx.fireChannelRead(ctx.alloc().buffer(plainLength).writeBytes(plain, 0, plainLength));
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

    private ByteBuf encryptChunk(ChannelHandlerContext ctx, ByteBuf data, int length) {
        data.readBytes(plain, 0, length);
        int cipherLength = session.encrypt(plain, 0, length, cipher, 0);
        return ctx.alloc().buffer(2 + cipherLength).writeShort(cipherLength).writeBytes(cipher, 0, cipherLength);
    }
}
