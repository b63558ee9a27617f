package io.gsnode.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The root command registers only the subcommand a command line names first (a node's start-up). */
class GsnodeTest {

    @Test
    void aCommandLineThatNamesItsSubcommandRegistersThatOneAlone() {
        CommandLine run = Gsnode.commandLine("run", "--help");
        assertEquals(List.of("run"), List.copyOf(run.getSubcommands().keySet()));
        StringWriter usage = new StringWriter();
        run.getSubcommands().get("run").usage(new PrintWriter(usage));
        assertTrue(usage.toString().startsWith("Usage: gsnode run "), usage.toString());
    }

    @Test
    void helpAndAnythingElseRegisterEverySubcommandInTheirOrder() {
        List<String> all = Gsnode.SUBCOMMANDS.stream().map(c -> c.getAnnotation(CommandLine.Command.class).name()).toList();
        assertEquals(18, all.size());
        for (String[] args : List.of(new String[0], new String[] {"--help"}, new String[] {"--version"}, new String[] {"no-such"},
                new String[] {"help", "run"})) {
            assertEquals(all, List.copyOf(Gsnode.commandLine(args).getSubcommands().keySet()), String.join(" ", args));
        }
    }

    @Test
    void eachSubcommandNamedFirstParsesAsItWouldAmongAllTheOthers() {
        CommandLine all = Gsnode.commandLine();
        for (Class<?> c : Gsnode.SUBCOMMANDS) {
            if (c == CommandLine.HelpCommand.class) continue;
            String name = c.getAnnotation(CommandLine.Command.class).name();
            CommandLine alone = Gsnode.commandLine(name);
            assertEquals(List.of(name), List.copyOf(alone.getSubcommands().keySet()));
            StringWriter aloneUsage = new StringWriter();
            StringWriter amongAll = new StringWriter();
            alone.getSubcommands().get(name).usage(new PrintWriter(aloneUsage));
            all.getSubcommands().get(name).usage(new PrintWriter(amongAll));
            assertEquals(amongAll.toString(), aloneUsage.toString(), name);
        }
    }
}
