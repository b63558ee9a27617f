package io.gsnode.netns.delay;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gsnode.formats.topology.IpPlan;
import io.gsnode.formats.topology.Topology;
import io.gsnode.netns.cli.SwitchCommand;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Load figures for issue 12's closing note, not a test: run by hand with
 * {@code ./mvnw -o -B test -pl netns -Dtest=SwitchLoadFigures -Dgsnode.figures=true}. Bounded (about
 * a minute), only traffic between the figures' own namespaces on 10.0.0.x; prints the host load.
 */
class SwitchLoadFigures {

    @TempDir
    Path dir;

    private static void assumeAsked() {
        assumeTrue(Boolean.getBoolean("gsnode.figures"), "figures run only with -Dgsnode.figures=true");
        TestNamespaces.assumeAvailable();
    }

    /** Small UDP datagrams from nodes 0 and 2 to node 1 as fast as two threads can send, for 10 s. */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void forwardingRate() throws Exception {
        assumeAsked();
        int writers = Integer.getInteger("gsnode.figures.writers", SwitchConfig.defaultWriters());
        try (TestNamespaces ns = new TestNamespaces(3)) {
            Topology topology = TestTopologies.uniform(dir.resolve("topology.json"), 3, 1_000);
            DelaySwitch sw = new DelaySwitch(SwitchConfig.of(topology, ns.paths()).withWriters(writers).withNice(Integer.getInteger("gsnode.figures.nice", SwitchConfig.DEFAULT_NICE)));
            AtomicBoolean sending = new AtomicBoolean(true);
            List<CompletableFuture<Long>> senders = new ArrayList<>();
            try {
                sw.start();
                CompletableFuture<DatagramChannel> sink = InNamespace.start(ns.path(1), "sink", () -> {
                    DatagramChannel c = DatagramChannel.open();
                    c.setOption(StandardSocketOptions.SO_RCVBUF, 4096);
                    c.bind(new InetSocketAddress(InetAddress.getByName(IpPlan.ipOf(1)), 9));
                    return c;
                });
                try (DatagramChannel unread = sink.get(10, TimeUnit.SECONDS)) {
                    System.out.println("sink (never read, 4 KiB receive buffer) at " + unread.getLocalAddress());
                    for (int from : new int[] {0, 2}) senders.add(blast(ns.path(from), from, 1, sending));
                    System.out.println("load before: " + uptime());
                    Thread.sleep(2_000);
                    SwitchStats a = sw.stats();
                    long t0 = System.nanoTime();
                    Thread.sleep(10_000);
                    SwitchStats b = sw.stats();
                    double seconds = (System.nanoTime() - t0) / 1e9;
                    sending.set(false);
                    long sent = 0;
                    for (CompletableFuture<Long> f : senders) sent += f.get(20, TimeUnit.SECONDS);
                    double pps = (b.deliveredPackets() - a.deliveredPackets()) / seconds;
                    double cpu = (b.cpuMs() - a.cpuMs()) / 1e3;
                    System.out.printf("FIGURE forwarding: writers=%d, nice=%d, %.0f packets/s delivered (92-byte IP packets), switch CPU %.2f s"
                            + " over %.1f s = %.2f cores, so %.0f packets per CPU-second; senders sent %d in all; drops %s;"
                            + " lateness %s%n", writers, b.nice(), pps, cpu, seconds, cpu / seconds, (b.deliveredPackets() - a.deliveredPackets()) / cpu,
                            sent, b.drops(), b.latenessUs());
                    System.out.println("cpu split: " + switchCpuSplit());
                    System.out.println("load after: " + uptime());
                }
            } finally {
                sending.set(false);
                sw.close();
            }
        }
    }

    private static CompletableFuture<Long> blast(Path ns, int from, int to, AtomicBoolean sending) {
        return InNamespace.start(ns, "blast-" + from, () -> {
            long sent = 0;
            try (DatagramChannel c = DatagramChannel.open()) {
                c.bind(new InetSocketAddress(InetAddress.getByName(IpPlan.ipOf(from)), 0));
                c.connect(new InetSocketAddress(InetAddress.getByName(IpPlan.ipOf(to)), 9));
                ByteBuffer payload = ByteBuffer.allocateDirect(64);
                while (sending.get()) {
                    payload.clear();
                    try {
                        c.write(payload);
                        sent++;
                    } catch (IOException e) {
                        // ENOBUFS when the device queue is full: try again
                    }
                }
            }
            return sent;
        });
    }

    /** 20 nodes, each with a 50 Mbit/s HTB uplink (pfifo leaf), TCP from node i to node i+1 for 10 s, 25 ms one way. */
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void latenessAt20NodesTimes50Mbit() throws Exception {
        assumeAsked();
        int n = 20;
        int writers = Integer.getInteger("gsnode.figures.writers", SwitchConfig.defaultWriters());
        String rate = System.getProperty("gsnode.figures.rate", "50mbit");
        try (TestNamespaces ns = new TestNamespaces(n)) {
            for (int i = 0; i < n; i++) {
                ns.tcIn(i, "qdisc", "add", "dev", TestNamespaces.TUN, "root", "handle", "1:", "htb", "default", "1");
                ns.tcIn(i, "class", "add", "dev", TestNamespaces.TUN, "parent", "1:", "classid", "1:1", "htb", "rate", rate);
                ns.tcIn(i, "qdisc", "add", "dev", TestNamespaces.TUN, "parent", "1:1", "handle", "10:", "pfifo", "limit", "1000");
            }
            Topology topology = TestTopologies.uniform(dir.resolve("topology.json"), n, 25_000);
            int nice = Integer.getInteger("gsnode.figures.nice", SwitchConfig.DEFAULT_NICE);
            if (Boolean.getBoolean("gsnode.figures.process")) {
                switchAsItsOwnProcess(ns, n, writers, nice, rate);
                return;
            }
            DelaySwitch sw = new DelaySwitch(SwitchConfig.of(topology, ns.paths()).withWriters(writers).withNice(nice));
            try {
                sw.start();
                System.out.println("load before: " + uptime());
                String flows = ringOfFlows(ns, n);
                SwitchStats s = sw.stats();
                System.out.printf("FIGURE 20x" + rate + ": writers=%d, nice=%d, %s, switch delivered %d packets"
                        + " %d bytes in %.1f s, switch CPU %.1f s; lateness us %s; drops %s; waiting peak %d%n", writers, s.nice(),
                        flows, s.deliveredPackets(), s.deliveredBytes(), s.uptimeMs() / 1e3, s.cpuMs() / 1e3,
                        s.latenessUs(), s.drops(), s.waitingPeak());
                System.out.println("cpu split: " + switchCpuSplit());
                System.out.println("load after: " + uptime());
            } finally {
                sw.close();
            }
        }
    }

    /** The same with the switch in its own JVM ({@code gsnode netns switch}), as a cell runs it. */
    private void switchAsItsOwnProcess(TestNamespaces ns, int n, int writers, int nice, String rate) throws Exception {
        Path stats = dir.resolve("switch-stats.json");
        Path log = dir.resolve("switch.log");
        String java = ProcessHandle.current().info().command().orElse("java");
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process p = new ProcessBuilder(java, "-cp", classpath, SwitchCommand.class.getName(), "--topology",
                dir.resolve("topology.json").toString(), "--netns-prefix", ns.prefix(), "--stats", stats.toString(),
                "--writers", Integer.toString(writers), "--nice", Integer.toString(nice))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.readString(log).contains("switch_ready")) {
                if (!p.isAlive() || System.nanoTime() > deadline) throw new IllegalStateException("switch: " + Files.readString(log));
                Thread.sleep(50);
            }
            System.out.println("load before: " + uptime());
            String flows = ringOfFlows(ns, n);
            System.out.println("load after: " + uptime());
            p.destroy();
            p.waitFor(30, TimeUnit.SECONDS);
            JsonNode json = new ObjectMapper().readTree(Files.readString(stats));
            System.out.printf("FIGURE 20x%s (switch in its own JVM): writers=%d, nice=%s, %s; switch delivered %s packets in %.1f s,"
                    + " switch CPU %.1f s; lateness us %s; drops %s; waiting peak %s%n", rate, writers, json.get("nice"), flows,
                    json.get("delivered_packets"), json.get("uptime_ms").asLong() / 1e3, json.get("cpu_ms").asLong() / 1e3,
                    json.get("lateness_us"), json.get("drops"), json.get("waiting_peak"));
        } finally {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** TCP from node i to node i+1 (mod n), all at once, 12 s each; the goodputs from 2 s on. */
    private static String ringOfFlows(TestNamespaces ns, int n) throws Exception {
        List<CompletableFuture<Double>> flows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int from = i;
            int to = (i + 1) % n;
            flows.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return TcpFlow.goodputBps(ns.path(from), IpPlan.ipOf(from), ns.path(to), IpPlan.ipOf(to), 2.0, 12.0);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, r -> new Thread(r, "flow-" + from).start()));
        }
        double total = 0;
        List<String> each = new ArrayList<>();
        for (CompletableFuture<Double> f : flows) {
            double bps = f.get(120, TimeUnit.SECONDS);
            total += bps;
            each.add(String.format("%.1f", bps / 1e6));
        }
        return String.format("aggregate TCP goodput %.1f Mbit/s (per flow %s)", total / 1e6, each);
    }

    /** CPU of the switch's threads by role: user and system seconds of readers and writers. */
    private static String switchCpuSplit() {
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        double[] readers = new double[2];
        double[] writers = new double[2];
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            double[] into = t.getName().startsWith("delay-switch-read-") ? readers
                    : t.getName().startsWith("delay-switch-writer-") ? writers : null;
            if (into == null) continue;
            into[0] += bean.getThreadUserTime(t.getId()) / 1e9;
            into[1] += (bean.getThreadCpuTime(t.getId()) - bean.getThreadUserTime(t.getId())) / 1e9;
        }
        long allocated = 0;
        if (bean instanceof com.sun.management.ThreadMXBean sun) {
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().startsWith("delay-switch-")) allocated += sun.getThreadAllocatedBytes(t.getId());
            }
        }
        return String.format("readers user %.2f s sys %.2f s, writers user %.2f s sys %.2f s; switch threads allocated %d bytes in all",
                readers[0], readers[1], writers[0], writers[1], allocated);
    }

    private static String uptime() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip() + " (loadavg), " + Runtime.getRuntime().availableProcessors() + " CPUs";
        } catch (Exception e) {
            return "?";
        }
    }
}
