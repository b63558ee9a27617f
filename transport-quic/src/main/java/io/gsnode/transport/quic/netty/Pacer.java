package io.gsnode.transport.quic.netty;

/**
 * quic-go's packet pacer for one connection, on a caller's clock: a budget of bytes that refills
 * at 5/4 of the bandwidth estimate (congestion window over smoothed RTT) and holds at most a burst
 * (10 packets, or what the rate sends in 2 ms if more). A packet may go when the budget covers a
 * full-sized one; otherwise it waits until it will, but never less than 1 ms, since shorter timers
 * only cost wake-ups. Until there is an RTT sample the rate is unknown and nothing waits.
 */
final class Pacer {

    /** quic-go: {@code maxBurstSizePackets}. */
    static final int MAX_BURST_PACKETS = 10;
    /** quic-go: {@code protocol.MinPacingDelay}, and the timer granularity it adds to the burst. */
    static final long MIN_DELAY_NANOS = 1_000_000;

    private final int packetSize;
    private double bytesPerSecond = Double.POSITIVE_INFINITY;
    private long budget;
    private long lastSentNanos;
    private boolean sentAny;

    Pacer(int packetSize) {
        this.packetSize = packetSize;
        this.budget = maxBurst();
    }

    /** The congestion controller's view: {@code cwnd} bytes per {@code srttNanos}; 0 RTT means no sample yet. */
    void update(long cwnd, long srttNanos) {
        bytesPerSecond = srttNanos <= 0 || cwnd <= 0 ? Double.POSITIVE_INFINITY : 1.25 * cwnd * 1e9 / srttNanos;
    }

    /** The pacing rate, infinite until the first RTT sample. */
    double bytesPerSecond() {
        return bytesPerSecond;
    }

    /** The earliest time a packet may go: {@code now} when it may go at once. */
    long releaseTime(long now) {
        if (Double.isInfinite(bytesPerSecond)) return now;
        long available = budgetAt(now);
        if (available >= packetSize) return now;
        long wait = (long) Math.ceil((packetSize - available) * 1e9 / bytesPerSecond);
        return now + Math.max(MIN_DELAY_NANOS, wait);
    }

    void onSent(long now, int bytes) {
        budget = Math.max(0, budgetAt(now) - bytes);
        lastSentNanos = now;
        sentAny = true;
    }

    private long budgetAt(long now) {
        if (!sentAny || Double.isInfinite(bytesPerSecond)) return maxBurst();
        double refilled = budget + (now - lastSentNanos) * bytesPerSecond / 1e9;
        return (long) Math.min(maxBurst(), refilled);
    }

    private long maxBurst() {
        long byPackets = (long) MAX_BURST_PACKETS * packetSize;
        if (Double.isInfinite(bytesPerSecond)) return byPackets;
        return Math.max(byPackets, (long) (2 * MIN_DELAY_NANOS * bytesPerSecond / 1e9));
    }
}
