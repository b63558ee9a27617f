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

    /**
     * Each option that would be dropped or mean something else is refused before anything is
     * written: exit 2, one line naming the option. (A Shadow binary is not needed: the options are
     * checked first.)
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
            "a QUIC knob over TCP | --backend local --n 4 --transport tcp --max-udp-payload 1280 | --max-udp-payload is a QUIC option, and this cell runs --transport tcp",
            "two QUIC knobs over TCP | --backend local --n 4 --quic-engine netty --udp-buffer 64KiB | --quic-engine, --udp-buffer are QUIC options",
            "fq_codel under Shadow | --backend shadow --n 4 --queue fq_codel | --queue fq_codel is not a queue Shadow has",
            "round-robin on netns | --backend netns --n 4 --queue round-robin | --queue round-robin is not a queue the netns fabric has",
            "a queue on loopback | --backend local --n 4 --queue fair | --queue is for the netns and shadow backends",
            "a seed beside a topology | --backend local --topology TOPO --seed 9 | --seed shapes a generated topology (--n); --topology",
            "three beside a topology | --backend local --topology TOPO --seed 9 --scenario dc20 --degree 2 | --seed, --degree, --scenario shape",
            "a payload that is not a size | --backend local --n 4 --payload 1MB | '1MB' is not a size",
            "an instant that is not a time | --backend local --n 4 --publish-at 10h | '10h' is not a time",
            "a queue twice | --backend shadow --n 4 --queue fifo --qdisc fifo | give --queue or --qdisc, not both",
            "a directory as the topology | --backend local --topology DIR | is a directory, not a topology file",
            "a Shadow knob on netns | --backend netns --n 4 --graph edges --shadow-seed 3 | --graph, --shadow-seed are Shadow options: give --backend shadow",
            "a socket buffer Shadow refuses | --backend shadow --shadow /bin/true --n 4 --socket-send-buffer 100 | --socket-send-buffer must be in"})
    void anOptionThatCannotMeanWhatItSaysIsRefusedAndNothingIsWritten(String what, String args, String expected) throws Exception {
        Path topo = tmp.resolve("topo.json");
        Files.writeString(topo, "{}");
        Path out = tmp.resolve("out");
        StringWriter err = new StringWriter();
        CommandLine cl = CommandErrors.install(new CommandLine(new CellCommand()));
        cl.setErr(new PrintWriter(err));
        java.util.List<String> argv = new java.util.ArrayList<>(java.util.List.of(args.replace("TOPO", topo.toString()).replace("DIR", tmp.toString()).split(" ")));
        argv.addAll(java.util.List.of("--out", out.toString()));

        int exit = cl.execute(argv.toArray(String[]::new));

        assertEquals(2, exit, err.toString());
        assertTrue(err.toString().contains(expected), what + ":\n" + err);
        assertTrue(err.toString().lines().count() <= 2, "one line and the help pointer, no usage dump:\n" + err);
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void sizesAndTimesTakeTheirUnitsEverywhere() {
        CellCommand c = new CellCommand();
        new CommandLine(c).parseArgs("--n", "4", "--out", "x", "--payload", "1MiB", "--publish-at", "12s", "--hold", "8000",
                "--udp-buffer", "64KiB", "--wall-limit", "10m", "--kill-after", "250ms");
        assertEquals(1 << 20, c.workload.payload);
        assertEquals(12_000, c.instants.publishAt);
        assertEquals(8000, c.instants.hold);
        assertEquals(600, c.wallLimitS);
        assertEquals(250, c.killAfter);
    }

    @Test
    void anOutThatHoldsAnotherCellIsRefusedUnlessForced() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("earlier"));
        Files.writeString(out.resolve("cell.json"), "{}");
        StringWriter err = new StringWriter();
        CommandLine cl = CommandErrors.install(new CommandLine(new CellCommand()));
        cl.setErr(new PrintWriter(err));

        int exit = cl.execute("--backend", "local", "--n", "4", "--out", out.toString());

        assertEquals(2, exit, err.toString());
        assertTrue(err.toString().contains("--out " + out + " holds another cell (cell.json): give a new directory, or --force"),
                err.toString());
        assertEquals("{}", Files.readString(out.resolve("cell.json")), "the earlier cell untouched");
        assertFalse(Files.exists(out.resolve("topology.json")));
    }
}
