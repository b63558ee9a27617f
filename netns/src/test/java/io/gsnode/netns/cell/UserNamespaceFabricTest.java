package io.gsnode.netns.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gsnode.formats.topology.Edge;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyReader;
import io.gsnode.formats.topology.TopologyWriter;
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
import io.gsnode.netns.fabric.QueueKind;
import io.gsnode.netns.fabric.UserNamespace;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The unprivileged mode's path: a fabric with the delay switch built inside {@code unshare -Urnm}
 * (the wrapping {@code gsnode cell --backend netns} uses when not root), where a 2-node pair at
 * 15 ms one way echoes in 30 ms (the quickest of nine echoes, of up to three rounds: a busy host
 * only adds to a round trip; see {@code SwitchFabricLatencyTest}).
 * Run as root here, so only the user namespace is under test, not the permissions of a real
 * unprivileged user (see docs/netns.md for what those need).
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class UserNamespaceFabricTest {

    @TempDir
    Path dir;

    @Test
    void aSwitchFabricWorksInsideAUserNamespace() throws Exception {
        assumeTrue(Fabrics.requireNamespaces().contains(KernelFeature.TUN), "no TUN devices here");
        Path topology = dir.resolve("topology.json");
        TopologyWriter.write(Fabrics.topology(2, 50_000_000, 50_000_000, 15_000, List.of(new Edge(0, 1))), topology);
        List<String> inner = List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), UserNamespaceFabricTest.class.getName(), topology.toString());
        Process p = new ProcessBuilder(UserNamespace.command(inner)).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the check finished");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        double rtt = Double.parseDouble(out.lines().filter(l -> l.startsWith("rtt_ms ")).findFirst()
                .orElseThrow(() -> new AssertionError(out)).substring(7));
        assertEquals(30.0, rtt, 2.0, out);
    }

    /** Inside the user namespace: build, start the switch, echo from node 0 to node 1, print the quickest round trip. */
    public static void main(String[] args) throws Exception {
        if (!UserNamespace.isRoot()) throw new IOException("not root of the user namespace");
        Topology t = TopologyReader.read(Path.of(args[0]));
        FabricNames names = new FabricNames("userns");
        List<Path> namespaces = NamespacePaths.prefixed(NamespacePaths.RUN_NETNS, names.nodeNamespacePrefix(), 2);
        try (Fabric fabric = Fabric.build(new FabricPlan(t, names, QueueKind.FIFO, DelayMode.USERSPACE), System.out);
             DelaySwitch delaySwitch = new DelaySwitch(SwitchConfig.of(t, namespaces).withCreateMissingDevices(false))) {
            delaySwitch.start();
            InetSocketAddress at = new InetSocketAddress(t.node(1).ip(), 7000);
            DatagramChannel echo = NetNamespace.callIn(namespaces.get(1), () -> DatagramChannel.open().bind(at));
            DatagramChannel client = NetNamespace.callIn(namespaces.get(0),
                    () -> DatagramChannel.open().bind(new InetSocketAddress(t.node(0).ip(), 0)));
            Thread echoer = new Thread(() -> {
                ByteBuffer buf = ByteBuffer.allocate(16);
                try {
                    while (true) {
                        buf.clear();
                        var from = echo.receive(buf);
                        echo.send(buf.flip(), from);
                    }
                } catch (IOException closed) {
                    // Done.
                }
            });
            echoer.setDaemon(true);
            echoer.start();
            // Up to three rounds of nine echoes, the quickest echo kept: the switch runs in real
            // time, and a host busy with other cells (a full test run builds three modules at once)
            // can add milliseconds the fabric did not, to any echo but rarely to all of them.
            double best = Double.MAX_VALUE;
            for (int round = 0; round < 3 && Math.abs(best - 30.0) > 2.0; round++) {
                List<Double> rtts = new ArrayList<>();
                for (int k = 0; k < 10; k++) {
                    long sent = System.nanoTime();
                    client.send(ByteBuffer.allocate(16).putLong(sent).flip(), at);
                    client.receive(ByteBuffer.allocate(16));
                    if (k > 0) rtts.add((System.nanoTime() - sent) / 1e6);
                }
                rtts.sort(null);
                System.out.println("round " + round + ": quickest " + rtts.get(0) + " ms, median " + rtts.get(rtts.size() / 2)
                        + " ms of " + rtts);
                best = Math.min(best, rtts.get(0));
            }
            System.out.println("rtt_ms " + best);
            echo.close();
            client.close();
        }
        System.exit(0);
    }
}
