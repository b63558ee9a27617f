package io.gsnode.tools.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.tools.results.CellFixture;
import io.gsnode.tools.results.CommandRun;
import io.gsnode.tools.results.plot.PlotFixtures;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PlotCommandTest {

    @TempDir
    Path tmp;

    Path shadow;
    Path netns;

    @BeforeEach
    void cells() throws Exception {
        shadow = tmp.resolve("shadow");
        netns = tmp.resolve("netns");
        for (CellFixture c : PlotFixtures.cells(List.of(4, 8), List.of(512 << 10, 1 << 20))) {
            c.writeUnder(c.backend.equals("shadow") ? shadow : netns);
        }
    }

    private CommandRun plot(String... args) {
        return CommandRun.of(new PlotCommand(), args);
    }

    private static void assertPng(Path file, int width, int height) throws Exception {
        BufferedImage image = ImageIO.read(file.toFile());
        assertEquals(width, image.getWidth());
        assertEquals(height, image.getHeight());
    }

    @Test
    void figure1WritesPngAndSvgAndPrintsWhere() throws Exception {
        Path base = tmp.resolve("figs/figure1");
        CommandRun run = plot("figure1", "--backend", "shadow=" + shadow, "--backend", "netns=" + netns, "--n", "9",
                "--payload", "1048576", "--arm", "wholend", "--arm", "c_32k", "--out", base.toString(), "--width", "800", "--height", "500");
        assertEquals(0, run.status(), run.toString());
        assertTrue(run.out().contains(base + ".png") && run.out().contains(base + ".svg"), run.toString());
        assertPng(tmp.resolve("figs/figure1.png"), 800, 500);
        String svg = Files.readString(tmp.resolve("figs/figure1.svg"));
        assertTrue(svg.contains(">wholend<") && svg.contains(">c_32k<") && !svg.contains(">atuned_32k<"), "--arm filters the arms");
    }

    @Test
    void aRunOnASaturatedHostIsLeftOutAndListedUnlessAskedFor() throws Exception {
        Double[] times = {900.0, 950.0, 1000.0, 1100.0, 1200.0, 1300.0, 1400.0, 9000.0};
        CellFixture.cell().backend("netns").arm("wholend").seed(7).payload(1 << 20).run(1).completions(times)
                .host(60, 100, 1.5).writeUnder(netns);
        List<String> args = List.of("figure1", "--backend", "netns=" + netns, "--n", "9", "--payload", "1048576",
                "--out", tmp.resolve("gate").toString());

        CommandRun run = plot(args.toArray(String[]::new));
        assertEquals(0, run.status(), run.toString());
        assertTrue(run.err().contains("netns: left out ") && run.err().contains("host saturated for 1.5 s during the delivery"),
                run.toString());

        List<String> keep = new ArrayList<>(args);
        keep.add("--include-saturated");
        CommandRun kept = plot(keep.toArray(String[]::new));
        assertEquals(0, kept.status(), kept.toString());
        assertTrue(!kept.err().contains("left out"), kept.toString());
    }

    @Test
    void sweepAgainstNAndPayload() throws Exception {
        CommandRun byN = plot("sweep", "--backend", "shadow=" + shadow, "--backend", "netns=" + netns, "--payload", "1048576",
                "--out", tmp.resolve("sweep-n").toString());
        assertEquals(0, byN.status(), byN.toString());
        assertPng(tmp.resolve("sweep-n.png"), 1200, 1000);

        CommandRun byPayload = plot("sweep", "--x", "payload", "--backend", "shadow=" + shadow, "--n", "5",
                "--out", tmp.resolve("sweep-payload").toString());
        assertEquals(0, byPayload.status(), byPayload.toString());
        assertTrue(Files.readString(tmp.resolve("sweep-payload.svg")).contains("payload size (KiB)"));
    }

    @Test
    void cdfFromNodeRecords() throws Exception {
        CommandRun run = plot("cdf", "--backend", "shadow=" + shadow, "--n", "9", "--payload", "1048576",
                "--out", tmp.resolve("cdf").toString());
        assertEquals(0, run.status(), run.toString());
        assertPng(tmp.resolve("cdf.png"), 1200, 700);
        assertTrue(Files.readString(tmp.resolve("cdf.svg")).contains("atuned_32k (24 receivers, 3 cells)"));
    }

    @Test
    void aFigureOverSeveralSizesSaysWhichFilterToUse() {
        CommandRun run = plot("figure1", "--backend", "shadow=" + shadow, "--out", tmp.resolve("f").toString());
        assertEquals(2, run.status(), run.toString());
        assertTrue(run.err().contains("this figure needs one network size, the cells have [5, 9]; choose one with --n"), run.toString());
        assertTrue(!Files.exists(tmp.resolve("f.png")));
    }

    @Test
    void badInputExitsTwo() {
        assertEquals(2, plot("cdf", "--backend", "x=" + tmp.resolve("missing"), "--out", tmp.resolve("c").toString()).status());
        assertEquals(2, plot("sweep", "--x", "seed", "--backend", "shadow=" + shadow, "--out", tmp.resolve("s").toString()).status());
        assertEquals(2, plot("figure1", "--backend", "shadow=" + shadow, "--n", "9", "--payload", "1048576", "--width", "50",
                "--out", tmp.resolve("f").toString()).status());
        assertEquals(2, plot().status(), "a figure must be named");
    }
}
