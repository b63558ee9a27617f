package io.gsnode.tools.topology;

import io.gsnode.formats.random.GoPcg;
import io.gsnode.formats.topology.Connectivity;
import io.gsnode.formats.topology.Edge;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The random d-regular connected dial graph of docs/arms.md §10.1: the circulant graph, shuffled
 * by double-edge swaps (which keep every degree), with more rounds of swaps until it is connected.
 */
public final class RandomRegularGraph {

    /** docs/arms.md §10.1: the PCG is seeded with (seed, seed XOR 0x9e3779b97f4a7c15). */
    static final long SEED2_MIX = 0x9e3779b97f4a7c15L;

    /** docs/arms.md §10.1: 50 × |E| double-edge-swap attempts. */
    static final int SWAP_ATTEMPTS_PER_EDGE = 50;

    /** docs/arms.md §10.1: then rounds of |E| swaps until connected, up to 200 rounds. */
    static final int MAX_CONNECT_ROUNDS = 200;

    /** docs/arms.md §10.1: a degree floor of 2. */
    static final int MIN_DEGREE = 2;

    private final int n;
    private final int m;
    private final int[] ea;
    private final int[] eb;
    private final EdgeSet present;
    private final GoPcg rng;

    private RandomRegularGraph(int n, int degree, long seed) {
        this.n = n;
        this.m = (int) ((long) n * degree / 2);
        this.ea = new int[m];
        this.eb = new int[m];
        this.present = new EdgeSet(m);
        this.rng = new GoPcg(seed, seed ^ SEED2_MIX);
    }

    /**
     * The degree actually used for a requested degree at size n (docs/arms.md §10.1): clamped to
     * n − 1, decremented if n × d is odd, at least 2; except at n = 2, where only 1 is possible.
     */
    public static int clampDegree(int requested, int n) {
        if (n < 2) throw new IllegalArgumentException("n must be at least 2, was " + n);
        if (requested < 1) throw new IllegalArgumentException("degree must be at least 1, was " + requested);
        if (n == 2) return 1;
        int d = Math.min(requested, n - 1);
        if ((long) n * d % 2 != 0) d--;
        // At least 2: a ring; n × 2 is always even and 2 <= n − 1 for n >= 3.
        return Math.max(d, MIN_DEGREE);
    }

    /**
     * A connected {@code degree}-regular graph on n nodes drawn from {@code seed}, as edges a < b
     * sorted by (a, b). {@code degree} must already be clamped ({@link #clampDegree}).
     *
     * @throws IllegalStateException if 200 rounds of swaps leave it disconnected (not seen in practice)
     */
    public static List<Edge> generate(int n, int degree, long seed) {
        if (n < 2 || degree < 1 || degree > n - 1 || (long) n * degree % 2 != 0) {
            throw new IllegalArgumentException("no simple " + degree + "-regular graph on " + n
                    + " nodes (need 1 <= d <= n-1 and n*d even); clamp the degree first");
        }
        RandomRegularGraph g = new RandomRegularGraph(n, degree, seed);
        g.circulant(degree);
        g.swaps((long) SWAP_ATTEMPTS_PER_EDGE * g.m);
        for (int round = 0; !g.connected(); round++) {
            if (round == MAX_CONNECT_ROUNDS) {
                throw new IllegalStateException("the " + degree + "-regular graph on " + n + " nodes with seed " + seed
                        + " is still disconnected after " + MAX_CONNECT_ROUNDS + " rounds of swaps");
            }
            g.swaps(g.m);
        }
        return g.sortedEdges();
    }

    /**
     * Each node joined to its d/2 nearest neighbours on each side of a ring, as edges
     * (i, i + k mod n) for i ascending, then k = 1..d/2; odd d (so n even) adds the antipodal
     * edges (i, i + n/2) for i < n/2. No two of these coincide, since k <= (n − 1)/2.
     */
    private void circulant(int degree) {
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int step = 1; step <= degree / 2; step++) put(k++, i, (i + step) % n);
        }
        if (degree % 2 == 1) {
            for (int i = 0; i < n / 2; i++) put(k++, i, i + n / 2);
        }
        if (k != m) throw new IllegalStateException("circulant made " + k + " edges, expected " + m);
    }

    private void put(int k, int a, int b) {
        ea[k] = a;
        eb[k] = b;
        present.add(key(a, b));
    }

    private void swaps(long attempts) {
        for (long t = 0; t < attempts; t++) trySwap();
    }

    /**
     * One double-edge-swap attempt on edges (A1, B1) and (A2, B2): rewire to (A1, A2) + (B1, B2)
     * or, on the other side of the coin, (A1, B2) + (B1, A2); give up on a self-loop, two equal
     * new edges, or a new edge the graph already has. Every node keeps its degree.
     */
    private void trySwap() {
        int x = rng.intN(m);
        int y = rng.intN(m);
        if (x == y) return;
        int a1 = ea[x];
        int b1 = eb[x];
        int a2 = ea[y];
        int b2 = eb[y];
        int p1;
        int q1;
        int p2;
        int q2;
        if (rng.intN(2) == 0) {
            p1 = a1;
            q1 = a2;
            p2 = b1;
            q2 = b2;
        } else {
            p1 = a1;
            q1 = b2;
            p2 = b1;
            q2 = a2;
        }
        if (p1 == q1 || p2 == q2) return;
        long k1 = key(p1, q1);
        long k2 = key(p2, q2);
        if (k1 == k2 || present.contains(k1) || present.contains(k2)) return;
        present.remove(key(a1, b1));
        present.remove(key(a2, b2));
        present.add(k1);
        present.add(k2);
        ea[x] = p1;
        eb[x] = q1;
        ea[y] = p2;
        eb[y] = q2;
    }

    private boolean connected() {
        return Connectivity.firstUnreachable(n, ea, eb, m) < 0;
    }

    private List<Edge> sortedEdges() {
        List<Edge> edges = new ArrayList<>(m);
        for (int k = 0; k < m; k++) edges.add(Edge.between(ea[k], eb[k]));
        Collections.sort(edges);
        return edges;
    }

    /** An unordered pair as one number: min × n + max. */
    private long key(int a, int b) {
        return (long) Math.min(a, b) * n + Math.max(a, b);
    }
}
