package io.gsnode.formats.topology;

/**
 * Whether an edge list connects all n nodes, by union-find over the edges as they are (no
 * adjacency lists), so it is cheap for the 2 million edges of a 60,000-node degree-70 graph.
 */
public final class Connectivity {

    private Connectivity() {
    }

    /**
     * The lowest node that node 0 cannot reach, or -1 when the first {@code count} edges
     * ({@code a[k]}, {@code b[k]}), all inside 0..n-1, connect every node.
     */
    public static int firstUnreachable(int n, int[] a, int[] b, int count) {
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) parent[i] = i;
        for (int k = 0; k < count; k++) {
            int ra = root(parent, a[k]);
            int rb = root(parent, b[k]);
            if (ra != rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
        }
        int root0 = root(parent, 0);
        for (int i = 1; i < n; i++) {
            if (root(parent, i) != root0) return i;
        }
        return -1;
    }

    /** The number of connected components of the first {@code count} edges over n nodes. */
    public static int components(int n, int[] a, int[] b, int count) {
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) parent[i] = i;
        int components = n;
        for (int k = 0; k < count; k++) {
            int ra = root(parent, a[k]);
            int rb = root(parent, b[k]);
            if (ra != rb) {
                parent[Math.max(ra, rb)] = Math.min(ra, rb);
                components--;
            }
        }
        return components;
    }

    /** Finds the root with path halving, which keeps the trees shallow without ranks. */
    private static int root(int[] parent, int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }
}
