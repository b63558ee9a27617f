package io.gsnode.tools.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.record.NodeRecord.Timeline;
import io.gsnode.formats.record.NodeRecord.Timeline.Copy;
import io.gsnode.formats.record.NodeRecord.Timeline.FirstCopy;
import io.gsnode.tools.results.CellFixture;
import io.gsnode.tools.results.CellRecords;
import io.gsnode.tools.results.CommandRun;
import io.gsnode.tools.results.timeline.CellTimeline;
import io.gsnode.tools.results.timeline.TimelineReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gsnode timeline} joins a cell's timelines: a publisher that serves its peers one after
 * another, a receiver that got the message from another receiver before the publisher's copy
 * ended, and one that got it by asking; the tree, the bars and the drawing say so, and bad input
 * is one line and exit 2.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TimelineCommandTest {

    private static final String M = "aa01";

    @TempDir
    Path tmp;

    /** Node 0 publishes; 1 gets it from 0; 2 from 1 (before 0's copy ended); 3 from 2, by asking 0 too late. */
    private static CellFixture cell() {
        return CellFixture.cell().arm("wholend").completions(101.0, 150.0, 260.0)
                .timeline(0, new Timeline(List.of(-700.0, 300.0), List.of(), List.of(
                        new Copy(M, "peer1", "push", 0, 0, 100),
                        new Copy(M, "peer2", "push", 0, 100, 200),
                        new Copy(M, "peer3", "iwant", 400, 400, 450)), false))
                .timeline(1, new Timeline(List.of(), List.of(new FirstCopy(M, "peer0", 101)), List.of(), false))
                .timeline(2, new Timeline(List.of(), List.of(new FirstCopy(M, "peer1", 150)), List.of(), false))
                .timeline(3, new Timeline(List.of(), List.of(new FirstCopy(M, "peer2", 260)), List.of(), false));
    }

    private static CommandRun timeline(String... args) {
        return CommandRun.of(new TimelineCommand(), args);
    }

    @Test
    void theCellsTimelinesJoinIntoCopiesAndATree() throws Exception {
        Path dir = cell().writeUnder(tmp);
        CellTimeline t = CellTimeline.of(CellRecords.read(dir).orElseThrow(), null);
        assertEquals(M, t.messageId(), "the publisher's first copy's message");
        assertEquals(List.of(1, 2, 3), t.copies().stream().map(CellTimeline.Copy::to).toList());
        assertEquals(List.of(new CellTimeline.FirstCopy(1, 0, 101, 1), new CellTimeline.FirstCopy(2, 1, 150, 2),
                new CellTimeline.FirstCopy(3, 2, 260, 3)), t.firstCopies());
        assertEquals(List.of(-700.0, 300.0), t.heartbeatsMs());
        assertEquals(".".repeat(10) + "#".repeat(10) + " ".repeat(20), TimelineReport.bar(t.copies().get(1), 40 / 400.0),
                "queued at 0, taken from 100 to 200 ms, on a 400 ms axis");

        CommandRun run = timeline(dir.toString());
        assertEquals(0, run.status(), run.toString());
        String out = run.out();
        assertTrue(out.contains("publisher's heartbeats: -700.0, 300.0"), out);
        assertTrue(out.contains("150.0*"), "node 2 had it from node 1 before the publisher's copy ended:\n" + out);
        assertTrue(out.contains("iwant"), out);
        assertTrue(out.contains("\n    node 1 at 101.0 ms (java)\n      node 2 at 150.0 ms (java)\n        node 3 at 260.0 ms (java)\n"),
                "each receiver under the node it got its first copy from:\n" + out);
    }

    @Test
    void outDrawsThePublishersCopies() throws Exception {
        Path dir = cell().writeUnder(tmp);
        Path base = tmp.resolve("fig/timeline");
        CommandRun run = timeline(dir.toString(), "--out", base.toString(), "--width", "800");
        assertEquals(0, run.status(), run.toString());
        assertTrue(Files.size(tmp.resolve("fig/timeline.png")) > 0);
        String svg = Files.readString(tmp.resolve("fig/timeline.svg"));
        assertTrue(svg.contains(">node 3<") && svg.contains("IWANT answer"), svg);
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        CommandRun notADir = timeline(tmp.resolve("nosuch").toString());
        assertEquals(2, notADir.status());
        assertTrue(notADir.err().startsWith("gsnode timeline: not a directory: "), notADir.toString());

        Path old = CellFixture.cell().writeUnder(tmp.resolve("old"));
        CommandRun none = timeline(old.toString());
        assertEquals(2, none.status());
        assertTrue(none.err().contains("no record has a timeline"), none.toString());

        Path dir = cell().writeUnder(tmp);
        CommandRun unknown = timeline(dir.toString(), "--message", "ff");
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().contains("no timeline names message ff (1 messages do)"), unknown.toString());
        assertEquals(1, unknown.err().lines().count(), unknown.toString());
    }
}
