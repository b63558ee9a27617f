package io.gsnode.segmentation.arm;

import io.gsnode.segmentation.codec.Sha256;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Set;

/**
 * The completion watcher of variants A and C (docs/arms.md §4): count distinct messages,
 * identified by the SHA-256 of their data, over every subscription of the node, and complete when
 * {@code need} of them are known. At that delivery it runs {@code onComplete} (the stop-pull gate's
 * flip), on the same thread, so the next IHAVE already meets the closed gate.
 *
 * <p>{@link #add} runs on the router thread; {@link #completed()} and {@link #count()} may be
 * read from any thread.
 */
final class DistinctMessages {

    private final int need;
    private final Runnable onComplete;
    // Confined to the router thread.
    private final Set<ByteBuffer> seen = new HashSet<>();
    private volatile int count;
    private volatile boolean completed;

    DistinctMessages(int need, Runnable onComplete) {
        this.need = need;
        this.onComplete = onComplete;
    }

    /** Returns true exactly once: when this message brought the count to {@code need}. */
    boolean add(byte[] data) {
        return addHash(hash(data));
    }

    /** {@link #add} for a message whose {@link #hash} the caller already has. */
    boolean addHash(ByteBuffer hash) {
        if (completed) return false;
        seen.add(hash);
        count = seen.size();
        if (count < need) return false;
        completed = true;
        onComplete.run();
        return true;
    }

    /** The identity this watcher counts a message by. */
    static ByteBuffer hash(byte[] data) {
        return ByteBuffer.wrap(Sha256.hash(data));
    }

    boolean completed() {
        return completed;
    }

    int count() {
        return count;
    }

    int need() {
        return need;
    }
}
