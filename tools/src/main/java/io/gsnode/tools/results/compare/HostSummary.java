package io.gsnode.tools.results.compare;

import io.gsnode.tools.results.Cell;
import io.gsnode.tools.results.Medians;
import io.gsnode.tools.results.Stat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The host load of a netns side's runs in one row (docs/records.md §3.1 {@code host}: {@code cpu_mean},
 * {@code cpu_peak} in percent of all hardware threads, {@code saturated_s} at ≥ 95 % busy). A
 * real-stack latency is a network result only when the host spent no second saturated (report
 * §10), so every netns row shows it.
 *
 * @param recorded runs whose record carries the host measurements
 */
public record HostSummary(int runs, int recorded, Stat cpuMeanMedian, Stat cpuPeakMax, int saturatedRuns, Stat saturatedMaxS) {

    public static HostSummary of(List<Cell> runs) {
        List<Stat> means = new ArrayList<>();
        double peak = Double.NEGATIVE_INFINITY;
        double saturatedMax = 0;
        int recorded = 0;
        int saturated = 0;
        for (Cell c : runs) {
            Map<String, Object> host = c.summary().host();
            Double mean = number(host, "cpu_mean");
            Double runPeak = number(host, "cpu_peak");
            Double seconds = number(host, "saturated_s");
            if (mean == null || runPeak == null || seconds == null) continue;
            recorded++;
            means.add(Stat.of(mean));
            peak = Math.max(peak, runPeak);
            if (seconds > 0) saturated++;
            saturatedMax = Math.max(saturatedMax, seconds);
        }
        if (recorded == 0) return new HostSummary(runs.size(), 0, Stat.MISSING, Stat.MISSING, 0, Stat.MISSING);
        return new HostSummary(runs.size(), recorded, Medians.median(means), Stat.of(peak), saturated, Stat.of(saturatedMax));
    }

    private static Double number(Map<String, Object> host, String key) {
        return host != null && host.get(key) instanceof Number v ? v.doubleValue() : null;
    }

    /** "cpu 35% (peak 98%), saturated in 3 of 30 runs (up to 1.2 s)"; "host not recorded". */
    public String format() {
        if (recorded == 0) return "host not recorded";
        String load = String.format(Locale.ROOT, "cpu %.0f%% (peak %.0f%%), ", cpuMeanMedian.value(), cpuPeakMax.value());
        String saturation = saturatedRuns == 0 ? "never saturated (" + recorded + (recorded == 1 ? " run)" : " runs)")
                : String.format(Locale.ROOT, "saturated in %d of %d runs (up to %.2f s)", saturatedRuns, recorded, saturatedMaxS.value());
        return load + saturation + (recorded < runs ? "; host recorded in " + recorded + " of " + runs + " runs" : "");
    }
}
