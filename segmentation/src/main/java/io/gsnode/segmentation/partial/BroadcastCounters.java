package io.gsnode.segmentation.partial;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The broadcaster's counters for the record's extras (docs/arms.md §8.8), plus what it refused.
 * Written on the router thread, read from any.
 */
public final class BroadcastCounters {

    /** The keys of {@link #asMap()}, in its order. */
    public static final List<String> NAMES = List.of("pushed", "served", "requested", "received", "reissued", "withheld",
            "received_duplicate", "metadata_sent", "metadata_errors", "metadata_count_changes", "invalid_segments",
            "auth_refused", "rtt_samples", "strikes");

    final LongAdder pushed = new LongAdder();
    final LongAdder served = new LongAdder();
    final LongAdder requested = new LongAdder();
    final LongAdder received = new LongAdder();
    final LongAdder reissued = new LongAdder();
    final LongAdder receivedDuplicate = new LongAdder();
    final LongAdder metadataSent = new LongAdder();
    final LongAdder metadataErrors = new LongAdder();
    final LongAdder metadataCountChanges = new LongAdder();
    final LongAdder invalidSegments = new LongAdder();
    final LongAdder authRefused = new LongAdder();
    final LongAdder rttSamples = new LongAdder();
    final LongAdder strikes = new LongAdder();

    public long metadataCountChanges() {
        return metadataCountChanges.sum();
    }

    public long metadataErrors() {
        return metadataErrors.sum();
    }

    public Map<String, Long> asMap() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("pushed", pushed.sum());
        m.put("served", served.sum());
        m.put("requested", requested.sum());
        m.put("received", received.sum());
        m.put("reissued", reissued.sum());
        m.put("withheld", 0L); // the reference's withholding is a failure injection the report does not use
        m.put("received_duplicate", receivedDuplicate.sum());
        m.put("metadata_sent", metadataSent.sum());
        m.put("metadata_errors", metadataErrors.sum());
        m.put("metadata_count_changes", metadataCountChanges.sum());
        m.put("invalid_segments", invalidSegments.sum());
        m.put("auth_refused", authRefused.sum());
        m.put("rtt_samples", rttSamples.sum());
        m.put("strikes", strikes.sum());
        return m;
    }
}
