package io.gsnode.tools.results.compare;

import java.util.List;

/**
 * One row of a comparison: an arm on one transport, n, payload and scenario, under one queue on
 * each side, with every seed paired.
 */
public record PairedGroup(String arm, String transport, int n, int payloadBytes, String scenario,
                          String referenceQueue, String otherQueue, List<SeedPair> seeds) {

    /** "fifo", or "fq_codel / none" when the sides differ (a queue-agnostic side). */
    public String queueLabel() {
        return referenceQueue.equals(otherQueue) ? referenceQueue : referenceQueue + " / " + otherQueue;
    }
}
