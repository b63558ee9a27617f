package io.gsnode.transport.tcp;

import io.gsnode.libp2p.connection.WireCounters;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;

/** First in the pipeline: counts the bytes the socket reads and is asked to write. */
@ChannelHandler.Sharable
final class WireByteCounter extends ChannelDuplexHandler {

    private final WireCounters counters;

    WireByteCounter(WireCounters counters) {
        this.counters = counters;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf b) counters.received(b.readableBytes());
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf b) counters.sent(b.readableBytes());
        ctx.write(msg, promise);
    }
}
