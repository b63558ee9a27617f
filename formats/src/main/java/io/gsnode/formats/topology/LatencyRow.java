package io.gsnode.formats.topology;

/** A latency sink for one node: keeps its row, drops the other n − 1 rows as they stream past. */
final class LatencyRow implements TopologyParser.LatencySink {

    private final long first;
    private final int[] row;

    LatencyRow(int n, int index) {
        this.first = (long) index * n;
        this.row = new int[n];
    }

    @Override
    public void accept(long k, int micros) {
        long column = k - first;
        if (column >= 0 && column < row.length) row[(int) column] = micros;
    }

    int[] row() {
        return row;
    }
}
