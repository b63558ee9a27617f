package io.gsnode.formats.topology;

import java.util.Arrays;

/**
 * The checks that need the whole file: every field present, sizes against n, publisher and degree
 * ranges, edge ranges and order, duplicate edges and a connected dial graph. Each throws the first
 * problem it finds as an {@link InvalidTopologyException}.
 */
final class TopologyChecks {

    private TopologyChecks() {
    }

    static void check(RawTopology raw) throws InvalidTopologyException {
        present(raw);
        int n = raw.n;
        if (raw.degree > n - 1) throw invalid("degree must be in 0..n-1 = 0.." + (n - 1) + ", was " + raw.degree);
        if (raw.publisher >= n) throw invalid("publisher " + raw.publisher + " is out of range: node indices are 0.." + (n - 1));
        if (raw.nodes.size() != n) throw invalid("nodes has " + raw.nodes.size() + " entries but n is " + n);
        edges(n, raw.edgeA, raw.edgeB);
        long cells = (long) n * n;
        if (raw.latencyCount != cells) {
            throw invalid("latency_us has " + raw.latencyCount + " entries but n*n is " + n + "*" + n + " = " + cells);
        }
    }

    private static void present(RawTopology raw) throws InvalidTopologyException {
        Object[] values = {raw.schema, raw.n, raw.seed, raw.degree, raw.latencyModel, raw.scenario, raw.publisher,
            raw.nodes, raw.edgeA, raw.latencyCount < 0 ? null : raw.latencyCount};
        for (int k = 0; k < values.length; k++) {
            if (values[k] == null) throw invalid("missing field '" + TopologyParser.FIELDS.get(k) + "'");
        }
    }

    /** Range, a < b, duplicates, then connectivity: the dial graph must reach every node. */
    static void edges(int n, IntList a, IntList b) throws InvalidTopologyException {
        int m = a.size();
        long[] keys = new long[m];
        for (int k = 0; k < m; k++) {
            int x = a.get(k);
            int y = b.get(k);
            if (x < 0 || y < 0 || x >= n || y >= n) {
                throw invalid("edges[" + k + "] [" + x + ", " + y + "] is out of range: node indices are 0.." + (n - 1));
            }
            if (x >= y) {
                throw invalid("edges[" + k + "] [" + x + ", " + y + "] must have a < b (the lower index dials the higher)");
            }
            keys[k] = (long) x * n + y;
        }
        duplicates(a, b, keys);
        int unreachable = Connectivity.firstUnreachable(n, a.array(), b.array(), m);
        if (unreachable >= 0) {
            int components = Connectivity.components(n, a.array(), b.array(), m);
            throw invalid("the dial graph is disconnected: " + components + " components; node " + unreachable
                    + " cannot reach node 0");
        }
    }

    /** Finds a repeated edge by sorting the keys, which needs no hash set of millions of entries. */
    private static void duplicates(IntList a, IntList b, long[] keys) throws InvalidTopologyException {
        long[] sorted = keys.clone();
        Arrays.sort(sorted);
        for (int k = 1; k < sorted.length; k++) {
            if (sorted[k] != sorted[k - 1]) continue;
            int first = -1;
            for (int j = 0; j < keys.length; j++) {
                if (keys[j] != sorted[k]) continue;
                if (first < 0) {
                    first = j;
                } else {
                    throw invalid("edges[" + j + "] [" + a.get(j) + ", " + b.get(j) + "] duplicates edges[" + first + "]");
                }
            }
        }
    }

    private static InvalidTopologyException invalid(String problem) {
        return new InvalidTopologyException(problem);
    }
}
