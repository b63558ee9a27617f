package io.gsnode.app;

import io.gsnode.harness.cli.InteropNodeCommand;
import io.gsnode.harness.cli.InteropWrapperCommand;
import io.gsnode.k8s.cli.K8sCommand;
import io.gsnode.netns.cli.NetnsCommand;
import io.gsnode.node.cli.PeerCommand;
import io.gsnode.node.cli.RunCommand;
import io.gsnode.shadow.cli.ShadowCommand;
import io.gsnode.tools.cli.CompareCommand;
import io.gsnode.tools.cli.ExtractCommand;
import io.gsnode.tools.cli.PlotCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code gsnode}: the root command; {@code gsnode --help} lists the subcommands. */
@Command(name = "gsnode", mixinStandardHelpOptions = true, version = "gsnode 0.1.0",
        description = "A real-stack libp2p gossipsub node for network experiments.",
        subcommands = {ArmsCommand.class, DemoCommand.class, CellCommand.class, RunCommand.class, NodeJvmCommand.class, PeerCommand.class, TopologyCommand.class, NetnsCommand.class, ShadowCommand.class,
                K8sCommand.class,
                ExtractCommand.class, CompareCommand.class,
                PlotCommand.class, InteropNodeCommand.class, InteropWrapperCommand.class, CommandLine.HelpCommand.class})
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
