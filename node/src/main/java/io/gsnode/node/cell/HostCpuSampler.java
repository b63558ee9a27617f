package io.gsnode.node.cell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * Samples the host's busy fraction from {@code /proc/stat} every 250 ms between two instants (the
 * publish and the end of the hold), on its own thread. A cell counts as a network measurement only
 * if no second was at 95 % busy or more (report §10; docs/arms.md §15): a one-second window of four
 * samples whose mean reached 95 %. A single 250 ms sample at 100 % is a peak, reported as such, not
 * a saturated second; a full second at 95 % means the host, not the network, set the pace.
 */
public final class HostCpuSampler {

    static final long PERIOD_MS = 250;
    static final double SATURATED = 0.95;
    /** Samples in one second: the window the saturation rule looks at. */
    static final int WINDOW = (int) (1000 / PERIOD_MS);

    private final Path stat;
    private final List<Double> samples = new ArrayList<>();
    private Thread thread;

    public HostCpuSampler() {
        this(Path.of("/proc/stat"));
    }

    HostCpuSampler(Path stat) {
        this.stat = stat;
    }

    /** Starts sampling at {@code fromEpochMs} (or now, if that has passed) until {@code untilEpochMs}. */
    public synchronized void start(long fromEpochMs, long untilEpochMs) {
        samples.clear();
        thread = new Thread(() -> sample(fromEpochMs, untilEpochMs), "host-cpu-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Stops (if still running) and returns {@code cpu_mean} and {@code cpu_peak} (percent of all
     * cores; the peak of single samples), {@code saturated_s} (the time covered by one-second windows
     * at >= 95 %), {@code samples}, {@code cores}.
     */
    public Map<String, Object> stop() {
        Thread t;
        synchronized (this) {
            t = thread;
        }
        if (t != null) {
            t.interrupt();
            try {
                t.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (this) {
            return summary(samples);
        }
    }

    static Map<String, Object> summary(List<Double> samples) {
        Map<String, Object> out = new LinkedHashMap<>();
        double sum = 0;
        double peak = 0;
        for (double s : samples) {
            sum += s;
            peak = Math.max(peak, s);
        }
        // Every sample inside some one-second window whose mean reached 95 % counts as saturated;
        // fewer samples than a window make one short window.
        boolean[] inSaturatedSecond = new boolean[samples.size()];
        int window = Math.min(WINDOW, samples.size());
        for (int start = 0; start + window <= samples.size() && window > 0; start++) {
            double busy = 0;
            for (int i = start; i < start + window; i++) busy += samples.get(i);
            if (busy / window >= SATURATED) {
                for (int i = start; i < start + window; i++) inSaturatedSecond[i] = true;
            }
        }
        int saturated = 0;
        for (boolean b : inSaturatedSecond) if (b) saturated++;
        // Percent of all cores, as compare reads them; the saturation test stays on the fraction.
        out.put("cpu_mean", samples.isEmpty() ? null : percent(sum / samples.size()));
        out.put("cpu_peak", samples.isEmpty() ? null : percent(peak));
        out.put("saturated_s", saturated * PERIOD_MS / 1000.0);
        out.put("samples", samples.size());
        out.put("cores", Runtime.getRuntime().availableProcessors());
        return out;
    }

    private static double percent(double fraction) {
        return Math.round(fraction * 1000) / 10.0;
    }

    private void sample(long fromEpochMs, long untilEpochMs) {
        try {
            sleepUntil(fromEpochMs);
            long[] previous = read();
            long next = System.currentTimeMillis() + PERIOD_MS;
            while (next <= untilEpochMs && !Thread.currentThread().isInterrupted()) {
                sleepUntil(next);
                next += PERIOD_MS;
                long[] now = read();
                if (now == null || previous == null) {
                    previous = now;
                    continue;
                }
                long busy = now[0] - previous[0];
                long total = now[1] - previous[1];
                previous = now;
                synchronized (this) {
                    samples.add(total <= 0 ? 0.0 : (double) busy / total);
                }
            }
        } catch (InterruptedException e) {
            // Stopped: what was sampled stands.
        }
    }

    private static void sleepUntil(long epochMs) throws InterruptedException {
        long wait;
        while ((wait = epochMs - System.currentTimeMillis()) > 0) {
            LockSupport.parkNanos(wait * 1_000_000L);
            if (Thread.interrupted()) throw new InterruptedException();
        }
    }

    /** {busy, total} jiffies of the aggregate "cpu" line (idle and iowait are not busy), or null if unreadable. */
    private long[] read() {
        try {
            return parse(Files.readAllLines(stat).get(0));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static long[] parse(String cpuLine) {
        String[] f = cpuLine.trim().split("\\s+");
        if (!f[0].equals("cpu")) throw new IllegalArgumentException("not the aggregate cpu line: " + cpuLine);
        long total = 0;
        // user nice system idle iowait irq softirq steal (guest time is already inside user)
        for (int i = 1; i <= Math.min(8, f.length - 1); i++) total += Long.parseLong(f[i]);
        long idle = Long.parseLong(f[4]) + (f.length > 5 ? Long.parseLong(f[5]) : 0);
        return new long[] {total - idle, total};
    }
}
