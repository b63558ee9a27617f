package io.gsnode.netns.delay;

import io.gsnode.formats.stats.Histogram;
import io.gsnode.formats.topology.LatencyMatrix;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyNode;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The userspace delay switch (issue 12): one TUN device per node namespace; every packet a node's
 * (kernel-shaped) uplink releases is read, routed by destination address, held for the pair's
 * one-way latency and written into the destination's device. The kernel still shapes both ends
 * (HTB and leaf qdisc on the device's egress, IFB for its ingress); the switch only delays.
 *
 * <p>Threads: one reader per node, {@code writers} schedulers, one namespace watcher. Memory is
 * bounded by the packet budget. A node whose device fails or whose namespace goes away is marked
 * dead; packets to it are dropped and counted, everything else keeps flowing.
 *
 * <pre>
 *   DelaySwitch sw = new DelaySwitch(SwitchConfig.of(topology, NamespacePaths.prefixed(RUN_NETNS, "gsn-tag-", n)));
 *   sw.start();            // attaches every device; throws naming the node that failed
 *   SwitchStats s = sw.stats();   // any time
 *   sw.close();            // stops, detaches, writes the stats file if configured
 * </pre>
 */
public final class DelaySwitch implements AutoCloseable {

    private static final int MIN_SLOT_MTU = 1500;

    private final SwitchConfig config;
    private final ThreadMXBean threadBean = ManagementFactory.getThreadMXBean();
    private final SwitchDrops drops = new SwitchDrops();
    private final AtomicLong endedThreadsCpuNanos = new AtomicLong();
    private final AtomicBoolean niceRefused = new AtomicBoolean();
    private final List<Thread> threads = new ArrayList<>();
    private final CountDownLatch closed = new CountDownLatch(1);
    private Endpoint[] endpoints;
    private DeliveryScheduler[] schedulers;
    private NamespaceWatcher watcher;
    private PacketPool pool;
    private long startedNanos;
    private volatile boolean closing;
    private volatile SwitchStats finalStats;
    private boolean started;

    public DelaySwitch(SwitchConfig config) {
        this.config = config;
    }

    /**
     * Attaches to (or creates) every node's device and starts forwarding. If any node cannot be
     * attached, the ones already attached are released and the exception names the node.
     */
    public synchronized void start() throws IOException {
        if (started) throw new IllegalStateException("the switch was started already");
        started = true;
        Topology topology = config.topology();
        int n = topology.n();
        endpoints = new Endpoint[n];
        try {
            for (int i = 0; i < n; i++) endpoints[i] = attach(i);
        } catch (IOException | RuntimeException e) {
            for (Endpoint ep : endpoints) {
                if (ep != null) ep.die("the switch failed to start");
            }
            closed.countDown();
            throw e;
        }
        warmUp();
        int maxMtu = MIN_SLOT_MTU;
        for (Endpoint ep : endpoints) maxMtu = Math.max(maxMtu, ep.device.mtu());
        pool = new PacketPool(config.budgetPackets(), maxMtu + 1, n);
        RouteTable routes = new RouteTable(topology.nodes().stream().map(TopologyNode::ip).toList());
        schedulers = new DeliveryScheduler[config.writers()];
        for (int k = 0; k < schedulers.length; k++) {
            schedulers[k] = new DeliveryScheduler(endpoints, pool, drops, config.spinMicros() * 1_000L);
            Thread t = thread(schedulers[k], "delay-switch-writer-" + k, true);
            schedulers[k].bind(t);
        }
        LatencyMatrix latency = topology.latency();
        for (int i = 0; i < n; i++) {
            int[] row = new int[n];
            for (int j = 0; j < n; j++) row[j] = latency.micros(i, j);
            thread(new EndpointReader(endpoints[i], endpoints, row, routes, schedulers, pool, drops, () -> closing),
                    "delay-switch-read-" + i, true);
        }
        watcher = new NamespaceWatcher(endpoints, config.watchEvery().toMillis());
        thread(watcher, "delay-switch-watch", false);
        startedNanos = System.nanoTime();
        for (Thread t : threads) t.start();
    }

    /**
     * Loads the classes of the write path before the first packet needs them (on a loaded host,
     * class loading on the first write made it tens of milliseconds late): an empty write returns
     * before any system call.
     */
    private void warmUp() throws IOException {
        ByteBuffer empty = ByteBuffer.allocateDirect(0);
        for (Endpoint e : endpoints) e.device.write(empty);
        new PacketHeap().add(new Packet(1));
        new Histogram().record(0);
    }

    private Endpoint attach(int i) throws IOException {
        Path ns = config.namespaces().get(i);
        NamespaceIdentity identity = NamespaceIdentity.of(ns)
                .orElseThrow(() -> new IOException("node " + i + ": no network namespace at " + ns));
        try {
            TunDevice device = TunDevice.attach(ns, config.tunName(), config.createMissingDevices());
            return new Endpoint(i, ns, identity, device);
        } catch (IOException e) {
            throw new IOException("node " + i + ": " + e.getMessage(), e);
        }
    }

    private Thread thread(Runnable body, String name, boolean forwards) {
        Thread t = new Thread(() -> {
            if (forwards && config.nice() != 0 && !ThreadNice.set(config.nice())) niceRefused.set(true);
            try {
                body.run();
            } finally {
                long cpu = threadBean.getCurrentThreadCpuTime();
                if (cpu > 0) endedThreadsCpuNanos.addAndGet(cpu);
            }
        }, name);
        t.setDaemon(true);
        threads.add(t);
        return t;
    }

    /** Whether node {@code index}'s endpoint is alive. */
    public boolean isAlive(int index) {
        return endpoints[index].alive();
    }

    /** Counters now; after {@link #close}, the final ones. */
    public SwitchStats stats() {
        SwitchStats last = finalStats;
        if (last != null) return last;
        if (pool == null) throw new IllegalStateException("the switch has not started");
        return snapshot(false);
    }

    private SwitchStats snapshot(boolean isFinal) {
        long packets = 0;
        long bytes = 0;
        long delivered = 0;
        long deliveredBytes = 0;
        int alive = 0;
        List<SwitchStats.NodeStats> perNode = new ArrayList<>(endpoints.length);
        for (Endpoint e : endpoints) {
            long fp = e.fromPackets.get();
            long fb = e.fromBytes.get();
            long tp = e.toPackets.get();
            long tb = e.toBytes.get();
            packets += fp;
            bytes += fb;
            delivered += tp;
            deliveredBytes += tb;
            if (e.alive()) alive++;
            perNode.add(new SwitchStats.NodeStats(e.index, e.namespace.toString(), e.alive(), e.deathReason(),
                    fp, fb, tp, tb, e.droppedTo.get()));
        }
        long dropped = 0;
        for (DropCause c : DropCause.values()) dropped += drops.get(c);
        boolean slack = true;
        int unsent = 0;
        List<Histogram> histograms = new ArrayList<>();
        for (DeliveryScheduler s : schedulers) {
            slack &= s.timerSlackSet();
            unsent += s.unsentAtStop();
            histograms.add(s.lateness);
        }
        return new SwitchStats(SwitchStats.SCHEMA, isFinal, (System.nanoTime() - startedNanos) / 1_000_000,
                endpoints.length, alive, config.tunName(), pool.budget(), pool.slotBytes(), schedulers.length, slack,
                config.nice() != 0 && !niceRefused.get() ? config.nice() : 0,
                packets, bytes, delivered, deliveredBytes, pool.waiting(), pool.peakWaiting(), unsent, drops.byLabel(),
                dropped, SwitchStats.Lateness.of(Histogram.merged(histograms)), cpuNanos() / 1_000_000, perNode);
    }

    private long cpuNanos() {
        long sum = endedThreadsCpuNanos.get();
        for (Thread t : threads) {
            if (!t.isAlive()) continue;
            long cpu = threadBean.getThreadCpuTime(t.getId());
            if (cpu > 0) sum += cpu;
        }
        return sum;
    }

    /**
     * Stops forwarding (packets still waiting are not sent), detaches every device and writes the
     * stats file if one is configured. Idempotent; safe from a shutdown hook or signal handler.
     */
    @Override
    public void close() throws IOException {
        synchronized (this) {
            if (closing || !started || pool == null) {
                closed.countDown();
                return;
            }
            closing = true;
        }
        watcher.stop();
        for (DeliveryScheduler s : schedulers) s.stop();
        // Writers first, so no write meets a device closing under it, then the readers.
        joinAll(threads.subList(0, schedulers.length));
        for (Endpoint e : endpoints) {
            try {
                e.device.close();
            } catch (IOException ignored) {
                // already gone
            }
        }
        joinAll(threads);
        finalStats = snapshot(true);
        try {
            if (config.statsFile() != null) SwitchStatsFile.write(finalStats, config.statsFile());
        } finally {
            closed.countDown();
        }
    }

    private static void joinAll(List<Thread> ts) {
        for (Thread t : ts) {
            try {
                t.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Waits until {@link #close} has finished (stats file written). */
    public void awaitClosed() throws InterruptedException {
        closed.await();
    }

    /** Waits at most {@code timeout} for {@link #close} to finish; true if it has. */
    public boolean awaitClosed(long timeout, TimeUnit unit) throws InterruptedException {
        return closed.await(timeout, unit);
    }

    public SwitchConfig config() {
        return config;
    }
}
