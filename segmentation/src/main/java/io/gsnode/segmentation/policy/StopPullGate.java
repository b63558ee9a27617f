package io.gsnode.segmentation.policy;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.policy.RequestGate;
import io.gsnode.segmentation.codec.SegmentIdPrefix;
import io.gsnode.segmentation.ids.StructuredMessageId;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * Stop-pull (docs/arms.md §6.7, {@code SEGMENT_STOP_PULL=1}): once this node has completed a
 * payload, every IWANT for a segment id of that payload (its block root) is declined, and counted
 * (the record's {@code Declined}). Ids that are not structured segment ids are always allowed,
 * which is why the arm needs structured ids: the gate has to recognise a segment announcement it
 * will never fetch. Pushes are not affected.
 *
 * <p>The gate closes per payload, not per node: a warm cell's warm-up completes first, and the
 * measured payload's segments (another block root) must still be pulled. With one payload, as in
 * the report's cells, the two readings are the same.
 *
 * <p>The reactive gate: declines are final, there is no deferral ledger. The completion watcher
 * calls {@link #complete} on the router thread, at the delivery that completed the payload.
 */
public final class StopPullGate implements RequestGate {

    // Written and read on the router thread; completed() may be read from any.
    private final Set<ByteBuffer> completedRoots = new HashSet<>();
    private volatile boolean completed;
    private final LongAdder declined = new LongAdder();

    @Override
    public boolean allow(MessageId id) {
        if (!completed) return true;
        Optional<SegmentIdPrefix> prefix = StructuredMessageId.parse(id.bytes());
        if (prefix.isEmpty() || !completedRoots.contains(ByteBuffer.wrap(prefix.get().blockRoot()))) return true;
        declined.increment();
        return false;
    }

    /** The node holds enough distinct segments of the payload with {@code blockRoot}: decline its further pulls. */
    public void complete(byte[] blockRoot) {
        completedRoots.add(ByteBuffer.wrap(blockRoot.clone()));
        completed = true;
    }

    /** Whether any payload completed. */
    public boolean completed() {
        return completed;
    }

    public long declined() {
        return declined.sum();
    }
}
