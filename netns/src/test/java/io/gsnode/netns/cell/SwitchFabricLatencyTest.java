package io.gsnode.netns.cell;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gsnode.formats.topology.Edge;
import io.gsnode.formats.topology.Topology;
import io.gsnode.netns.delay.DelaySwitch;
import io.gsnode.netns.delay.NamespacePaths;
import io.gsnode.netns.delay.NetNamespace;
import io.gsnode.netns.delay.SwitchConfig;
import io.gsnode.netns.fabric.DelayMode;
import io.gsnode.netns.fabric.Fabric;
import io.gsnode.netns.fabric.FabricNames;
import io.gsnode.netns.fabric.FabricPlan;
import io.gsnode.netns.fabric.Fabrics;
import io.gsnode.netns.fabric.KernelFeature;
import io.gsnode.netns.fabric.Preflight;
import io.gsnode.netns.fabric.QueueKind;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The fabric of a 10-node geo cell, built the way {@code gsnode cell --backend netns --delay
 * userspace} builds it, with the switch that cell starts: for every dialled pair, timestamped UDP
 * echoes across the fabric measure the one-way latency (half the round trip) and it matches the
 * topology's within 2 ms.
 *
 * <p>The latency the fabric imposes is the quickest echo's: a busy host only ever adds to a round
 * trip (the echoer, the switch and the kernel's packet path all wait for a core), and beside a full
 * test run's local cells the median of 27 echoes was seen 2 ms above the topology's on one pair in
 * four full runs of nine, at any CPU priority of this JVM. That the typical packet, not only the quickest, gets
 * the pair's latency is {@code SwitchLatencyTest}'s check (the median of 20 echoes).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SwitchFabricLatencyTest {

    private static final int ECHOES = 9;

    @Test
    void everyDialledPairOfAGeoCellGetsItsOneWayLatency() throws Exception {
        Set<KernelFeature> have = Fabrics.requireNamespaces();
        assumeTrue(have.containsAll(Preflight.requirements(QueueKind.FIFO, DelayMode.USERSPACE)),
                "kernel lacks what the switch fabric needs: " + Preflight.requirements(QueueKind.FIFO, DelayMode.USERSPACE));
        Topology t = Fabrics.geoRing(10, 5);
        FabricNames names = Fabrics.freshNames();
        FabricPlan plan = new FabricPlan(t, names, QueueKind.FIFO, DelayMode.USERSPACE);
        List<Path> namespaces = NamespacePaths.prefixed(NamespacePaths.RUN_NETNS, names.nodeNamespacePrefix(), t.n());
        List<String> mismatches = new ArrayList<>();
        try (Fabric fabric = Fabric.build(plan, System.out);
             DelaySwitch delaySwitch = new DelaySwitch(SwitchConfig.of(t, namespaces))) {
            delaySwitch.start();
            for (Edge e : t.edges()) {
                double expected = (t.latency().micros(e.a(), e.b()) + t.latency().micros(e.b(), e.a())) / 2000.0;
                List<Double> rtts = roundTripsMs(namespaces, t, e.a(), e.b(), ECHOES);
                if (Math.abs(rtts.get(0) / 2 - expected) > 2.0) {
                    // Not one quick echo in nine: measure once more, longer, before judging.
                    rtts = roundTripsMs(namespaces, t, e.a(), e.b(), 3 * ECHOES);
                }
                double quickest = rtts.get(0) / 2;
                System.out.printf("pair %d-%d: one-way %.2f ms (quickest echo; median %.2f), %.2f ms in the topology%n",
                        e.a(), e.b(), quickest, rtts.get(rtts.size() / 2) / 2, expected);
                if (Math.abs(quickest - expected) > 2.0) mismatches.add(e + ": " + quickest + " vs " + expected);
            }
        }
        assertTrue(mismatches.isEmpty(), "pairs off by more than 2 ms: " + mismatches);
    }

    /** Node a pings node b's echo port {@code echoes} times, one at a time; the round trips in ms, quickest first. */
    private static List<Double> roundTripsMs(List<Path> namespaces, Topology t, int a, int b, int echoes) throws Exception {
        InetSocketAddress echoAt = new InetSocketAddress(t.node(b).ip(), 7000);
        DatagramChannel echo = NetNamespace.callIn(namespaces.get(b), () -> DatagramChannel.open().bind(echoAt));
        DatagramChannel client = NetNamespace.callIn(namespaces.get(a),
                () -> DatagramChannel.open().bind(new InetSocketAddress(t.node(a).ip(), 0)));
        Thread echoer = new Thread(() -> {
            ByteBuffer buf = ByteBuffer.allocate(64);
            try {
                while (true) {
                    buf.clear();
                    var from = echo.receive(buf);
                    buf.flip();
                    echo.send(buf, from);
                }
            } catch (Exception closed) {
                // The test closed the channel.
            }
        });
        echoer.setDaemon(true);
        echoer.start();
        try (client) {
            client.socket().setSoTimeout(2000);
            List<Double> rtts = new ArrayList<>();
            ByteBuffer buf = ByteBuffer.allocate(64);
            for (int k = 0; k < echoes + 1; k++) {
                long sent = System.nanoTime();
                buf.clear().putLong(sent).flip();
                client.send(buf, echoAt);
                buf.clear();
                client.receive(buf);
                // The first echo also waits for the route's first use; it is not a sample.
                if (k > 0) rtts.add((System.nanoTime() - sent) / 1e6);
            }
            rtts.sort(null);
            return rtts;
        } finally {
            // A channel closed while the echoer is blocked in receive keeps its port until that thread
            // leaves: wait for it, or the next measurement towards b cannot bind the echo port (seen on
            // a loaded host as "Address already in use").
            echo.close();
            echoer.join(TimeUnit.SECONDS.toMillis(10));
        }
    }
}
