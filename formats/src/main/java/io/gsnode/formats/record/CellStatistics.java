package io.gsnode.formats.record;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.function.Function;

/** Turns a cell's node records into its {@link CellSummary} (docs/arms.md §12.3). */
public final class CellStatistics {

    /** Completions within this many milliseconds of the publish count for the rate at the deadline (docs/arms.md §12.3). */
    public static final long DEADLINE_MS = 3000;

    private CellStatistics() {}

    /**
     * @param host the backend's host measurements (netns), or an empty map
     */
    public static CellSummary summarise(List<NodeRecord> records, Map<String, Object> host) {
        if (records.isEmpty()) throw new IllegalArgumentException("a cell without records has no summary");
        NodeRecord first = records.get(0);
        List<NodeRecord> receivers = records.stream().filter(NodeRecord::receiver).toList();
        List<Double> times = new ArrayList<>();
        int lost = 0;
        int onTime = 0;
        for (NodeRecord r : receivers) {
            if ("lost".equals(r.status())) lost++;
            if (r.completed() && r.completionMs() != null) {
                times.add(r.completionMs());
                if (r.completionMs() <= DEADLINE_MS) onTime++;
            }
        }
        times.sort(null);
        int population = receivers.size();
        CellIdentity identity = first.identity().withImplAndCondition(impl(records), condition(records));
        SortedMap<String, Object> settings = CellSettings.of(identity, records);
        return new CellSummary(CellSummary.SCHEMA, identity,
                population, times.size(), lost,
                quantile(times, population, 0.50), quantile(times, population, 0.90), quantile(times, population, 0.99),
                times.size() == population && !times.isEmpty() ? times.get(times.size() - 1) : null,
                population == 0 ? 0 : (double) onTime / population, DEADLINE_MS,
                medianOrNull(receivers, r -> r.bytes() == null ? null : r.bytes().rx()),
                medianOrNull(receivers, r -> r.bytes() == null ? null : r.bytes().tx()),
                medianOfKnown(receivers, r -> r.bytes() == null ? null : r.bytes().rxData()),
                medianOfKnown(receivers, r -> r.bytes() == null ? null : r.bytes().rxControl()),
                medianOfKnown(receivers, r -> r.msgs() == null ? null : r.msgs().duplicates()),
                medianOrNull(receivers, NodeRecord::cpuMs), warmup(receivers), windows(records), host, CellSummary.saturated(host),
                CellSettings.builds(records), CellSettings.fingerprint(settings), settings);
    }

    /** The warm-up over the receivers (docs/conditions.md §2): how many completed it, how many late, its quantiles. */
    static Map<String, Object> warmup(List<NodeRecord> receivers) {
        if (receivers.stream().noneMatch(r -> r.warmup() != null)) return null;
        List<Double> times = new ArrayList<>();
        int late = 0;
        for (NodeRecord r : receivers) {
            NodeRecord.Warmup w = r.warmup();
            if (w == null || w.late()) late++;
            if (w != null && w.completed() && w.completionMs() != null) times.add(w.completionMs());
        }
        times.sort(null);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("receivers", receivers.size());
        m.put("completed", times.size());
        m.put("late", late);
        m.put("p50_ms", quantile(times, receivers.size(), 0.50));
        m.put("p99_ms", quantile(times, receivers.size(), 0.99));
        return m;
    }

    /** The windows at the publish over every node (docs/conditions.md §4), and the publisher's smallest against the initial one. */
    static Map<String, Object> windows(List<NodeRecord> records) {
        int connections = 0, readable = 0, above = 0;
        Integer carried = null, carriedAbove = null;
        String source = null;
        Double publisherMin = null;
        for (NodeRecord r : records) {
            NodeRecord.CongestionWindows c = r.cwndAtPublish();
            if (c == null) continue;
            connections += c.connections();
            readable += c.readable();
            above += c.aboveInitial();
            if (c.carriedWarmup() != null) {
                carried = (carried == null ? 0 : carried) + c.carriedWarmup();
                carriedAbove = (carriedAbove == null ? 0 : carriedAbove) + c.carriedWarmupAboveInitial();
            }
            if (source == null || c.readable() > 0) source = c.source();
            if ("publisher".equals(r.role()) && c.minBytes() != null && c.initialBytes() != null && c.initialBytes() > 0) {
                publisherMin = Math.round(100.0 * c.minBytes() / c.initialBytes()) / 100.0;
            }
        }
        if (source == null) return null;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", source);
        m.put("connections", connections);
        m.put("readable", readable);
        m.put("above_initial", above);
        if (carried != null) {
            m.put("carried_warmup", carried);
            m.put("carried_warmup_above_initial", carriedAbove);
        }
        m.put("publisher_min_over_initial", publisherMin);
        return m;
    }

    /** The condition the records state (a lost record states none), cold when none does. */
    static String condition(List<NodeRecord> records) {
        for (NodeRecord r : records) if (r.identity().condition() != null) return r.identity().condition();
        return NodeRecord.COLD;
    }

    /** The implementation every record names, or {@link CellSummary#MIXED} when they differ. */
    static String impl(List<NodeRecord> records) {
        String impl = records.get(0).identity().impl();
        for (NodeRecord r : records) if (!impl.equals(r.identity().impl())) return CellSummary.MIXED;
        return impl;
    }

    /**
     * The element at index ceil(q × population) − 1 of the sorted completion times, where the
     * population counts every receiver; null (censored) when that rank lies beyond the completed ones.
     */
    static Double quantile(List<Double> sortedCompleted, int population, double q) {
        if (population == 0) return null;
        int rank = (int) Math.ceil(q * population) - 1;
        rank = Math.max(rank, 0);
        return rank < sortedCompleted.size() ? sortedCompleted.get(rank) : null;
    }

    /**
     * The median over the receivers that counted it: a lost node's counters were never seen, and
     * counting them as 0 would pull the median down; null when no receiver counted it.
     */
    private static Long medianOfKnown(List<NodeRecord> records, Function<NodeRecord, Long> f) {
        long[] values = records.stream().map(f).filter(Objects::nonNull).mapToLong(Long::longValue).sorted().toArray();
        return values.length == 0 ? null : values[(values.length - 1) / 2];
    }

    private static Long medianOrNull(List<NodeRecord> records, Function<NodeRecord, Long> f) {
        List<Long> values = new ArrayList<>();
        for (NodeRecord r : records) {
            Long v = f.apply(r);
            if (v == null) return null;
            values.add(v);
        }
        if (values.isEmpty()) return null;
        values.sort(null);
        return values.get((values.size() - 1) / 2);
    }
}
