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
import io.gsnode.tools.cli.TimelineCommand;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code gsnode}: the root command; {@code gsnode --help} lists the subcommands.
 *
 * <p>Picocli builds a command's whole model, options and all, by reflection when the command is
 * registered, and its own classes (Java 5 class files) stay out of the class-data cache. Building
 * every subcommand cost a node about 0.1 s of CPU at start-up (a sixth of it), paid by each of a
 * cell's hundreds of node processes; so a command line that names its subcommand first registers
 * that one alone.
 */
@Command(name = "gsnode", mixinStandardHelpOptions = true, version = "gsnode 0.1.0",
        description = "A real-stack libp2p gossipsub node for network experiments.")
public final class Gsnode implements Runnable {

    /** Every subcommand, in the order {@code gsnode --help} lists them. */
    static final List<Class<?>> SUBCOMMANDS = List.of(ArmsCommand.class, DemoCommand.class, CellCommand.class, StudyCommand.class, RunCommand.class,
            NodeJvmCommand.class, PeerCommand.class, TopologyCommand.class, NetnsCommand.class, ShadowCommand.class,
            K8sCommand.class, ExtractCommand.class, CompareCommand.class, PlotCommand.class, TimelineCommand.class, InteropNodeCommand.class,
            InteropWrapperCommand.class, CommandLine.HelpCommand.class);

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine(args).execute(args));
    }

    /**
     * The root command for {@code args}: with the subcommand they name first, or with all of them
     * ({@code help} among the others, as it describes them).
     */
    static CommandLine commandLine(String... args) {
        CommandLine root = new CommandLine(new Gsnode());
        List<Class<?>> named = args.length == 0 ? List.of() : SUBCOMMANDS.stream()
                .filter(c -> c != CommandLine.HelpCommand.class && c.getAnnotation(Command.class).name().equals(args[0]))
                .toList();
        for (Class<?> subcommand : named.isEmpty() ? SUBCOMMANDS : named) root.addSubcommand(subcommand);
        return CommandErrors.install(root);
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
