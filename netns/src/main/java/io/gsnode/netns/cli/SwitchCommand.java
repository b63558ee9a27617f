package io.gsnode.netns.cli;

import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyReader;
import io.gsnode.netns.delay.DelaySwitch;
import io.gsnode.netns.delay.NamespacePaths;
import io.gsnode.netns.delay.SwitchConfig;
import io.gsnode.netns.delay.SwitchStats;
import io.gsnode.netns.delay.SwitchStatsFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gsnode netns switch}: runs the userspace delay switch over a fabric's node namespaces
 * until SIGTERM or SIGINT, then writes its stats and exits 0. Prints one JSON line
 * {@code {"event":"switch_ready",...}} on stdout once every device is attached, and exits 2 (one
 * line on stderr) when the topology is broken or a namespace or device cannot be attached.
 */
@Command(name = "switch", mixinStandardHelpOptions = true,
        description = {"Userspace delay switch: reads each node's TUN device and writes every packet into the",
                "destination node's device after the pair's one-way latency from the topology (kernels",
                "without netem). Runs until SIGTERM/SIGINT; the stats go to --stats."})
public final class SwitchCommand implements Callable<Integer> {

    @Option(names = "--topology", required = true, paramLabel = "FILE", description = "A gsnode.topology/1 file.")
    Path topology;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Namespaces namespaces;

    static final class Namespaces {
        @Option(names = "--netns-prefix", paramLabel = "P",
                description = "Node i's namespace is DIR/P<i> (DIR: --netns-dir), e.g. gsn-TAG- for /run/netns/gsn-TAG-0...")
        String prefix;

        @Option(names = "--netns-list", paramLabel = "FILE",
                description = "A file naming node i's namespace path on line i (e.g. /run/netns/x or /proc/PID/ns/net).")
        Path list;
    }

    @Option(names = "--netns-dir", paramLabel = "DIR", description = "Directory of named namespaces (default: ${DEFAULT-VALUE}).")
    Path netnsDir = NamespacePaths.RUN_NETNS;

    @Option(names = "--tun", paramLabel = "NAME", description = "TUN device in each namespace (default: ${DEFAULT-VALUE}).")
    String tun = SwitchConfig.DEFAULT_TUN;

    @Option(names = "--budget-packets", paramLabel = "N", description = "Most packets waiting at once; more are dropped and counted (default: ${DEFAULT-VALUE}).")
    int budget = SwitchConfig.DEFAULT_BUDGET_PACKETS;

    @Option(names = "--writers", paramLabel = "K", description = "Scheduler threads writing into devices (default: half the cores, 2..8: ${DEFAULT-VALUE}).")
    int writers = SwitchConfig.defaultWriters();

    @Option(names = "--nice", paramLabel = "N", description = "Nice value of the forwarding threads; below 0 needs CAP_SYS_NICE, else ignored and reported (default: ${DEFAULT-VALUE}).")
    int nice = SwitchConfig.DEFAULT_NICE;

    @Option(names = "--spin-us", paramLabel = "US", description = "Wake this early before a packet is due and spin (default: ${DEFAULT-VALUE}).")
    long spinMicros;

    @Option(names = "--watch-ms", paramLabel = "MS", description = "How often to check that each namespace exists (default: ${DEFAULT-VALUE}).")
    long watchMillis = 100;

    @Option(names = "--no-create", negatable = true, description = "Fail when a device is absent instead of creating it (default: create).")
    boolean create = true;

    @Option(names = "--stats", paramLabel = "FILE", description = "Write the stats JSON here at shutdown (and every --stats-every).")
    Path stats;

    @Option(names = "--stats-every", paramLabel = "MS", description = "Also rewrite --stats this often while running; 0: only at shutdown (default: ${DEFAULT-VALUE}).")
    long statsEveryMillis;

    public static void main(String[] args) {
        System.exit(new CommandLine(new SwitchCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        PrintStream err = System.err;
        DelaySwitch sw;
        try {
            Topology topo = TopologyReader.read(topology);
            List<Path> paths = namespaces.prefix != null
                    ? NamespacePaths.prefixed(netnsDir, namespaces.prefix, topo.n())
                    : NamespacePaths.listed(namespaces.list, topo.n());
            SwitchConfig config = SwitchConfig.of(topo, paths).withTunName(tun).withBudgetPackets(budget)
                    .withWriters(writers).withNice(nice).withSpinMicros(spinMicros).withWatchEvery(Duration.ofMillis(watchMillis))
                    .withCreateMissingDevices(create).withStatsFile(stats);
            sw = new DelaySwitch(config);
            sw.start();
        } catch (IOException | IllegalArgumentException e) {
            err.println("gsnode netns switch: " + e.getMessage());
            return 2;
        }
        DelaySwitch running = sw;
        for (String signal : List.of("TERM", "INT")) {
            sun.misc.Signal.handle(new sun.misc.Signal(signal), s -> closeQuietly(running));
        }
        System.out.println("{\"event\":\"switch_ready\",\"nodes\":" + sw.stats().nodes() + ",\"tun\":\"" + tun
                + "\",\"pid\":" + ProcessHandle.current().pid() + "}");
        System.out.flush();
        if (stats != null && statsEveryMillis > 0) {
            while (!running.awaitClosed(statsEveryMillis, TimeUnit.MILLISECONDS)) {
                try {
                    SwitchStatsFile.write(running.stats(), stats);
                } catch (IOException e) {
                    err.println("gsnode netns switch: cannot write " + stats + ": " + e.getMessage());
                }
            }
            // A live snapshot being written as the switch closed may have landed over the final one.
            SwitchStatsFile.write(running.stats(), stats);
        }
        running.awaitClosed();
        SwitchStats last = running.stats();
        System.out.println("{\"event\":\"switch_stopped\",\"packets\":" + last.packets() + ",\"delivered\":"
                + last.deliveredPackets() + ",\"dropped\":" + last.dropped() + "}");
        return 0;
    }

    private static void closeQuietly(DelaySwitch sw) {
        try {
            sw.close();
        } catch (IOException e) {
            System.err.println("gsnode netns switch: " + e.getMessage());
        }
    }
}
