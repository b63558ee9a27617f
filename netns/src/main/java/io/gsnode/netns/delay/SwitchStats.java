package io.gsnode.netns.delay;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.gsnode.formats.stats.Histogram;
import java.util.List;
import java.util.Map;

/**
 * A snapshot of the switch's counters ({@code gsnode.switch/1}); written as JSON (snake_case
 * names) by {@link SwitchStatsFile}. Live snapshots are taken while threads run, so sums may be a
 * few packets apart; the final one, taken after every thread stopped, is exact.
 *
 * @param schema {@value #SCHEMA}
 * @param finalSnapshot true for the snapshot written at shutdown
 * @param uptimeMs since {@link DelaySwitch#start}
 * @param nodes nodes served
 * @param aliveNodes nodes whose endpoint is still alive
 * @param tun the device name in each namespace
 * @param budgetPackets the most packets that may wait at once
 * @param slotBytes the size of each packet slot (largest packet + 1)
 * @param writers scheduler threads
 * @param timerSlackSet whether every scheduler got a 1 ns timer slack
 * @param nice the nice value the forwarding threads run at (0 when none was asked or it was refused)
 * @param packets packets read from the nodes' devices
 * @param bytes bytes read (IP packets, headers included)
 * @param deliveredPackets packets written into destination devices
 * @param deliveredBytes bytes written
 * @param waiting packets waiting out their delay now
 * @param waitingPeak the most that ever waited at once
 * @param unsentAtClose packets still waiting when the switch closed (not sent, not counted as drops)
 * @param drops drops by cause (see {@link DropCause})
 * @param dropped all drops
 * @param latenessUs how late writes were issued against their due instant
 * @param cpuMs CPU time of the switch's threads
 * @param perNode one entry per node
 */
public record SwitchStats(
        String schema,
        @JsonProperty("final") boolean finalSnapshot,
        long uptimeMs,
        int nodes,
        int aliveNodes,
        String tun,
        int budgetPackets,
        int slotBytes,
        int writers,
        boolean timerSlackSet,
        int nice,
        long packets,
        long bytes,
        long deliveredPackets,
        long deliveredBytes,
        long waiting,
        long waitingPeak,
        long unsentAtClose,
        Map<String, Long> drops,
        long dropped,
        @JsonProperty("lateness_us") Lateness latenessUs,
        long cpuMs,
        List<NodeStats> perNode) {

    public static final String SCHEMA = "gsnode.switch/1";

    /** Drops for {@code cause}. */
    public long drops(DropCause cause) {
        return drops.getOrDefault(cause.label(), 0L);
    }

    /**
     * Lateness of delivery in microseconds (p50, p99, p99.9 exact below 2048 µs, within 1/64 above).
     *
     * @param count packets measured (each delivered packet once)
     * @param p50 median
     * @param p99 99th percentile
     * @param p999 99.9th percentile
     * @param max the largest
     * @param mean the mean
     */
    public record Lateness(long count, long p50, long p99, long p999, long max, double mean) {

        static Lateness of(Histogram.Summary s) {
            return new Lateness(s.count(), s.p50(), s.p99(), s.p999(), s.max(), s.mean());
        }
    }

    /**
     * One node's counters.
     *
     * @param index node index
     * @param namespace the namespace path the switch attached in
     * @param alive whether its endpoint is alive
     * @param deathReason why it died, or null
     * @param fromPackets packets read from its device (what it sent)
     * @param fromBytes bytes read from its device
     * @param toPackets packets written into its device (what it received)
     * @param toBytes bytes written into its device
     * @param droppedTo packets meant for it that were dropped (dead, refused, budget)
     */
    public record NodeStats(int index, String namespace, boolean alive, String deathReason, long fromPackets,
                            long fromBytes, long toPackets, long toBytes, long droppedTo) {
    }
}
