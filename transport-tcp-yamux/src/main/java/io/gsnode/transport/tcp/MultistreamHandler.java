package io.gsnode.transport.tcp;

import io.gsnode.libp2p.multistream.Negotiation;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * Runs a multistream-select {@link Negotiation} on a connection (raw, or inside Noise). Once
 * settled it calls {@code onSettled} to add the protocol's handlers behind it, then removes
 * itself; bytes read past the negotiation go on to those handlers.
 */
final class MultistreamHandler extends ByteToMessageDecoder {

    private final Negotiation negotiation;
    private final BiConsumer<ChannelHandlerContext, String> onSettled;
    private boolean started;

    MultistreamHandler(Negotiation negotiation, BiConsumer<ChannelHandlerContext, String> onSettled) {
        this.negotiation = negotiation;
        this.onSettled = onSettled;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (ctx.channel().isActive()) {
            start(ctx);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        // A dialer's handlers are installed before it connects, so that no early byte is missed.
        start(ctx);
        super.channelActive(ctx);
    }

    private void start(ChannelHandlerContext ctx) {
        // An accepted channel is active when this is added and still sees channelActive afterwards.
        if (started) return;
        started = true;
        ByteBuf out = ctx.alloc().buffer(64);
        negotiation.start(out);
        ctx.writeAndFlush(out);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (negotiation.protocol() != null) {
            return;
        }
        ByteBuf reply = ctx.alloc().buffer(64);
        boolean settled;
        try {
            settled = negotiation.receive(in, reply);
        } catch (RuntimeException e) {
            reply.release();
            throw e;
        }
        if (reply.isReadable()) {
            ctx.writeAndFlush(reply);
        } else {
            reply.release();
        }
        if (settled) {
            onSettled.accept(ctx, negotiation.protocol());
            // Removal hands the bytes still cumulated to the handlers just added.
            ctx.pipeline().remove(this);
        }
    }
}
