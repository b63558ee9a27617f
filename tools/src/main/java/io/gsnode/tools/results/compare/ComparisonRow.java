package io.gsnode.tools.results.compare;

import io.gsnode.tools.results.Cell;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One row of a comparison with every metric computed, and the host load of each netns side
 * (null for a side that is not netns).
 */
public record ComparisonRow(PairedGroup group, Map<Metric, MetricComparison> metrics, HostSummary referenceHost,
                            HostSummary otherHost) {

    public static ComparisonRow of(PairedGroup group) {
        Map<Metric, MetricComparison> metrics = new EnumMap<>(Metric.class);
        for (Metric m : Metric.values()) metrics.put(m, MetricComparison.of(m, group.seeds()));
        List<Cell> refRuns = group.seeds().stream().flatMap(s -> s.reference().stream()).toList();
        List<Cell> otherRuns = group.seeds().stream().flatMap(s -> s.other().stream()).toList();
        return new ComparisonRow(group, Map.copyOf(metrics), host(refRuns), host(otherRuns));
    }

    public MetricComparison metric(Metric m) {
        return metrics.get(m);
    }

    private static HostSummary host(List<Cell> runs) {
        return runs.stream().anyMatch(Cell::onOneHost) ? HostSummary.of(runs) : null;
    }
}
