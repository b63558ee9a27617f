package io.gsnode.libp2p.connection;

import io.netty.buffer.ByteBuf;

/**
 * Receives the events of one stream. Every callback runs on the stream's executor, in order.
 *
 * <p>Buffer ownership: the buffer passed to {@link #onData} is released by the caller after the
 * method returns; a handler that keeps bytes must copy them or {@code retain()} the buffer.
 */
public interface StreamHandler {

    void onData(Stream stream, ByteBuf data);

    /** The remote closed its write side: no more data will arrive. */
    default void onRemoteClose(Stream stream) {}

    /** The stream was reset by either side or its connection closed; no further callbacks follow. */
    default void onReset(Stream stream, Throwable cause) {}
}
