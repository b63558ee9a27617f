package io.gsnode.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * What {@code gsnode} says when it refuses a command line or fails: one line naming the command
 * and the cause, where help is, never the usage dump or (for the user's own mistakes) a stack
 * trace; a refused {@code gsnode cell} writes nothing.
 */
class CommandErrorsTest {

    @TempDir
    Path tmp;

    private record Outcome(int exit, String err) {
        List<String> lines() {
            return err.lines().toList();
        }
    }

    private static Outcome gsnode(String... args) {
        CommandLine cl = Gsnode.commandLine(args);
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Outcome(exit, err.toString());
    }

    private static void assertRefusedInOneLine(Outcome o, String command, String cause) {
        assertEquals(2, o.exit(), o.err());
        assertTrue(o.lines().get(0).startsWith("gsnode " + command + ": "), o.err());
        assertTrue(o.lines().get(0).contains(cause), o.err());
        assertTrue(o.err().contains("see 'gsnode " + command + " --help'"), o.err());
        assertFalse(o.err().contains("Usage:"), "no usage dump:\n" + o.err());
        assertFalse(o.err().contains("\tat "), "no stack trace:\n" + o.err());
    }

    @Test
    void anUnknownOptionIsOneLineAndWhereHelpIs() {
        assertRefusedInOneLine(gsnode("cell", "--out", tmp.resolve("out").toString(), "--no-such-option"), "cell", "--no-such-option");
        assertRefusedInOneLine(gsnode("cell", "--n", "4"), "cell", "--out");
    }

    @Test
    void aMissingTopologyIsRefusedAndNothingIsWritten() {
        Path out = tmp.resolve("out");
        Outcome o = gsnode("cell", "--topology", tmp.resolve("nosuch.json").toString(), "--out", out.toString());
        assertRefusedInOneLine(o, "cell", "nosuch.json");
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void aTruncatedTopologyIsRefusedAndNothingIsWritten() throws Exception {
        Path topology = Files.writeString(tmp.resolve("cut.json"), "{\"n\": 4, \"nodes\": [", StandardCharsets.UTF_8);
        Path out = tmp.resolve("out");
        assertRefusedInOneLine(gsnode("cell", "--topology", topology.toString(), "--out", out.toString()), "cell", "cut.json");
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void aCellOfOneNodeIsRefusedAndNothingIsWritten() {
        Path out = tmp.resolve("out");
        assertRefusedInOneLine(gsnode("cell", "--n", "1", "--out", out.toString()), "cell", "--n 1");
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void noRunsIsRefusedAndNothingIsWritten() {
        Path out = tmp.resolve("out");
        assertRefusedInOneLine(gsnode("cell", "--n", "4", "--runs", "0", "--out", out.toString()), "cell", "--runs");
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void aShadowKnobOnAnotherBackendIsRefusedAndNothingIsWritten() {
        Path out = tmp.resolve("out");
        assertRefusedInOneLine(gsnode("cell", "--n", "4", "--no-model-unblocked-syscall-latency", "--out", out.toString()), "cell",
                "--no-model-unblocked-syscall-latency is for the shadow backend");
        assertFalse(Files.exists(out), "nothing written");
    }

    /** What the root command reports for {@code e} thrown while running. */
    private static Outcome failedWith(Exception e) {
        CommandLine cl = new CommandLine(new Gsnode());
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err));
        return new Outcome(CommandErrors.failed(e, cl, null), err.toString());
    }

    @Test
    void aFileSystemFailureNamesItsPathInOneLine() {
        Outcome o = failedWith(new NoSuchFileException("/no/such/dir/record.json"));
        assertEquals(1, o.exit());
        assertEquals("gsnode: no such file or directory: /no/such/dir/record.json", o.lines().get(0));
        assertFalse(o.err().contains("\tat "), o.err());
    }

    @Test
    void aBugOfOursKeepsItsStackTrace() {
        Outcome o = failedWith(new NullPointerException("x"));
        assertEquals(1, o.exit());
        assertTrue(o.err().startsWith("gsnode: NullPointerException: x"), o.err());
        assertTrue(o.err().contains("\tat "), "a report of a bug needs where it happened:\n" + o.err());
    }
}
