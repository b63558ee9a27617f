package io.gsnode.tools.results.compare;

import io.gsnode.formats.record.CellSummary;
import io.gsnode.tools.results.Stat;
import java.util.function.Function;

/** A statistic of one cell that the comparison takes medians of, with its unit. */
public enum Metric {
    P50("p50", Unit.MS, s -> Stat.quantile(s.p50Ms())),
    P90("p90", Unit.MS, s -> Stat.quantile(s.p90Ms())),
    P99("p99", Unit.MS, s -> Stat.quantile(s.p99Ms())),
    RATE_AT_DEADLINE("completed within the deadline", Unit.FRACTION, s -> Stat.of(s.rateAtDeadline())),
    RX_SOCKET("rx/node, socket", Unit.BYTES, s -> Stat.counter(s.medianRxBytes())),
    TX_SOCKET("tx/node, socket", Unit.BYTES, s -> Stat.counter(s.medianTxBytes())),
    RX_DATA("rx/node, gossip data", Unit.BYTES, s -> Stat.counter(s.medianRxDataBytes())),
    RX_CONTROL("rx/node, gossip control", Unit.BYTES, s -> Stat.counter(s.medianRxControlBytes())),
    DUPLICATES("duplicates/node", Unit.COUNT, s -> Stat.counter(s.medianDuplicates())),
    CPU("CPU/node", Unit.MS, s -> Stat.counter(s.medianCpuMs()));

    /** How a metric's values print. */
    public enum Unit { MS, BYTES, COUNT, FRACTION }

    private final String label;
    private final Unit unit;
    private final Function<CellSummary, Stat> extractor;

    Metric(String label, Unit unit, Function<CellSummary, Stat> extractor) {
        this.label = label;
        this.unit = unit;
        this.extractor = extractor;
    }

    public String label() {
        return label;
    }

    public Unit unit() {
        return unit;
    }

    public Stat of(CellSummary summary) {
        return extractor.apply(summary);
    }
}
