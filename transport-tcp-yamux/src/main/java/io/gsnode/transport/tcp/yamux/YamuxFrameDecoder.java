package io.gsnode.transport.tcp.yamux;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Cuts the byte stream into {@link YamuxFrame}s. It rejects what no valid peer sends: another
 * version, an unknown type, and data frames larger than the largest window we ever grant (the
 * session checks the stream's actual window).
 */
final class YamuxFrameDecoder extends ByteToMessageDecoder {

    private final long maxDataLength;
    /** After a violation nothing that follows can be framed reliably: it is discarded. */
    private boolean failed;

    YamuxFrameDecoder(long maxDataLength) {
        this.maxDataLength = maxDataLength;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return;
        }
        try {
            decodeFrames(in, out);
        } catch (YamuxException e) {
            failed = true;
            in.skipBytes(in.readableBytes());
            throw e;
        }
    }

    private void decodeFrames(ByteBuf in, List<Object> out) {
        while (in.readableBytes() >= YamuxFrame.HEADER_BYTES) {
            int start = in.readerIndex();
            int version = in.getUnsignedByte(start);
            int type = in.getUnsignedByte(start + 1);
            int flags = in.getUnsignedShort(start + 2);
            int streamId = in.getInt(start + 4);
            long length = in.getUnsignedInt(start + 8);
            if (version != YamuxFrame.VERSION) {
                throw new YamuxException("yamux frame with version " + version + ", only 0 exists");
            }
            if (type > YamuxFrame.TYPE_GO_AWAY) {
                throw new YamuxException("yamux frame of unknown type " + type + " on stream " + streamId);
            }
            if (type != YamuxFrame.TYPE_DATA) {
                in.skipBytes(YamuxFrame.HEADER_BYTES);
                out.add(new YamuxFrame(type, flags, streamId, length, null));
                continue;
            }
            if (length > maxDataLength) {
                throw new YamuxException("yamux data frame of " + length + " bytes on stream " + streamId
                        + " exceeds the largest window, " + maxDataLength);
            }
            if (in.readableBytes() < YamuxFrame.HEADER_BYTES + length) {
                return;
            }
            in.skipBytes(YamuxFrame.HEADER_BYTES);
            out.add(new YamuxFrame(type, flags, streamId, length, in.readRetainedSlice((int) length)));
        }
    }
}
