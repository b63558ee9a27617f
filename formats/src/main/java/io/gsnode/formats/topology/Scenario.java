package io.gsnode.formats.topology;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A link scenario of the report: which nodes get which access link ({@code docs/arms.md} §2 and
 * §10.3). The names are {@code home}, {@code dc20}, {@code dcb20} and {@code upN} (N a positive
 * integer number of Mbps, written without leading zeros so that a scenario has one spelling). Two
 * scenarios are equal when their names are; the rates follow from the name.
 */
public final class Scenario {

    /** 1 Mbps = 10^6 bit/s (simlibp2p's {@code OneMbps}; docs/arms.md §10.3 marks it UNCONFIRMED). */
    public static final long BITS_PER_MBPS = 1_000_000L;

    /** docs/arms.md §2: {@code SEGMENT_UP_MBPS} / {@code SEGMENT_DOWN_MBPS} = 50 / 100. */
    static final long HOME_UP_MBPS = 50;
    static final long HOME_DOWN_MBPS = 100;

    /** docs/arms.md §10.3: {@code SEGMENT_DATACENTER_MBPS} default 1000, symmetric. */
    static final long DATACENTER_MBPS = 1000;

    /** docs/arms.md §2: dcb20 sets {@code SEGMENT_BUILDER_UP_MBPS=1000}; §10.3: symmetric 1 Gbps. */
    static final long BUILDER_MBPS = 1000;

    /** docs/arms.md §2: dc20 sets {@code SEGMENT_DATACENTER_PCT=20}. */
    static final int DC20_PERCENT = 20;

    /** The largest N accepted in upN: 100 Gbps, far above any access link worth simulating. */
    static final long MAX_UP_MBPS = 100_000;

    /** The accepted names, for help and error messages. */
    public static final String NAMES = "home, dc20, dcb20, upN (N = 1.." + MAX_UP_MBPS + " Mbps)";

    private static final Pattern UP_N = Pattern.compile("up([1-9][0-9]{0,5})");

    private final String name;
    private final long homeUpMbps;
    private final long homeDownMbps;
    private final int datacenterPercent;
    private final boolean builder;

    private Scenario(String name, long homeUpMbps, long homeDownMbps, int datacenterPercent, boolean builder) {
        this.name = name;
        this.homeUpMbps = homeUpMbps;
        this.homeDownMbps = homeDownMbps;
        this.datacenterPercent = datacenterPercent;
        this.builder = builder;
    }

    /** Every node a home validator at 50 / 100 Mbps; node 0 is a "local builder". */
    public static Scenario home() {
        return new Scenario("home", HOME_UP_MBPS, HOME_DOWN_MBPS, 0, false);
    }

    /** Home, with nodes 1..floor(20 × (N − 1) / 100) in datacenters. */
    public static Scenario dc20() {
        return new Scenario("dc20", HOME_UP_MBPS, HOME_DOWN_MBPS, DC20_PERCENT, false);
    }

    /** dc20, with node 0 a 1 Gbps builder. */
    public static Scenario dcb20() {
        return new Scenario("dcb20", HOME_UP_MBPS, HOME_DOWN_MBPS, DC20_PERCENT, true);
    }

    /** Every node a home validator at N / 2N Mbps (docs/arms.md §2: upN is N up, 2N down). */
    public static Scenario up(long mbps) {
        if (mbps < 1 || mbps > MAX_UP_MBPS) {
            throw new IllegalArgumentException("upN needs N in 1.." + MAX_UP_MBPS + " Mbps, was " + mbps);
        }
        return new Scenario("up" + mbps, mbps, 2 * mbps, 0, false);
    }

    /** The scenario with this name, or empty when the name is none of {@link #NAMES}. */
    public static Optional<Scenario> parse(String name) {
        switch (name) {
            case "home":
                return Optional.of(home());
            case "dc20":
                return Optional.of(dc20());
            case "dcb20":
                return Optional.of(dcb20());
            default:
                Matcher m = UP_N.matcher(name);
                if (!m.matches() || Long.parseLong(m.group(1)) > MAX_UP_MBPS) return Optional.empty();
                return Optional.of(up(Long.parseLong(m.group(1))));
        }
    }

    /** The name, as in the file and on the command line. */
    public String name() {
        return name;
    }

    /** Uplink of a home node, Mbps ({@code SEGMENT_UP_MBPS}). */
    public long homeUpMbps() {
        return homeUpMbps;
    }

    /** Downlink of a home node, Mbps ({@code SEGMENT_DOWN_MBPS}). */
    public long homeDownMbps() {
        return homeDownMbps;
    }

    /** Percentage of the N − 1 non-publisher slots that are datacenter nodes ({@code SEGMENT_DATACENTER_PCT}). */
    public int datacenterPercent() {
        return datacenterPercent;
    }

    /** Whether node 0 is a 1 Gbps builder ({@code SEGMENT_BUILDER_UP_MBPS} set). */
    public boolean builder() {
        return builder;
    }

    /** The number of datacenter nodes at size n: floor(pct × (n − 1) / 100); they are nodes 1..that. */
    public int datacenterCount(int n) {
        return (int) ((long) datacenterPercent * (n - 1) / 100);
    }

    /** The access link of node {@code index} in a network of {@code n} nodes (docs/arms.md §10.3). */
    public AccessLink accessLink(int index, int n) {
        if (index < 0 || index >= n) {
            throw new IllegalArgumentException("index " + index + " is outside 0.." + (n - 1));
        }
        if (builder && index == 0) {
            return new AccessLink(LinkClass.BUILDER, BUILDER_MBPS * BITS_PER_MBPS, BUILDER_MBPS * BITS_PER_MBPS);
        }
        if (index >= 1 && index <= datacenterCount(n)) {
            return new AccessLink(LinkClass.DATACENTER, DATACENTER_MBPS * BITS_PER_MBPS, DATACENTER_MBPS * BITS_PER_MBPS);
        }
        return new AccessLink(LinkClass.HOME, homeUpMbps * BITS_PER_MBPS, homeDownMbps * BITS_PER_MBPS);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Scenario other && other.name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }
}
