package io.gsnode.tools.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.topology.Connectivity;
import io.gsnode.formats.topology.Edge;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The dial graph of docs/arms.md §10.1: degree, connectivity, clamping, determinism. */
class RandomRegularGraphTest {

    @ParameterizedTest(name = "n={0} seed={1}")
    @CsvSource({"3,7", "4,7", "5,1", "10,7", "11,16", "71,7", "72,9", "100,7", "100,8", "500,7", "500,16", "1000,12"})
    void everyNodeHasTheClampedDegreeAndTheGraphIsConnected(int n, long seed) {
        int d = RandomRegularGraph.clampDegree(70, n);
        assertRegularAndConnected(n, d, RandomRegularGraph.generate(n, d, seed), seed);
    }

    @ParameterizedTest(name = "n={0} d={1} seed={2}")
    @CsvSource({"10,3,16", "12,4,7", "100,2,1", "100,2,2", "100,2,3", "200,3,5", "64,13,11", "1001,70,7"})
    void smallAndOddDegreesAreRegularAndConnectedToo(int n, int d, long seed) {
        int clamped = RandomRegularGraph.clampDegree(d, n);
        assertRegularAndConnected(n, clamped, RandomRegularGraph.generate(n, clamped, seed), seed);
    }

    @ParameterizedTest(name = "requested {0} at n={1} -> {2}")
    @CsvSource({
        "70,2,1",      // n = 2: one edge is all there is
        "70,3,2",      // clamped to n - 1 = 2
        "70,10,9",     // n - 1 = 9, and 10 × 9 is even
        "70,71,70",
        "70,72,70",
        "70,500,70",
        "71,1000,71",
        "71,1001,70",  // 1001 × 71 is odd: decremented
        "3,5,2",       // 5 × 3 is odd: decremented to 2
        "5,11,4",
        "1,10,2",      // at least 2
        "1,11,2",
        "2,9,2"})
    void degreeIsClampedAsArmsSection10Says(int requested, int n, int expected) {
        assertEquals(expected, RandomRegularGraph.clampDegree(requested, n));
    }

    @Test
    void twoNodesGetOneEdge() {
        assertEquals(List.of(new Edge(0, 1)), RandomRegularGraph.generate(2, 1, 7));
    }

    @Test
    void sameSeedGivesTheSameGraphAndAnotherSeedAnother() {
        List<Edge> a = RandomRegularGraph.generate(200, 70, 7);
        assertEquals(a, RandomRegularGraph.generate(200, 70, 7));
        assertNotEquals(a, RandomRegularGraph.generate(200, 70, 8));
    }

    @Test
    void matchesAGoPortOfTheSameConstruction() {
        // A Go 1.26 program doing §10.1 the same way (rand.New(rand.NewPCG(seed,
        // seed^0x9e3779b97f4a7c15)); circulant (i, i+k mod n); swap draws IntN(m), IntN(m),
        // then IntN(2) == 0 for (A1-A2, B1-B2); connectivity checked after each round of m)
        // printed these. It checks this port end to end, not equality with the reference.
        assertEquals(List.of(e(0, 4), e(0, 5), e(0, 7), e(0, 9), e(1, 2), e(1, 4), e(1, 8), e(1, 11), e(2, 4), e(2, 6),
                e(2, 8), e(3, 5), e(3, 6), e(3, 7), e(3, 11), e(4, 6), e(5, 9), e(5, 10), e(6, 10), e(7, 9), e(7, 11),
                e(8, 9), e(8, 10), e(10, 11)), RandomRegularGraph.generate(12, 4, 7));
        assertEquals(List.of(e(0, 3), e(0, 4), e(0, 6), e(1, 6), e(1, 8), e(1, 9), e(2, 4), e(2, 5), e(2, 9), e(3, 4),
                e(3, 6), e(5, 7), e(5, 8), e(7, 8), e(7, 9)), RandomRegularGraph.generate(10, 3, 16));
        // h = h × 31 + a × n + b over the sorted edges, mod 2^64
        assertEquals(0x95ceb038c6253788L, hash(100, RandomRegularGraph.generate(100, 2, 1)));
        assertEquals(0x6c53784b233463e1L, hash(500, RandomRegularGraph.generate(500, 70, 7)));
        assertEquals(0x687b11672338c977L, hash(1000, RandomRegularGraph.generate(1000, 70, 16)));
    }

    @Test
    void unclampedDegreesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> RandomRegularGraph.generate(5, 3, 7));
        assertThrows(IllegalArgumentException.class, () -> RandomRegularGraph.generate(5, 5, 7));
        assertThrows(IllegalArgumentException.class, () -> RandomRegularGraph.clampDegree(0, 5));
    }

    private static void assertRegularAndConnected(int n, int d, List<Edge> edges, long seed) {
        String context = "n=" + n + " d=" + d + " seed=" + seed;
        assertEquals((long) n * d / 2, edges.size(), context);
        int[] degree = new int[n];
        int[] a = new int[edges.size()];
        int[] b = new int[edges.size()];
        for (int k = 0; k < edges.size(); k++) {
            Edge e = edges.get(k);
            degree[e.a()]++;
            degree[e.b()]++;
            a[k] = e.a();
            b[k] = e.b();
            if (k > 0) assertTrue(edges.get(k - 1).compareTo(e) < 0, context + ": not sorted or repeated at " + k);
        }
        for (int i = 0; i < n; i++) assertEquals(d, degree[i], context + ": degree of node " + i);
        assertEquals(edges.size(), new HashSet<>(edges).size(), context);
        assertEquals(-1, Connectivity.firstUnreachable(n, a, b, edges.size()), context);
    }

    private static Edge e(int a, int b) {
        return new Edge(a, b);
    }

    private static long hash(int n, List<Edge> edges) {
        long h = 0;
        for (Edge e : edges) h = h * 31 + (long) e.a() * n + e.b();
        return h;
    }
}
