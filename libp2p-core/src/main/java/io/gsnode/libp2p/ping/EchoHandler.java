package io.gsnode.libp2p.ping;

import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.connection.StreamHandler;
import io.netty.buffer.ByteBuf;

/** Writes back every byte it reads, in order, and half-closes after the remote did. */
public final class EchoHandler implements StreamHandler {

    @Override
    public void onData(Stream stream, ByteBuf data) {
        stream.write(data.retainedDuplicate());
    }

    @Override
    public void onRemoteClose(Stream stream) {
        stream.closeWrite();
    }
}
