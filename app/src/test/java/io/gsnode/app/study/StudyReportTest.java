package io.gsnode.app.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.app.study.StudyIndex.CellEntry;
import io.gsnode.app.study.StudyIndex.State;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The study's table: medians across seeds, beside the report's published values, and the arms' ranking. */
class StudyReportTest {

    @TempDir
    Path dir;

    @Test
    void rowsSitBesideTheReportsSectionTenValuesWithTheSeedRangeAndTheRanking() throws Exception {
        List<CellEntry> entries = new ArrayList<>();
        // wholend over TCP at 100 hosts: seeds at 2,600, 2,700 and 2,900 ms p50 (the report: 2,720).
        entries.add(cell("wholend", 7, 2600, 3500));
        entries.add(cell("wholend", 8, 2700, 3600));
        entries.add(cell("wholend", 9, 2900, 3700));
        // c_32k: 600 ms, outside its seeds' range of the report's 558.
        entries.add(cell("c_32k", 7, 600, 800));
        entries.add(cell("c_32k", 8, 620, 790));
        index(entries);

        StudyReport report = StudyReport.of(dir);
        String md = report.markdown();

        assertTrue(md.contains("| wholend | tcp | 3 | 2,700 [2,600 – 2,900] | 3,600 [3,500 – 3,700] | 2,720 / 3,736 (§10) | -0.7 % | -3.6 % "
                + "| p50 yes, p99 no |"), md);
        assertTrue(md.contains("| c_32k | tcp | 2 | 610 [600 – 620] | 795 [790 – 800] | 558 / 727 (§10) | +9.3 % | +9.4 % | p50 no, p99 no |"), md);
        assertTrue(md.contains("Ranking by p50, tcp: the same as the report's (c_32k < wholend)."), md);
        assertTrue(md.contains("Builds: gsnode 0123456789ab (5 cells)."), md);
        assertTrue(report.csv().contains("wholend,tcp,3,2700.0,2600.0,2900.0,3600.0,3500.0,3700.0,10,2720.0,3736.0,-0.7,-3.6"),
                report.csv());
    }

    @Test
    void theFigureDrawsTheStudyBesideThePublishedValues() throws Exception {
        index(List.of(cell("wholend", 7, 2600, 3500), cell("wholend", 8, 2700, 3600), cell("c_32k", 7, 600, 800)));
        StudyReport report = StudyReport.of(dir);

        List<Path> files = report.figure(dir, dir.resolve("fig"));

        assertEquals(List.of(dir.resolve("fig.png"), dir.resolve("fig.svg")), files);
        String svg = Files.readString(dir.resolve("fig.svg"));
        assertTrue(svg.contains("report §10"), "the published values are a side of their own");
        assertTrue(svg.contains("gsnode"), svg.substring(0, Math.min(400, svg.length())));
    }

    @Test
    void theExportedCopyGivesTheSameTableAndKeepsTheRecordsGzipped() throws Exception {
        index(List.of(cell("wholend", 7, 2600, 3500), cell("wholend", 8, 2700, 3600)));
        for (String c : List.of("wholend-s7", "wholend-s8")) Files.writeString(dir.resolve(c).resolve("records.jsonl"), "{\"n\":1}\n");
        Files.writeString(dir.resolve("wholend-s7").resolve("shadow.log"), "left behind");
        Path copy = dir.resolveSibling(dir.getFileName() + "-export");

        StudyExport.Result r = StudyExport.export(dir, copy);

        assertEquals(2, r.cells());
        assertEquals(StudyReport.of(dir).markdown(), StudyReport.of(copy).markdown());
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(copy.resolve("wholend-s7").resolve("records.jsonl.gz")))) {
            assertEquals("{\"n\":1}\n", new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        }
        assertTrue(Files.notExists(copy.resolve("wholend-s7").resolve("shadow.log")));

        // A study resumed from that copy holds its old cells' records gzipped only: they are exported as they are.
        Path again = dir.resolveSibling(dir.getFileName() + "-again");
        assertEquals(2, StudyExport.export(copy, again).cells());
        org.junit.jupiter.api.Assertions.assertArrayEquals(Files.readAllBytes(copy.resolve("wholend-s8").resolve("records.jsonl.gz")),
                Files.readAllBytes(again.resolve("wholend-s8").resolve("records.jsonl.gz")));
    }

    @Test
    void aPointTheReportDidNotPublishStandsAlone() throws Exception {
        index(List.of(cell("atuned_16k", 7, 700, 900)));
        String md = StudyReport.of(dir).markdown();
        assertTrue(md.contains("| atuned_16k | tcp | 1 | 700 | 900 | – | – | – | – |"), md);
    }

    /** Figure 9's values are per payload and give the median only: a 2 MiB cell finds its own, and no p99 is made up. */
    @Test
    void aPublishedValueMatchesByPayloadAndMayHaveNoP99() throws Exception {
        List<StudyReport.Reference> refs = StudyReport.references();
        StudyReport.Reference twoMiB = StudyReport.reference(refs, summary("aadaptcf_16k", 500, 2 << 20, "tcp"));
        assertEquals(new StudyReport.Reference("8", "shadow", 500, "home", "tcp", "aadaptcf_16k", 2 << 20, 960, null), twoMiB);
        assertEquals(664.0, StudyReport.reference(refs, summary("aadaptcf_16k", 500, 1 << 20, "tcp")).p50Ms());
        assertEquals(null, StudyReport.reference(refs, summary("aadaptcf_16k", 500, 512 << 10, "tcp")), "the report gives no value there");
        assertEquals(2202.0, StudyReport.reference(refs, summary("wholend", 100, 1 << 20, "quic")).p50Ms());
    }

    private static io.gsnode.formats.record.CellSummary summary(String arm, int n, int payload, String transport) throws Exception {
        return io.gsnode.formats.record.RecordJson.MAPPER.readValue(("{\"schema\":\"gsnode.cell/1\",\"cell\":\"c\",\"backend\":\"shadow\","
                + "\"arm\":\"%s\",\"transport\":\"%s\",\"impl\":\"java\",\"queue\":\"fifo\",\"seed\":7,\"n\":%d,"
                + "\"payload_bytes\":%d,\"scenario\":\"home\",\"condition\":\"cold\",\"receivers\":1,\"completed\":1,"
                + "\"p50_ms\":1.0,\"p99_ms\":1.0}").formatted(arm, transport, n, payload), io.gsnode.formats.record.CellSummary.class);
    }

    private CellEntry cell(String arm, long seed, double p50, double p99) throws Exception {
        String name = arm + "-s" + seed;
        Files.createDirectories(dir.resolve(name));
        Files.writeString(dir.resolve(name).resolve("cell.json"), ("{\"schema\":\"gsnode.cell/1\",\"cell\":\"%s\",\"backend\":\"shadow\","
                + "\"arm\":\"%s\",\"transport\":\"tcp\",\"impl\":\"java\",\"queue\":\"fifo\",\"seed\":%d,\"n\":100,"
                + "\"payload_bytes\":1048576,\"scenario\":\"home\",\"condition\":\"cold\",\"receivers\":99,\"completed\":99,"
                + "\"p50_ms\":%s,\"p99_ms\":%s}").formatted(name, arm, seed, p50, p99));
        Map<String, Object> point = new LinkedHashMap<>();
        point.put("backend", "shadow");
        point.put("n", 100);
        point.put("arm", arm);
        point.put("seed", seed);
        return new CellEntry(name, point, List.of(), "k", State.done, 0, 200.0, "fp", "gsnode 0123456789ab", null);
    }

    private void index(List<CellEntry> entries) throws Exception {
        Map<String, List<Object>> cells = new LinkedHashMap<>();
        cells.put("seed", List.of(7L));
        StudySpec spec = new StudySpec("t", cells, List.of());
        List<PlannedCell> plan = entries.stream().map(e -> new PlannedCell(e.name(), e.point(), e.args())).toList();
        Map<String, String> keys = new LinkedHashMap<>();
        for (PlannedCell p : plan) keys.put(p.name(), "k");
        StudyIndex index = StudyIndex.open(dir, spec, plan, keys);
        for (CellEntry e : entries) index.update(e);
    }
}
