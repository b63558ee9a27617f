package io.gsnode.formats.record;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;

/**
 * One cell's statistics over its node records: {@code gsnode.cell/1} (docs/records.md §3). Quantiles
 * are over all receivers, the ones that never completed included as censored: a quantile whose
 * rank falls among them is null, never computed from the completed ones alone.
 *
 * @param identity the cell's identity, written inline: its keys follow the schema's; the
 *     implementation is {@code mixed} when the nodes' differ, and a summary without a condition
 *     reads as cold
 * @param warmup a warm cell's warm-up over its receivers: {@code receivers}, {@code completed},
 *     {@code late} and the completion quantiles {@code p50_ms}, {@code p99_ms} (from the warm-up's
 *     publish, censored as the measured ones are); null in a cell without a warm-up
 * @param cwndAtPublish the connections' windows at the publish over all nodes: {@code source},
 *     {@code connections}, {@code readable}, {@code above_initial}, in a warm cell
 *     {@code carried_warmup} and {@code carried_warmup_above_initial} (directions that sent at
 *     least an initial window of the warm-up, and of those the ones above the initial window), and
 *     the publisher's smallest window over the initial one ({@code publisher_min_over_initial});
 *     null where none was read
 * @param hostSaturated whether the host spent any sample at or above 95 % busy between the publish
 *     and the end of the hold: the cell then measured the host's CPU as much as the network, and
 *     comparisons leave it out by default; null where the host was not sampled (Shadow)
 * @param builds the builds the cell's records name (one, or one per implementation); empty or null
 *     in cells older than the field
 * @param fingerprint the fingerprint of {@code settings} ({@link CellSettings#fingerprint})
 * @param settings what the cell ran, flattened ({@link CellSettings}); null in cells older than the field
 */
public record CellSummary(
        String schema, @JsonUnwrapped CellIdentity identity, int receivers, int completed, int lost, Double p50Ms,
        Double p90Ms, Double p99Ms, Double maxMs, double rateAtDeadline, long deadlineMs, Long medianRxBytes,
        Long medianTxBytes, Long medianRxDataBytes, Long medianRxControlBytes, Long medianDuplicates, Long medianCpuMs,
        Map<String, Object> warmup, Map<String, Object> cwndAtPublish, Map<String, Object> host, Boolean hostSaturated,
        List<Build> builds, String fingerprint, Map<String, Object> settings) {

    public static final String SCHEMA = "gsnode.cell/1";
    /** A cell whose nodes ran different implementations. */
    public static final String MIXED = "mixed";

    public CellSummary {
        if (identity.condition() == null) identity = identity.withImplAndCondition(identity.impl(), NodeRecord.COLD);
    }

    /** Whether {@code host} records a saturated sample; null when it holds no CPU samples. */
    public static Boolean saturated(Map<String, Object> host) {
        return host != null && host.get("saturated_s") instanceof Number s ? s.doubleValue() > 0 : null;
    }
}
