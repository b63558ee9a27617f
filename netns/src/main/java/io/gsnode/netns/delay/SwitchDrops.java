package io.gsnode.netns.delay;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;

/** Drop counters, one per {@link DropCause}, shared by every thread of the switch. */
final class SwitchDrops {

    private static final DropCause[] CAUSES = DropCause.values();
    private final AtomicLongArray byCause = new AtomicLongArray(CAUSES.length);

    void count(DropCause cause) {
        byCause.incrementAndGet(cause.ordinal());
    }

    /** Counts a drop of a packet meant for {@code destination}, on its own counter too. */
    void count(DropCause cause, Endpoint destination) {
        byCause.incrementAndGet(cause.ordinal());
        destination.droppedTo.incrementAndGet();
    }

    long get(DropCause cause) {
        return byCause.get(cause.ordinal());
    }

    /** Every cause by its label, zeros included, in declaration order. */
    Map<String, Long> byLabel() {
        Map<String, Long> out = new LinkedHashMap<>();
        for (DropCause c : CAUSES) out.put(c.label(), get(c));
        return out;
    }
}
