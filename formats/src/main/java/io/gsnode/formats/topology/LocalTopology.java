package io.gsnode.formats.topology;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What one node needs from the topology, and nothing of size n²: the header, its own entry, the
 * peers it dials and those that dial it, every node's IP, and its own row of the latency matrix.
 * Made by {@link TopologyReader#readLocal}, which validated the whole file on the way.
 */
public final class LocalTopology {

    private final int n;
    private final long seed;
    private final int degree;
    private final LatencyModel latencyModel;
    private final Scenario scenario;
    private final int publisher;
    private final TopologyNode self;
    private final List<String> ips;
    private final List<Integer> dials;
    private final List<Integer> dialedBy;
    private final int[] latencyRowMicros;

    LocalTopology(int n, long seed, int degree, LatencyModel latencyModel, Scenario scenario, int publisher,
                  TopologyNode self, List<String> ips, List<Integer> dials, List<Integer> dialedBy, int[] latencyRowMicros) {
        this.n = n;
        this.seed = seed;
        this.degree = degree;
        this.latencyModel = Objects.requireNonNull(latencyModel);
        this.scenario = Objects.requireNonNull(scenario);
        this.publisher = publisher;
        this.self = Objects.requireNonNull(self);
        this.ips = List.copyOf(ips);
        this.dials = List.copyOf(dials);
        this.dialedBy = List.copyOf(dialedBy);
        if (this.ips.size() != n || latencyRowMicros.length != n) {
            throw new IllegalArgumentException("ips and the latency row need n = " + n + " entries");
        }
        this.latencyRowMicros = latencyRowMicros.clone();
    }

    public int n() {
        return n;
    }

    public long seed() {
        return seed;
    }

    /** The random regular graph's degree, or 0 for a line or star graph. */
    public int degree() {
        return degree;
    }

    public LatencyModel latencyModel() {
        return latencyModel;
    }

    public Scenario scenario() {
        return scenario;
    }

    public int publisher() {
        return publisher;
    }

    /** This node's own entry: index, IP, region and access link. */
    public TopologyNode self() {
        return self;
    }

    /** The IP of node {@code index}, dotted quad. */
    public String ipOf(int index) {
        return ips.get(index);
    }

    /** The peers this node dials, ascending (edges (self, b)). */
    public List<Integer> dials() {
        return dials;
    }

    /** The peers that dial this node, ascending (edges (a, self)); it waits for them, dials none. */
    public List<Integer> dialedBy() {
        return dialedBy;
    }

    /** One-way latency from this node to {@code peer}, microseconds (this node's row). */
    public int latencyMicrosTo(int peer) {
        return latencyRowMicros[Objects.checkIndex(peer, n)];
    }

    /** One-way latency from this node to {@code peer}. */
    public Duration latencyTo(int peer) {
        return Duration.ofNanos(latencyMicrosTo(peer) * 1_000L);
    }

    /** A copy of this node's whole latency row, microseconds. */
    public int[] latencyRowMicros() {
        return latencyRowMicros.clone();
    }

    @Override
    public String toString() {
        return "LocalTopology[node " + self.index() + " of " + n + ", dials " + dials.size() + ", dialed by "
                + dialedBy.size() + ", row " + Arrays.stream(latencyRowMicros).limit(4).boxed().toList() + "...]";
    }
}
