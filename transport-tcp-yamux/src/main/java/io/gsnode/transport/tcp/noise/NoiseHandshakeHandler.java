package io.gsnode.transport.tcp.noise;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.function.BiConsumer;

/**
 * Runs the Noise handshake on whole frames from {@link NoiseFrames#decoder()}. When it completes,
 * it replaces itself with a {@link NoiseCodec} and tells {@code onComplete}, which adds what comes
 * next in the pipeline. Failures are thrown into the pipeline as {@link NoiseException}s.
 */
public final class NoiseHandshakeHandler extends ChannelInboundHandlerAdapter {

    private final NoiseHandshake handshake;
    private final BiConsumer<ChannelHandlerContext, NoiseHandshake> onComplete;

    public NoiseHandshakeHandler(NoiseHandshake handshake, BiConsumer<ChannelHandlerContext, NoiseHandshake> onComplete) {
        this.handshake = handshake;
        this.onComplete = onComplete;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (handshake.isOurTurn()) {
            sendNext(ctx);
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf frame = (ByteBuf) msg;
        byte[] message;
        try {
            message = ByteBufUtil.getBytes(frame);
        } finally {
            frame.release();
        }
        if (handshake.isComplete()) {
            throw new NoiseException("unexpected noise frame after the handshake completed");
        }
        handshake.readMessage(message);
        if (handshake.isOurTurn()) {
            sendNext(ctx);
        }
        if (handshake.isComplete()) {
            NoiseSession session = handshake.split();
            ctx.pipeline().replace(this, "noise", new NoiseCodec(session));
            onComplete.accept(ctx.pipeline().context("noise"), handshake);
        }
    }

    private void sendNext(ChannelHandlerContext ctx) {
        byte[] message = handshake.writeMessage();
        ctx.writeAndFlush(NoiseFrames.frame(ctx.alloc(), message));
    }
}
