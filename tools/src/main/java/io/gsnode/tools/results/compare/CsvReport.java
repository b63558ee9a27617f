package io.gsnode.tools.results.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.gsnode.tools.results.Stat;
import io.gsnode.tools.results.Units;
import java.util.ArrayList;
import java.util.List;

/**
 * The comparison as CSV (RFC 4180, by jackson-dataformat-csv), one line per row and metric: a
 * value column is empty unless its state column says {@code observed} (the others are
 * {@code censored} and {@code missing}). Each side's host columns are empty unless it is netns.
 * Numbers are written by {@link Units#csvNumber}: no grouping, no exponent.
 */
public final class CsvReport {

    /** CsvMapper sorts columns alphabetically unless told not to; they follow {@link Line}. */
    private static final CsvMapper MAPPER = CsvMapper.builder().disable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY).build();
    private static final CsvSchema SCHEMA = MAPPER.schemaFor(Line.class).withHeader();

    private CsvReport() {}

    /** One line of the file; the columns in this order, named in snake case. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Line(String reference, String other, String arm, String transport, int n, int payloadBytes, String scenario,
                String referenceQueue, String otherQueue, int seeds, String metric, String unit, String referenceValue,
                String referenceState, String otherValue, String otherState, String differencePct, String differenceState,
                String perSeedDifferenceMedianPct, String perSeedDifferenceMinPct, String perSeedDifferenceMaxPct,
                int perSeedCensoredSeeds, int perSeedMissingSeeds,
                Integer referenceHostRuns, Integer referenceHostRecordedRuns, String referenceHostCpuMeanPct,
                String referenceHostCpuPeakPct, Integer referenceHostSaturatedRuns, String referenceHostSaturatedMaxS,
                Integer otherHostRuns, Integer otherHostRecordedRuns, String otherHostCpuMeanPct, String otherHostCpuPeakPct,
                Integer otherHostSaturatedRuns, String otherHostSaturatedMaxS) {}

    public static String render(List<Comparison> comparisons) {
        List<Line> lines = new ArrayList<>();
        for (Comparison c : comparisons) {
            for (ComparisonRow row : c.rows()) {
                PairedGroup g = row.group();
                HostSummary rh = row.referenceHost(), oh = row.otherHost();
                for (Metric m : Metric.values()) {
                    MetricComparison mc = row.metric(m);
                    PerSeedDifference ps = mc.perSeed();
                    lines.add(new Line(c.reference(), c.other(), g.arm(), g.transport(), g.n(), g.payloadBytes(), g.scenario(),
                            g.referenceQueue(), g.otherQueue(), g.seeds().size(), m.name().toLowerCase(),
                            ValueFormat.unitName(m.unit()), value(mc.reference()), state(mc.reference()), value(mc.other()),
                            state(mc.other()), value(mc.difference()), state(mc.difference()), value(ps.median()), value(ps.min()),
                            value(ps.max()), ps.censoredSeeds(), ps.missingSeeds(),
                            rh == null ? null : rh.runs(), rh == null ? null : rh.recorded(), rh == null ? null : value(rh.cpuMeanMedian()),
                            rh == null ? null : value(rh.cpuPeakMax()), saturatedRuns(rh), rh == null ? null : value(rh.saturatedMaxS()),
                            oh == null ? null : oh.runs(), oh == null ? null : oh.recorded(), oh == null ? null : value(oh.cpuMeanMedian()),
                            oh == null ? null : value(oh.cpuPeakMax()), saturatedRuns(oh), oh == null ? null : value(oh.saturatedMaxS())));
                }
            }
        }
        try {
            return MAPPER.writer(SCHEMA).writeValueAsString(lines);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the comparison as CSV", e);
        }
    }

    /** Unknown, not zero, when no run of the side recorded its host. */
    private static Integer saturatedRuns(HostSummary h) {
        return h == null || h.recorded() == 0 ? null : h.saturatedRuns();
    }

    private static String value(Stat s) {
        return s.observed() ? Units.csvNumber(s.value()) : null;
    }

    private static String state(Stat s) {
        return s.kind().name().toLowerCase();
    }
}
