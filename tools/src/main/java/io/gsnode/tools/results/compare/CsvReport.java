package io.gsnode.tools.results.compare;

import io.gsnode.tools.results.Stat;
import io.gsnode.tools.results.Units;
import java.util.List;

/**
 * The comparison as CSV, one line per row and metric, numbers unformatted: a value column is
 * empty unless its state column says {@code observed} (the others are {@code censored} and
 * {@code missing}). Each side's host columns are empty unless it is netns.
 */
public final class CsvReport {

    public static final String HEADER = "reference,other,arm,transport,n,payload_bytes,scenario,reference_queue,other_queue,"
            + "seeds,metric,unit,reference_value,reference_state,other_value,other_state,difference_pct,difference_state,"
            + "per_seed_difference_median_pct,per_seed_difference_min_pct,per_seed_difference_max_pct,per_seed_censored_seeds,"
            + "per_seed_missing_seeds," + hostColumns("reference") + "," + hostColumns("other");

    private CsvReport() {}

    public static String render(List<Comparison> comparisons) {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (Comparison c : comparisons) {
            for (ComparisonRow row : c.rows()) {
                PairedGroup g = row.group();
                for (Metric m : Metric.values()) {
                    MetricComparison mc = row.metric(m);
                    PerSeedDifference ps = mc.perSeed();
                    csv.append(String.join(",", field(c.reference()), field(c.other()), field(g.arm()), field(g.transport()),
                            Integer.toString(g.n()), Integer.toString(g.payloadBytes()), field(g.scenario()),
                            field(g.referenceQueue()), field(g.otherQueue()), Integer.toString(g.seeds().size()), m.name().toLowerCase(),
                            ValueFormat.unitName(m.unit()), value(mc.reference()), state(mc.reference()), value(mc.other()),
                            state(mc.other()), value(mc.difference()), state(mc.difference()), value(ps.median()), value(ps.min()),
                            value(ps.max()), Integer.toString(ps.censoredSeeds()), Integer.toString(ps.missingSeeds())));
                    csv.append(',').append(host(row.referenceHost())).append(',').append(host(row.otherHost())).append('\n');
                }
            }
        }
        return csv.toString();
    }

    private static String hostColumns(String side) {
        return String.join(",", side + "_host_runs", side + "_host_recorded_runs", side + "_host_cpu_mean_pct",
                side + "_host_cpu_peak_pct", side + "_host_saturated_runs", side + "_host_saturated_max_s");
    }

    private static String host(HostSummary h) {
        if (h == null) return ",,,,,";
        return String.join(",", Integer.toString(h.runs()), Integer.toString(h.recorded()), value(h.cpuMeanMedian()),
                value(h.cpuPeakMax()), h.recorded() == 0 ? "" : Integer.toString(h.saturatedRuns()), value(h.saturatedMaxS()));
    }

    private static String value(Stat s) {
        return s.observed() ? Units.csvNumber(s.value()) : "";
    }

    private static String state(Stat s) {
        return s.kind().name().toLowerCase();
    }

    /** RFC 4180 quoting for a text field. */
    static String field(String text) {
        if (text == null) return "";
        if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0) return text;
        return '"' + text.replace("\"", "\"\"") + '"';
    }
}
