package io.gsnode.segmentation.policy;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.policy.RequestGate;
import io.gsnode.segmentation.ids.StructuredMessageId;
import java.util.concurrent.atomic.LongAdder;

/**
 * Stop-pull (docs/arms.md §6.7, {@code SEGMENT_STOP_PULL=1}): once this node has completed, every
 * IWANT for a segment id is declined, and counted (the record's {@code Declined}). Ids that are not
 * structured segment ids are always allowed, which is why the arm needs structured ids: the gate
 * has to recognise a segment announcement it will never fetch. Pushes are not affected.
 *
 * <p>The reactive gate: declines are final, there is no deferral ledger. The completion watcher
 * calls {@link #complete()} on the router thread, at the delivery that completed the node.
 */
public final class StopPullGate implements RequestGate {

    private volatile boolean completed;
    private final LongAdder declined = new LongAdder();

    @Override
    public boolean allow(MessageId id) {
        if (StructuredMessageId.parse(id.bytes()).isEmpty()) return true;
        if (!completed) return true;
        declined.increment();
        return false;
    }

    /** The node holds enough distinct messages: decline every further segment pull. */
    public void complete() {
        completed = true;
    }

    public boolean completed() {
        return completed;
    }

    public long declined() {
        return declined.sum();
    }
}
