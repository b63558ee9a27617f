package io.gsnode.netns.delay;

import io.gsnode.formats.topology.Topology;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What a {@link DelaySwitch} serves and how.
 *
 * @param topology the topology: node i's address is {@code nodes[i].ip}, and a packet from node i
 *     to node j waits {@code latency_us[i][j]}
 * @param namespaces node i's network namespace at index i (see {@link NamespacePaths})
 * @param tunName the TUN device's name in every namespace (default {@value #DEFAULT_TUN})
 * @param budgetPackets the most packets that may wait at once; more are dropped and counted
 *     (default {@value #DEFAULT_BUDGET_PACKETS})
 * @param writers scheduler threads; destination j belongs to scheduler j % writers (default
 *     {@link #defaultWriters}). Each write runs the destination's kernel receive path on the writing
 *     thread, so one writer tops out near 100k packets per second; more writers use more cores.
 * @param nice the nice value of the switch's reader and writer threads (default {@value #DEFAULT_NICE};
 *     0 leaves them as they are; below 0 needs CAP_SYS_NICE, and where refused the stats say so)
 * @param spinMicros wake this long before a packet is due and spin the rest (0: sleep only, the
 *     default; spinning trades CPU for punctuality on a loaded host)
 * @param watchEvery how often to check that every namespace still exists (default 100 ms)
 * @param createMissingDevices create a device that is absent (non-persistent: it goes when the
 *     switch closes) instead of failing (default true)
 * @param statsFile where {@link DelaySwitch#close} writes the final stats, or null
 */
public record SwitchConfig(Topology topology, List<Path> namespaces, String tunName, int budgetPackets, int writers,
                           int nice, long spinMicros, Duration watchEvery, boolean createMissingDevices, Path statsFile) {

    public static final String DEFAULT_TUN = "gs0";
    public static final int DEFAULT_BUDGET_PACKETS = 32_768;
    public static final int DEFAULT_NICE = -10;

    public SwitchConfig {
        Objects.requireNonNull(topology, "topology");
        namespaces = List.copyOf(namespaces);
        if (namespaces.size() != topology.n()) {
            throw new IllegalArgumentException(namespaces.size() + " namespaces for " + topology.n() + " nodes");
        }
        Objects.requireNonNull(tunName, "tunName");
        if (budgetPackets < 1) throw new IllegalArgumentException("budgetPackets must be at least 1, was " + budgetPackets);
        if (writers < 1) throw new IllegalArgumentException("writers must be at least 1, was " + writers);
        if (nice < -20 || nice > 19) throw new IllegalArgumentException("nice must be in -20..19, was " + nice);
        if (spinMicros < 0) throw new IllegalArgumentException("spinMicros must not be negative, was " + spinMicros);
        Objects.requireNonNull(watchEvery, "watchEvery");
        if (watchEvery.isNegative() || watchEvery.isZero()) throw new IllegalArgumentException("watchEvery must be positive");
    }

    /** The defaults: device gs0, a 32768-packet budget, {@link #defaultWriters} writers, nice -10, no spinning, 100 ms watch, no stats file. */
    public static SwitchConfig of(Topology topology, List<Path> namespaces) {
        return new SwitchConfig(topology, namespaces, DEFAULT_TUN, DEFAULT_BUDGET_PACKETS, defaultWriters(), DEFAULT_NICE, 0,
                Duration.ofMillis(100), true, null);
    }

    /** Half the host's cores, at least 2 and at most 8. */
    public static int defaultWriters() {
        return Math.min(8, Math.max(2, Runtime.getRuntime().availableProcessors() / 2));
    }

    public SwitchConfig withTunName(String name) {
        return new SwitchConfig(topology, namespaces, name, budgetPackets, writers, nice, spinMicros, watchEvery, createMissingDevices, statsFile);
    }

    public SwitchConfig withBudgetPackets(int budget) {
        return new SwitchConfig(topology, namespaces, tunName, budget, writers, nice, spinMicros, watchEvery, createMissingDevices, statsFile);
    }

    public SwitchConfig withWriters(int count) {
        return new SwitchConfig(topology, namespaces, tunName, budgetPackets, count, nice, spinMicros, watchEvery, createMissingDevices, statsFile);
    }

    public SwitchConfig withNice(int value) {
        return new SwitchConfig(topology, namespaces, tunName, budgetPackets, writers, value, spinMicros, watchEvery, createMissingDevices, statsFile);
    }

    public SwitchConfig withSpinMicros(long micros) {
        return new SwitchConfig(topology, namespaces, tunName, budgetPackets, writers, nice, micros, watchEvery, createMissingDevices, statsFile);
    }

    public SwitchConfig withWatchEvery(Duration period) {
        return new SwitchConfig(topology, namespaces, tunName, budgetPackets, writers, nice, spinMicros, period, createMissingDevices, statsFile);
    }

    public SwitchConfig withCreateMissingDevices(boolean create) {
        return new SwitchConfig(topology, namespaces, tunName, budgetPackets, writers, nice, spinMicros, watchEvery, create, statsFile);
    }

    public SwitchConfig withStatsFile(Path file) {
        return new SwitchConfig(topology, namespaces, tunName, budgetPackets, writers, nice, spinMicros, watchEvery, createMissingDevices, file);
    }
}
