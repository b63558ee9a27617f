package io.gsnode.transport.tcp.yamux;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Cuts the byte stream into {@link YamuxFrame}s. It rejects what no valid peer sends: another
 * version, an unknown type, and a data frame larger than the window its stream was granted. The
 * window is checked at the header, as go-yamux does, so that a peer cannot make us buffer a frame
 * it was never allowed to send; the payload of a frame for a stream we no longer know is skipped as
 * it arrives, never buffered.
 */
final class YamuxFrameDecoder extends ByteToMessageDecoder {

    /** What the session allows a data frame on a stream to carry. */
    interface Windows {
        /** Marks a stream the session does not know (closed or reset): its data is dropped. */
        long UNKNOWN_STREAM = -1;

        /**
         * The most a data frame with these flags may carry on {@code streamId} now, or
         * {@link #UNKNOWN_STREAM}.
         */
        long allowedData(int streamId, int flags);
    }

    private final long maxDataLength;
    private final Windows windows;
    /** After a violation nothing that follows can be framed reliably: it is discarded. */
    private boolean failed;
    /** Payload bytes still to skip of a frame for an unknown stream. */
    private long skipping;

    YamuxFrameDecoder(long maxDataLength, Windows windows) {
        this.maxDataLength = maxDataLength;
        this.windows = windows;
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
        if (skipping > 0) {
            int n = (int) Math.min(skipping, in.readableBytes());
            in.skipBytes(n);
            skipping -= n;
            if (skipping > 0) return;
        }
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
            long allowed = windows.allowedData(streamId, flags);
            if (allowed == Windows.UNKNOWN_STREAM) {
                in.skipBytes(YamuxFrame.HEADER_BYTES);
                int n = (int) Math.min(length, in.readableBytes());
                in.skipBytes(n);
                skipping = length - n;
                if (skipping > 0) return;
                continue;
            }
            if (length > allowed) {
                throw new YamuxException("yamux stream " + streamId + " overran its receive window: a " + length
                        + "-byte data frame announced, " + allowed + " allowed");
            }
            if (in.readableBytes() < YamuxFrame.HEADER_BYTES + length) {
                return;
            }
            in.skipBytes(YamuxFrame.HEADER_BYTES);
            out.add(new YamuxFrame(type, flags, streamId, length, in.readRetainedSlice((int) length)));
            // The session must see this frame (and spend the window) before the next header is checked.
            return;
        }
    }
}
