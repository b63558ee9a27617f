package io.gsnode.node.peer;

import io.gsnode.libp2p.connection.Stream;
import java.security.MessageDigest;
import java.util.concurrent.CompletableFuture;

/**
 * Writes {@code total} pattern bytes to a stream in 64 KiB chunks, keeping at most
 * {@link #IN_FLIGHT} bytes accepted but not yet handed to the transport, then half-closes.
 * Runs on the stream's executor. Optionally digests what it writes.
 */
final class PatternWriter {

    /** Enough to keep a 16 MiB yamux window full without queueing the whole payload. */
    static final long IN_FLIGHT = 4L << 20;

    private final Stream stream;
    private final long total;
    private final MessageDigest digest;
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private long written;
    private long inFlight;

    private PatternWriter(Stream stream, long total, MessageDigest digest) {
        this.stream = stream;
        this.total = total;
        this.digest = digest;
    }

    /** Starts writing; completes when every byte has been handed to the transport and the write side closed. */
    static CompletableFuture<Void> write(Stream stream, long total, MessageDigest digest) {
        PatternWriter writer = new PatternWriter(stream, total, digest);
        stream.executor().execute(writer::pump);
        return writer.done;
    }

    private void pump() {
        while (written < total && inFlight < IN_FLIGHT && !done.isDone()) {
            int length = (int) Math.min(TestPattern.CHUNK, total - written);
            var chunk = TestPattern.slice(written, length);
            if (digest != null) digest.update(chunk.nioBuffer());
            written += length;
            inFlight += length;
            stream.write(chunk).whenComplete((v, error) -> stream.executor().execute(() -> {
                if (error != null) {
                    done.completeExceptionally(error);
                    return;
                }
                inFlight -= length;
                pump();
            }));
        }
        if (written == total && inFlight == 0 && !done.isDone()) {
            stream.closeWrite();
            done.complete(null);
        }
    }
}
