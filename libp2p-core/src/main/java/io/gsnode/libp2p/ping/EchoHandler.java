package io.gsnode.libp2p.ping;

import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.connection.StreamHandler;
import io.netty.buffer.ByteBuf;

/**
 * Writes back every byte it reads, in order, and half-closes after the remote did. Echoes wait
 * for the remote's flow-control window, so a remote that writes without reading would make them
 * pile up: past {@code maxOutstandingBytes} not yet handed to the transport, the stream is reset.
 * Confined to the stream's executor.
 */
public final class EchoHandler implements StreamHandler {

    private final long maxOutstandingBytes;
    private long outstanding;

    /** An echo bounded only by the stream's own write-queue limit (for test protocols that echo bulk data). */
    public EchoHandler() {
        this(Long.MAX_VALUE);
    }

    public EchoHandler(long maxOutstandingBytes) {
        if (maxOutstandingBytes < 1) throw new IllegalArgumentException("maxOutstandingBytes must be >= 1, was " + maxOutstandingBytes);
        this.maxOutstandingBytes = maxOutstandingBytes;
    }

    @Override
    public void onData(Stream stream, ByteBuf data) {
        int bytes = data.readableBytes();
        if (outstanding + bytes > maxOutstandingBytes) {
            stream.reset();
            return;
        }
        outstanding += bytes;
        stream.write(data.retainedDuplicate()).whenComplete((ok, e) -> {
            if (stream.executor().inEventLoop()) outstanding -= bytes;
            else stream.executor().execute(() -> outstanding -= bytes);
        });
    }

    @Override
    public void onRemoteClose(Stream stream) {
        stream.closeWrite();
    }
}
