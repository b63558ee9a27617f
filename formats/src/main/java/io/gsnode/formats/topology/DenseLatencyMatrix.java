package io.gsnode.formats.topology;

import java.util.Objects;

/** A latency matrix held as one row-major array; what {@link TopologyReader#read} returns. */
final class DenseLatencyMatrix implements LatencyMatrix {

    private final int n;
    private final int[] rowMajor;

    /** Takes ownership of {@code rowMajor}. */
    DenseLatencyMatrix(int n, int[] rowMajor) {
        if ((long) n * n != rowMajor.length) {
            throw new IllegalArgumentException("a " + n + " x " + n + " matrix needs " + (long) n * n
                    + " values, got " + rowMajor.length);
        }
        for (int k = 0; k < rowMajor.length; k++) {
            if (rowMajor[k] < 0) throw new IllegalArgumentException("latency [" + k / n + "][" + k % n + "] is negative");
        }
        this.n = n;
        this.rowMajor = rowMajor;
    }

    @Override
    public int n() {
        return n;
    }

    @Override
    public int micros(int from, int to) {
        Objects.checkIndex(from, n);
        Objects.checkIndex(to, n);
        return rowMajor[from * n + to];
    }
}
