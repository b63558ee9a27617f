package io.gsnode.tools.results.compare;

import io.gsnode.tools.results.Stat;
import io.gsnode.tools.results.Units;
import java.util.List;
import java.util.Map;

/**
 * The comparison as markdown tables shaped like the report's (its section 10 and Appendix D; docs/arms.md §0):
 * per side against the reference, completion times with the host beside them, then bytes,
 * duplicates and CPU per node, then every exclusion.
 */
public final class MarkdownReport {

    private static final List<Metric> PER_NODE = List.of(Metric.RATE_AT_DEADLINE, Metric.RX_SOCKET, Metric.TX_SOCKET,
            Metric.RX_DATA, Metric.RX_CONTROL, Metric.DUPLICATES, Metric.CPU);

    private MarkdownReport() {}

    /** @param builds each side's builds, as {@link io.gsnode.tools.results.CellBuilds#describe} writes them */
    public static String render(List<Comparison> comparisons, Map<String, String> builds) {
        StringBuilder md = new StringBuilder();
        String reference = comparisons.get(0).reference();
        md.append("# Comparison against ").append(reference).append(" (reference)\n\n");
        md.append("Each side's value is the median across the paired seeds of each seed's statistic, a seed's statistic "
                + "being the median of its runs. \"vs\": the difference of those medians, in percent of the reference. "
                + "\"per seed\": the median across seeds of each seed's difference, with the range across seeds in brackets. "
                + "A ratio of 2 or more is written as a multiplier (×2.5). \"censored\": the quantile falls among receivers "
                + "that never completed. Host: local and netns sides; a latency is a network result only when the host was "
                + "never saturated (≥ 95 % busy), so runs on a saturated host are left out unless --include-saturated.\n");
        if (!builds.isEmpty()) {
            md.append("\nBuilds: ");
            md.append(String.join("; ", builds.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList())).append(".\n");
        }
        for (Comparison c : comparisons) section(md, c);
        return md.toString();
    }

    private static void section(StringBuilder md, Comparison c) {
        String ref = c.reference();
        String oth = c.other();
        md.append("\n## ").append(oth).append(" against ").append(ref).append("\n\n");
        md.append("Pairing: ").append(c.pairing().summary()).append(".\n");
        if (!c.rows().isEmpty()) {
            md.append("\n### Receiver completion (ms)\n\n");
            md.append("| arm | transport | n | payload | scenario | queue | seeds | ").append(ref).append(" p50 / p99 | ")
                    .append(oth).append(" p50 / p99 | ").append(oth).append(" vs ").append(ref).append(", p50 | p99 | per seed, p50 | per seed, p99 | host |\n");
            md.append("| --- | --- | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n");
            for (ComparisonRow row : c.rows()) {
                MetricComparison p50 = row.metric(Metric.P50);
                MetricComparison p99 = row.metric(Metric.P99);
                md.append(identity(row)).append(ms(p50.reference())).append(" / ").append(ms(p99.reference())).append(" | ")
                        .append(ms(p50.other())).append(" / ").append(ms(p99.other())).append(" | ")
                        .append(Difference.format(p50.difference())).append(" | ").append(Difference.format(p99.difference())).append(" | ")
                        .append(p50.perSeed().format()).append(" | ").append(p99.perSeed().format()).append(" | ")
                        .append(host(row, ref, oth)).append(" |\n");
            }
            md.append("\n### Per node: bytes, duplicates, CPU\n\n");
            md.append("| arm | transport | n | payload | scenario | queue | seeds | metric | ").append(ref).append(" | ").append(oth)
                    .append(" | ").append(oth).append(" vs ").append(ref).append(" | per seed |\n");
            md.append("| --- | --- | ---: | ---: | --- | --- | ---: | --- | ---: | ---: | ---: | ---: |\n");
            for (ComparisonRow row : c.rows()) {
                for (Metric m : PER_NODE) {
                    MetricComparison mc = row.metric(m);
                    if (mc.reference().missing() && mc.other().missing()) continue;
                    md.append(identity(row)).append(m.label()).append(" | ").append(ValueFormat.format(mc.reference(), m.unit()))
                            .append(" | ").append(ValueFormat.format(mc.other(), m.unit())).append(" | ")
                            .append(Difference.format(mc.difference())).append(" | ").append(mc.perSeed().format()).append(" |\n");
                }
            }
        }
        if (!c.pairing().exclusions().isEmpty()) {
            md.append("\n### Excluded\n\n");
            for (Exclusion e : c.pairing().exclusions()) md.append("- ").append(e).append('\n');
        }
    }

    private static String identity(ComparisonRow row) {
        PairedGroup g = row.group();
        return "| " + g.arm() + " | " + g.transport() + " | " + g.n() + " | " + Units.payload(g.payloadBytes()) + " | "
                + g.scenario() + " | " + g.queueLabel() + " | " + g.seeds().size() + " | ";
    }

    private static String ms(Stat s) {
        return ValueFormat.format(s, Metric.Unit.MS);
    }

    private static String host(ComparisonRow row, String ref, String oth) {
        if (row.referenceHost() == null && row.otherHost() == null) return "–";
        StringBuilder b = new StringBuilder();
        if (row.referenceHost() != null) b.append(ref).append(": ").append(row.referenceHost().format());
        if (row.otherHost() != null) b.append(b.isEmpty() ? "" : "; ").append(oth).append(": ").append(row.otherHost().format());
        return b.toString();
    }
}
