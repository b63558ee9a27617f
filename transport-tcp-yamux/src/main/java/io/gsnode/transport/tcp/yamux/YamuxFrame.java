package io.gsnode.transport.tcp.yamux;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * One yamux frame: a 12-byte header (version, type, flags, stream ID, length; big-endian) and, for
 * data frames, {@code length} payload bytes. The frame owns {@code data} (empty for other types).
 */
record YamuxFrame(int type, int flags, int streamId, long length, ByteBuf data) {

    static final int HEADER_BYTES = 12;
    static final int VERSION = 0;

    static final int TYPE_DATA = 0;
    static final int TYPE_WINDOW_UPDATE = 1;
    static final int TYPE_PING = 2;
    static final int TYPE_GO_AWAY = 3;

    static final int FLAG_SYN = 0x1;
    static final int FLAG_ACK = 0x2;
    static final int FLAG_FIN = 0x4;
    static final int FLAG_RST = 0x8;

    static final int GO_AWAY_NORMAL = 0;
    static final int GO_AWAY_PROTOCOL_ERROR = 1;

    boolean has(int flag) {
        return (flags & flag) != 0;
    }

    void release() {
        if (data != null) data.release();
    }

    static ByteBuf header(ByteBufAllocator alloc, int type, int flags, int streamId, long length) {
        return alloc.buffer(HEADER_BYTES)
                .writeByte(VERSION)
                .writeByte(type)
                .writeShort(flags)
                .writeInt(streamId)
                .writeInt((int) length);
    }
}
