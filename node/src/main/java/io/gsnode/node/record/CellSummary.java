package io.gsnode.node.record;

import java.util.Map;

/**
 * One cell's statistics over its node records: {@code gsnode.cell/1} (docs/records.md §3). Quantiles
 * are over all receivers, the ones that never completed included as censored: a quantile whose
 * rank falls among them is null, never computed from the completed ones alone.
 */
public record CellSummary(
        String schema, String cell, String backend, String arm, String alias, String transport,
        String quicEngine, String queue, String delay, long seed, int n, int payloadBytes, String scenario,
        int run, int receivers, int completed, int lost, Double p50Ms, Double p90Ms, Double p99Ms, Double maxMs,
        double rateAtDeadline, long deadlineMs, Long medianRxBytes, Long medianTxBytes, long medianRxDataBytes,
        long medianRxControlBytes, long medianDuplicates, Long medianCpuMs, Map<String, Object> host) {

    public static final String SCHEMA = "gsnode.cell/1";
}
