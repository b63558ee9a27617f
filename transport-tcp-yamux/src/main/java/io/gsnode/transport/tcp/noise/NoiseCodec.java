package io.gsnode.transport.tcp.noise;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.util.concurrent.FastThreadLocal;
import io.netty.util.concurrent.PromiseCombiner;

/**
 * Encrypts outbound bytes into Noise transport messages (at most {@link NoiseSession#MAX_PLAINTEXT}
 * plaintext bytes each) and decrypts inbound messages framed by {@link NoiseFrames#decoder()}.
 * Both directions release the buffers they are given.
 *
 * <p>The cipher works on two scratch arrays of the thread that runs the codec, not of the
 * connection: an event loop serves its connections one at a time, and each use ends with the bytes
 * copied out before the pipeline goes on. Per connection they were 128 KiB of heap each, 8.75 MiB
 * at the report's degree 70. (Encrypting through NIO views of the buffers instead, with no scratch
 * at all, made a Shadow cell vary from run to run of one build:
 * docs/findings/performance-measurements.md.)
 */
public final class NoiseCodec extends ChannelDuplexHandler {

    private static final FastThreadLocal<Scratch> SCRATCH = new FastThreadLocal<>() {
        @Override
        protected Scratch initialValue() {
            return new Scratch(new byte[NoiseSession.MAX_PLAINTEXT], new byte[NoiseFrames.MAX_MESSAGE]);
        }
    };

    private record Scratch(byte[] plain, byte[] cipher) {}

    private final NoiseSession session;

    NoiseCodec(NoiseSession session) {
        this.session = session;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf frame = (ByteBuf) msg;
        Scratch scratch = SCRATCH.get();
        int length = frame.readableBytes();
        try {
            frame.readBytes(scratch.cipher, 0, length);
        } finally {
            frame.release();
        }
        int plainLength = session.decrypt(scratch.cipher, 0, length, scratch.plain, 0);
        ctx.fireChannelRead(ctx.alloc().buffer(plainLength).writeBytes(scratch.plain, 0, plainLength));
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
        Scratch scratch = SCRATCH.get();
        data.readBytes(scratch.plain, 0, length);
        int cipherLength = session.encrypt(scratch.plain, 0, length, scratch.cipher, 0);
        return ctx.alloc().buffer(2 + cipherLength)
                .writeShort(cipherLength)
                .writeBytes(scratch.cipher, 0, cipherLength);
    }
}
