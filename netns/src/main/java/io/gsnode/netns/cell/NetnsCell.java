package io.gsnode.netns.cell;

import io.gsnode.formats.files.AtomicFiles;
import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyReader;
import io.gsnode.netns.delay.DelaySwitch;
import io.gsnode.netns.delay.NamespacePaths;
import io.gsnode.netns.delay.SwitchConfig;
import io.gsnode.netns.fabric.DelayMode;
import io.gsnode.netns.fabric.Fabric;
import io.gsnode.netns.fabric.FabricNames;
import io.gsnode.netns.fabric.FabricPlan;
import io.gsnode.netns.fabric.KernelFeature;
import io.gsnode.netns.fabric.KernelProbe;
import io.gsnode.netns.fabric.Preflight;
import io.gsnode.node.cell.CellOptions;
import io.gsnode.node.cell.CellRunner;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The netns backend: checks the kernel, builds the fabric once (and starts the delay switch when
 * pairs get their latency in userspace), runs the cell R times with a reset between runs (nodes
 * stopped, queues and counters rebuilt, TCP metrics flushed), and tears everything down on
 * success, failure and Ctrl-C alike.
 */
public final class NetnsCell {

    private final CellOptions cell;
    private final NetnsCellOptions netns;
    private final PrintStream progress;

    public NetnsCell(CellOptions cell, NetnsCellOptions netns, PrintStream progress) {
        this.cell = cell;
        this.netns = netns;
        this.progress = progress;
    }

    /** Runs {@code runs} repetitions into {@code out} (or {@code out/run-R} when more than one). */
    public List<CellSummary> run(Path out, int runs) throws IOException, InterruptedException {
        Topology topology = TopologyReader.read(cell.topology());
        Set<KernelFeature> have = KernelProbe.probe();
        Preflight.Decision decision;
        try {
            decision = Preflight.decide(netns.queue(), netns.delay(), have, netns.allowDegraded());
        } catch (IllegalStateException e) {
            throw new IOException(e.getMessage() + " (this kernel has: " + Preflight.describe(have) + ")");
        }
        for (String d : decision.degradations()) progress.println("  DEGRADED: " + d);
        FabricPlan plan = new FabricPlan(topology, new FabricNames(netns.tag()), decision.queue(), decision.delay());
        Files.createDirectories(out);
        AtomicFiles.writeString(out.resolve("fabric.sh"), plan.script());
        List<CellSummary> summaries = new ArrayList<>();
        try (Fabric fabric = Fabric.build(plan, progress); TeardownHook hook = new TeardownHook(fabric);
             DelaySwitch delaySwitch = startSwitch(plan, out)) {
            for (int r = 0; r < runs; r++) {
                if (r > 0) fabric.reset();
                Path dir = runs == 1 ? out : out.resolve("run-" + r);
                progress.println("cell " + cell.workload().armName() + " over " + cell.workload().transport().transport()
                        + " on netns (queue " + plan.queue().label() + ", delay " + plan.delay().label() + "), run " + (r + 1)
                        + " of " + runs + " -> " + dir);
                summaries.add(new CellRunner(cell, new NetnsPlacement(plan, delaySwitch), progress).run(dir, r));
            }
        }
        return summaries;
    }

    /** With {@code delay: userspace}, the switch that gives pairs their latency; else null. Its final counters go to switch.json. */
    private DelaySwitch startSwitch(FabricPlan plan, Path out) throws IOException {
        if (plan.delay() != DelayMode.USERSPACE) return null;
        int n = plan.topology().n();
        DelaySwitch s = new DelaySwitch(SwitchConfig.of(plan.topology(),
                NamespacePaths.prefixed(NamespacePaths.RUN_NETNS, plan.names().nodeNamespacePrefix(), n))
                .withStatsFile(out.resolve("switch.json"))
                // The plan made every device; a missing one is a broken fabric, not something to paper over.
                .withCreateMissingDevices(false));
        s.start();
        progress.println("  delay switch up: " + n + " TUN devices, pair latencies from the topology");
        return s;
    }

    /** Ctrl-C while the fabric is up still tears it down. */
    private static final class TeardownHook implements AutoCloseable {
        private final Thread hook;

        TeardownHook(Fabric fabric) {
            hook = new Thread(fabric::close, "netns-teardown");
            Runtime.getRuntime().addShutdownHook(hook);
        }

        @Override
        public void close() {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook runs (or ran) already.
            }
        }
    }
}
