package io.gsnode.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CellCommandTest {

    @TempDir
    Path tmp;

    @Test
    void instantsOutOfOrderAreAUsageErrorBeforeAnythingIsWritten() {
        Path out = tmp.resolve("out");
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new CellCommand());
        cl.setErr(new PrintWriter(err));

        int exit = cl.execute("--n", "4", "--out", out.toString(), "--subscribe-at", "20000");

        assertEquals(2, exit, err.toString());
        assertTrue(err.toString().contains("need dial-at <= subscribe-at < publish-at"), err.toString());
        assertFalse(Files.exists(out), "no topology and no records");
    }
}
