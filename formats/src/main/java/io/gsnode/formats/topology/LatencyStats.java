package io.gsnode.formats.topology;

/** A latency sink for {@code --check}: min, max and mean of the off-diagonal values, nothing kept. */
final class LatencyStats implements TopologyParser.LatencySink {

    private final int n;
    private int min = Integer.MAX_VALUE;
    private int max;
    private double sum;
    private long count;

    LatencyStats(int n) {
        this.n = n;
    }

    @Override
    public void accept(long k, int micros) {
        if (k / n == k % n) return;
        min = Math.min(min, micros);
        max = Math.max(max, micros);
        sum += micros;
        count++;
    }

    int min() {
        return count == 0 ? 0 : min;
    }

    int max() {
        return max;
    }

    double mean() {
        return count == 0 ? 0 : sum / count;
    }
}
