package io.gsnode.app;

import java.util.Locale;

/**
 * How many nodes the demo runs, so that its cells measure the network rather than this host's
 * CPU. A gsnode receiver spends 0.4-0.7 CPU-seconds on one 1 MiB delivery, most of it within a
 * second or two of the publish, and the netns backend's delay switch runs beside the nodes; on a
 * 2-core host the largest atuned_32k cell with no second at >= 95 % CPU was 4 nodes, 6 already
 * saturated it (docs/findings/performance-measurements.md). So the demo allows two nodes per
 * core at 1 MiB, fewer for
 * larger payloads, at least 4 (the smallest cell with relays) and at most 12 (the report's
 * comparison needs no more to show its ordering). The node degree is 4, or every other node where
 * the cell is smaller than that.
 *
 * @param n nodes
 * @param degree degree of the random regular graph
 * @param reason one line saying why, for the demo to print
 */
record DemoSizing(int n, int degree, String reason) {

    static final int MIN_NODES = 4;
    static final int MAX_NODES = 12;
    static final int DEGREE = 4;
    /**
     * Measured: two clean nodes per core at a 1 MiB payload
     * (docs/findings/performance-measurements.md, "On the netns backend").
     */
    static final int NODES_PER_CORE_AT_1MIB = 2;

    /** The size for a host of {@code cores} cores and a payload of {@code payload} bytes. */
    static DemoSizing forHost(int cores, int payload) {
        Fit fit = Fit.of(NODES_PER_CORE_AT_1MIB, MAX_NODES, cores, payload);
        String why = String.format(Locale.ROOT,
                "%d nodes: this host has %d core%s, and a node needs about half a core-second around a 1 MiB publish,"
                        + " so %s nodes per core stay below 95 %% CPU (docs/performance.md)%s; --n overrides",
                fit.n, cores, cores == 1 ? "" : "s", fit.perCoreText(), fit.saturationNote("cell"));
        return new DemoSizing(fit.n, degreeFor(fit.n), why);
    }

    /** The most nodes of the demo's line: enough hops for store-and-forward to show against pipelining. */
    static final int MAX_LINE_NODES = 8;
    /**
     * A line's node forwards to one peer, not four: its CPU around the publish is a fraction of a
     * regular graph's node's, so a line carries three nodes per core at 1 MiB (measured on 2 cores:
     * docs/findings/performance-measurements.md, "The demo's line").
     */
    static final int LINE_NODES_PER_CORE_AT_1MIB = 3;

    /**
     * The demo's line for a host of {@code cores} cores: the publisher at one end, every receiver one
     * hop further, so that the whole message's store-and-forward at each hop shows against the
     * segments' pipelining, the report's effect, in a cell this host carries cleanly.
     */
    static DemoSizing lineForHost(int cores, int payload) {
        Fit fit = Fit.of(LINE_NODES_PER_CORE_AT_1MIB, MAX_LINE_NODES, cores, payload);
        String why = String.format(Locale.ROOT,
                "%d nodes in a line, the publisher at one end and %d hops to the other: this host has %d core%s, and a line's node, "
                        + "forwarding to one peer, needs about a sixth of a core-second around a 1 MiB publish, so %s nodes per core "
                        + "stay below 95 %% CPU%s; --n overrides, --graph regular runs the random regular graph instead",
                fit.n, fit.n - 1, cores, cores == 1 ? "" : "s", fit.perCoreText(), fit.saturationNote("line"));
        return new DemoSizing(fit.n, 2, why);
    }

    /**
     * How many nodes a host carries cleanly: {@code perCore} nodes per core (fewer above 1 MiB),
     * {@code clean} on this host, {@code n} within [{@link #MIN_NODES}, the shape's most].
     */
    private record Fit(double perCore, int clean, int n) {
        static Fit of(int nodesPerCoreAt1MiB, int max, int cores, int payload) {
            double perCore = nodesPerCoreAt1MiB * Math.min(1.0, (double) (1 << 20) / payload);
            int clean = (int) Math.floor(cores * perCore);
            return new Fit(perCore, clean, Math.max(MIN_NODES, Math.min(max, clean)));
        }

        String perCoreText() {
            return perCore == Math.rint(perCore) ? Integer.toString((int) perCore) : String.format(Locale.ROOT, "%.2f", perCore);
        }

        /** Where the smallest shape is more than the host carries: say the rows will be saturated. */
        String saturationNote(String shape) {
            return n > clean ? ", and " + MIN_NODES + " is the smallest " + shape + " the demo runs: expect SATURATED rows" : "";
        }
    }

    /** {@code n} nodes as asked on the command line. */
    static DemoSizing asked(int n, Integer degree) {
        if (n < 2) throw new IllegalArgumentException("--n must be at least 2, was " + n);
        int d = degree != null ? degree : degreeFor(n);
        return new DemoSizing(n, d, n + " nodes, as asked");
    }

    /** 4, or a complete graph where fewer than 5 nodes; a regular graph needs n x degree even. */
    static int degreeFor(int n) {
        int d = Math.min(DEGREE, n - 1);
        return (n * d) % 2 == 0 ? d : d - 1;
    }
}
