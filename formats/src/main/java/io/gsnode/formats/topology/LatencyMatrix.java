package io.gsnode.formats.topology;

/**
 * The n × n one-way latencies of a topology, in integer microseconds. Row {@code from}, column
 * {@code to}: the delay a packet from node {@code from} to node {@code to} sees.
 *
 * <p>Two implementations: the dense one a full read produces, and a computed one that draws each
 * value from the latency model when asked, so that the generator can write a large file without
 * holding n² numbers.
 */
public interface LatencyMatrix {

    /** The number of nodes (rows and columns). */
    int n();

    /** One-way latency from {@code from} to {@code to}, microseconds, at least 0. */
    int micros(int from, int to);

    /** A matrix that computes each entry from {@code model} under {@code seed}. */
    static LatencyMatrix computed(LatencyModel model, long seed, int n) {
        if (n < 1) throw new IllegalArgumentException("n must be at least 1, was " + n);
        return new LatencyMatrix() {
            @Override
            public int n() {
                return n;
            }

            @Override
            public int micros(int from, int to) {
                return model.oneWayMicros(seed, from, to);
            }
        };
    }

    /** A matrix over a copy of {@code rowMajor}, which must hold n × n non-negative values. */
    static LatencyMatrix dense(int n, int[] rowMajor) {
        return new DenseLatencyMatrix(n, rowMajor.clone());
    }

    /** Whether two matrices hold the same values (the implementations do not override equals). */
    static boolean sameValues(LatencyMatrix x, LatencyMatrix y) {
        if (x.n() != y.n()) return false;
        for (int i = 0; i < x.n(); i++) {
            for (int j = 0; j < x.n(); j++) {
                if (x.micros(i, j) != y.micros(i, j)) return false;
            }
        }
        return true;
    }
}
