package io.gsnode.tools.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

/** {@code gsnode plot}: the report's figures from cell records, as PNG and SVG. */
@Command(name = "plot", mixinStandardHelpOptions = true,
        description = {"Draws the report's figures from cell records, each as BASE.png and BASE.svg.", "See docs/results.md."},
        subcommands = {Figure1Command.class, SweepCommand.class, CdfCommand.class})
public final class PlotCommand implements Runnable {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a figure: figure1, sweep or cdf");
    }
}
