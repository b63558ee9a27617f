package io.gsnode.segmentation.arm;

import io.gsnode.segmentation.codec.Sha256;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Set;

/**
 * The variant A and C completion rule (arms.md §4): count distinct messages, identified by the
 * SHA-256 of their data, and complete when {@code need} of them are known. Router thread only,
 * except {@link #completed()}.
 */
final class DistinctMessages {

    private final int need;
    private final Set<ByteBuffer> seen = new HashSet<>();
    private volatile boolean completed;

    DistinctMessages(int need) {
        this.need = need;
    }

    /** Returns true exactly once: when this message brought the count to {@code need}. */
    boolean add(byte[] data) {
        if (completed) return false;
        seen.add(ByteBuffer.wrap(Sha256.hash(data)));
        if (seen.size() >= need) {
            completed = true;
            return true;
        }
        return false;
    }

    boolean completed() {
        return completed;
    }

    int count() {
        return seen.size();
    }
}
