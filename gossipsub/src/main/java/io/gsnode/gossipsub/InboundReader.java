package io.gsnode.gossipsub;

import io.gsnode.gossipsub.rpc.MalformedRpcException;
import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.gossipsub.rpc.RpcDecoder;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.connection.StreamHandler;
import io.gsnode.libp2p.framing.LengthPrefixed;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.function.LongSupplier;

/**
 * Reads the uvarint-prefixed RPCs a peer writes on the stream it opened to us. Frames are decoded
 * here, on the transport's thread, and handed to the router as objects, so decoding spreads over
 * the I/O threads and the router thread only runs protocol logic.
 *
 * <p>Decoding stops as soon as the sink stops accepting (the stream's backlog is full) and the
 * rest of the read stays here as bytes until {@link #resume}: one read can carry a whole yamux
 * frame of tiny RPCs (256 KiB of 3-byte RPCs decode to ~87,000 objects, ~15 MiB of heap), and a
 * peer must not be able to make the node hold that many objects per stream. go-libp2p-pubsub
 * likewise reads one RPC at a time and blocks while its incoming channel is full.
 */
final class InboundReader implements StreamHandler {

    /** Where decoded RPCs and failures go. */
    interface Sink {
        void rpc(Stream stream, Rpc rpc, int frameBytes, long arrivedNanos);

        void malformed(Stream stream, String reason);

        void closed(Stream stream);

        /** Whether the router takes another RPC now; when not, the reader keeps the rest as bytes. */
        default boolean accepting() {
            return true;
        }
    }

    private final int maxFrame;
    private final Sink sink;
    private final LongSupplier clock;
    private ByteBuf pending = Unpooled.EMPTY_BUFFER;
    private boolean failed;
    /** The remote closed its side while RPCs were held back: closed once they are decoded. */
    private boolean closedWhileHeld;

    InboundReader(int maxFrame, Sink sink, LongSupplier clock) {
        this.maxFrame = maxFrame;
        this.sink = sink;
        this.clock = clock;
    }

    @Override
    public void onData(Stream stream, ByteBuf data) {
        if (failed) return;
        decode(stream, accumulate(data));
    }

    /** On the stream's executor once the sink accepts again: decodes what was held back. */
    void resume(Stream stream) {
        if (!failed && pending.isReadable()) decode(stream, pending);
        if (closedWhileHeld && (failed || sink.accepting())) {
            // Everything whole is decoded (what is left, if anything, is a frame the remote never finished).
            closedWhileHeld = false;
            release();
            sink.closed(stream);
        }
    }

    private void decode(Stream stream, ByteBuf in) {
        try {
            while (in.isReadable() && sink.accepting()) {
                int start = in.readerIndex();
                byte[] frame = LengthPrefixed.read(in, maxFrame);
                if (frame == null) break;
                int frameBytes = in.readerIndex() - start;
                if (frame.length == 0) continue; // zero-length frames are ignored (go does the same)
                sink.rpc(stream, RpcDecoder.decode(frame), frameBytes, clock.getAsLong());
            }
        } catch (MalformedRpcException | IllegalArgumentException e) {
            failed = true;
            release();
            sink.malformed(stream, e.getMessage());
            return;
        }
        keepRest(in);
    }

    @Override
    public void onRemoteClose(Stream stream) {
        if (!failed && pending.isReadable() && !sink.accepting()) {
            closedWhileHeld = true; // what it sent before closing is still handled, as it would have been
            return;
        }
        release();
        sink.closed(stream);
    }

    @Override
    public void onReset(Stream stream, Throwable cause) {
        release();
        sink.closed(stream);
    }

    /**
     * The buffer to parse: the leftover of earlier reads followed by {@code data}, which we do not
     * own. A large RPC arrives in many pieces; they are appended to one growing buffer, so each
     * byte is copied once, not once per piece.
     */
    private ByteBuf accumulate(ByteBuf data) {
        if (!pending.isReadable()) {
            return data;
        }
        pending.writeBytes(data);
        return pending;
    }

    private void keepRest(ByteBuf in) {
        if (in == pending) {
            if (!in.isReadable()) {
                release();
            } else {
                in.discardSomeReadBytes();
            }
            return;
        }
        if (in.isReadable()) {
            // A partial frame: keep what came, never what the prefix claims (a peer can claim the
            // largest frame in 5 bytes on every stream it opens). The buffer doubles as the rest
            // arrives, so each byte is still copied a bounded number of times.
            pending = Unpooled.buffer(in.readableBytes()).writeBytes(in);
        }
    }

    /** Bytes of buffer this reader holds for a partial frame. */
    int bufferedCapacity() {
        return pending.capacity();
    }

    private void release() {
        if (pending != Unpooled.EMPTY_BUFFER) {
            pending.release();
            pending = Unpooled.EMPTY_BUFFER;
        }
    }
}
