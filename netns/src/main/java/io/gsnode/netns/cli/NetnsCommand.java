package io.gsnode.netns.cli;

import io.gsnode.formats.files.AtomicFiles;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyReader;
import io.gsnode.netns.fabric.Commands;
import io.gsnode.netns.fabric.DelayMode;
import io.gsnode.netns.fabric.Fabric;
import io.gsnode.netns.fabric.FabricNames;
import io.gsnode.netns.fabric.FabricPlan;
import io.gsnode.netns.fabric.KernelFeature;
import io.gsnode.netns.fabric.KernelProbe;
import io.gsnode.netns.fabric.Preflight;
import io.gsnode.netns.fabric.QueueKind;
import io.gsnode.netns.fabric.UserNamespace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gsnode netns}: build, inspect and remove a fabric by hand; {@code gsnode cell --backend netns} runs cells on one. */
@Command(name = "netns", mixinStandardHelpOptions = true,
        description = {"Build, inspect and remove a shaped network-namespace fabric by hand.",
                "One namespace per node, HTB upload and download shaping, pair delays by netem or the userspace",
                "delay switch. Needs root; 'gsnode cell --backend netns' also runs unprivileged."},
        subcommands = {NetnsCommand.Plan.class, NetnsCommand.Up.class, NetnsCommand.Down.class, NetnsCommand.Status.class,
                NetnsCommand.Probe.class,
                SwitchCommand.class})
public final class NetnsCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** The options that shape a fabric, shared by plan and up. */
    static final class FabricOptions {
        @Option(names = "--topology", required = true, paramLabel = "FILE", description = "A gsnode.topology/1 file.")
        Path topology;

        @Option(names = "--queue", paramLabel = "fifo|fq_codel|fair", description = "Leaf queue behind each rate limit (default: ${DEFAULT-VALUE}).")
        QueueKind queue = QueueKind.FIFO;

        @Option(names = "--delay", paramLabel = "netem|userspace|none",
                description = "How pairs get their latency (default: netem where the kernel has it, else userspace).")
        DelayMode delay;

        @Option(names = "--tag", paramLabel = "TAG", description = "Names the fabric's namespaces gsf-TAG, gsn-TAG-i (default: ${DEFAULT-VALUE}).")
        String tag = "gs";

    }

    @Command(name = "plan", mixinStandardHelpOptions = true,
            description = "Write the fabric's build and teardown scripts without touching the machine.")
    static final class Plan implements Callable<Integer> {
        @CommandLine.Mixin
        FabricOptions fabric = new FabricOptions();

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where up.sh and down.sh go.")
        Path out;

        @Override
        public Integer call() throws Exception {
            Topology t = TopologyReader.read(fabric.topology);
            DelayMode delay = fabric.delay == null ? DelayMode.NETEM : fabric.delay;
            FabricPlan plan = new FabricPlan(t, new FabricNames(fabric.tag), fabric.queue, delay);
            Files.createDirectories(out);
            AtomicFiles.writeString(out.resolve("up.sh"), plan.script());
            AtomicFiles.writeString(out.resolve("down.sh"), plan.teardownScript());
            System.out.println("wrote " + out.resolve("up.sh") + " and " + out.resolve("down.sh") + " (" + plan.buildSteps().size()
                    + " batches; needs " + plan.requirements().stream().map(KernelFeature::what).toList() + ")");
            return 0;
        }
    }

    @Command(name = "up", mixinStandardHelpOptions = true, description = "Build a fabric and leave it up (root only).")
    static final class Up implements Callable<Integer> {
        @CommandLine.Mixin
        FabricOptions fabric = new FabricOptions();

        @Option(names = "--allow-degraded", description = "Run what the kernel allows when it lacks netem or fq_codel.")
        boolean allowDegraded;

        @Override
        public Integer call() throws Exception {
            requireRoot();
            Topology t = TopologyReader.read(fabric.topology);
            Set<KernelFeature> have = KernelProbe.probe();
            Preflight.Decision d = Preflight.decide(fabric.queue, fabric.delay, have, allowDegraded);
            d.degradations().forEach(s -> System.out.println("DEGRADED: " + s));
            if (d.delay() == DelayMode.USERSPACE) {
                System.out.println("delay userspace: pairs get their latency only while the switch runs; start it with");
                System.out.println("  gsnode netns switch --topology " + fabric.topology + " --netns-prefix "
                        + new FabricNames(fabric.tag).nodeNamespacePrefix());
            }
            Fabric.build(new FabricPlan(t, new FabricNames(fabric.tag), d.queue(), d.delay()), System.out);
            System.out.println("remove it with: gsnode netns down --tag " + fabric.tag);
            return 0;
        }
    }

    @Command(name = "down", mixinStandardHelpOptions = true, description = "Remove every namespace of a fabric.")
    static final class Down implements Callable<Integer> {
        @Option(names = "--tag", paramLabel = "TAG", description = "The fabric's tag (default: ${DEFAULT-VALUE}).")
        String tag = "gs";

        @Override
        public Integer call() throws Exception {
            requireRoot();
            List<String> namespaces = Fabric.namespaces(new FabricNames(tag));
            int removed = 0;
            for (String ns : namespaces) {
                if (Commands.run(List.of("ip", "netns", "delete", ns), null).ok()) removed++;
            }
            System.out.println("removed " + removed + " of " + namespaces.size() + " namespaces of fabric '" + tag + "'");
            return removed == namespaces.size() ? 0 : 1;
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true, description = "List the fabrics whose namespaces exist now.")
    static final class Status implements Callable<Integer> {
        @Override
        public Integer call() throws Exception {
            Commands.Result r = Commands.run(List.of("ip", "netns", "list"), null);
            TreeMap<String, Integer> nodes = new TreeMap<>();
            for (String line : r.output().split("\n")) {
                String name = line.split(" ")[0];
                if (name.startsWith("gsn-")) nodes.merge(name.substring(4, name.lastIndexOf('-')), 1, Integer::sum);
                if (name.startsWith("gsf-")) nodes.putIfAbsent(name.substring(4), 0);
            }
            if (nodes.isEmpty()) System.out.println("no gsnode fabric is up");
            nodes.forEach((tag, count) -> System.out.println("fabric '" + tag + "': " + count + " node namespaces"));
            return 0;
        }
    }

    @Command(name = "probe", mixinStandardHelpOptions = true, description = "Say which qdiscs, filters and devices this kernel offers.")
    static final class Probe implements Callable<Integer> {
        @Override
        public Integer call() throws Exception {
            requireRoot();
            Set<KernelFeature> have = KernelProbe.probe();
            for (KernelFeature f : KernelFeature.values()) System.out.println((have.contains(f) ? "  yes  " : "  NO   ") + f.what());
            return 0;
        }
    }

    private static void requireRoot() throws IOException {
        if (!UserNamespace.isRoot()) {
            throw new IOException("building a fabric by hand needs root; 'gsnode cell --backend netns' runs unprivileged");
        }
    }
}
