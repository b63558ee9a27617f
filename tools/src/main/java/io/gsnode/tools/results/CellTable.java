package io.gsnode.tools.results;

import io.gsnode.formats.record.CellIdentity;
import io.gsnode.formats.record.CellSummary;
import java.util.List;

/** One side's cells as a markdown table, one row per cell: what {@code gsnode demo} writes beside its figure. */
public final class CellTable {

    private CellTable() {}

    public static String markdown(List<CellSummary> cells) {
        StringBuilder md = new StringBuilder();
        md.append("| arm | transport | n | payload | scenario | seed | run | completed | p50 (ms) | p99 (ms) | rx/node, socket "
                + "| rx/node, gossip data | control rx/node | duplicates/node |\n");
        md.append("| --- | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (CellSummary s : cells) {
            CellIdentity id = s.identity();
            md.append("| ").append(id.arm()).append(" | ").append(id.transport()).append(" | ").append(id.n()).append(" | ")
                    .append(Units.payload(id.payloadBytes())).append(" | ").append(id.scenario()).append(" | ").append(id.seed())
                    .append(" | ").append(id.run()).append(" | ").append(s.completed()).append('/').append(s.receivers())
                    .append(s.lost() > 0 ? " (" + s.lost() + " lost)" : "").append(" | ").append(ms(s.p50Ms())).append(" | ")
                    .append(ms(s.p99Ms())).append(" | ").append(s.medianRxBytes() == null ? "–" : Units.bytes(s.medianRxBytes()))
                    .append(" | ").append(bytes(s.medianRxDataBytes())).append(" | ").append(bytes(s.medianRxControlBytes()))
                    .append(" | ").append(s.medianDuplicates() == null ? "–" : s.medianDuplicates().toString()).append(" |\n");
        }
        return md.toString();
    }

    /** A median no receiver counted (every one lost) is not a zero. */
    private static String bytes(Long v) {
        return v == null ? "–" : Units.bytes(v);
    }

    private static String ms(Double v) {
        return v == null ? "censored" : Units.millis(v);
    }
}
