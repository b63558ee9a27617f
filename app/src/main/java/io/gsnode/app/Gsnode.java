package io.gsnode.app;

import io.gsnode.node.peer.PeerCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code gsnode}: the root command; {@code gsnode --help} lists the subcommands. */
@Command(name = "gsnode", mixinStandardHelpOptions = true, version = "gsnode 0.1.0",
        description = "A real-stack libp2p gossipsub node for network experiments.",
        subcommands = {ArmsCommand.class, DemoCommand.class, CellCommand.class, io.gsnode.node.run.RunCommand.class, NodeJvmCommand.class, PeerCommand.class, TopologyCommand.class, io.gsnode.netns.NetnsCommand.class, io.gsnode.shadow.ShadowCommand.class,
                io.gsnode.tools.results.extract.ExtractCommand.class, io.gsnode.tools.results.compare.CompareCommand.class,
                io.gsnode.tools.results.plot.PlotCommand.class, CommandLine.HelpCommand.class})
public final class Gsnode implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new Gsnode()).execute(args));
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
