package io.gsnode.app.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.app.CellCommandAccess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A study file becomes its cells, each checked by gsnode cell's own parser before anything runs. */
class StudyPlanTest {

    @TempDir
    Path tmp;

    @Test
    void theMatrixCrossesInTheFilesOrderAndNamesCellsByTheirDimensions() throws Exception {
        StudySpec spec = StudySpec.read(Files.writeString(tmp.resolve("tiny.yaml"), """
                name: tiny
                cells:
                  backend: shadow
                  n: 8
                  seed: [7, 8]
                  arm: [wholend, atuned_32k]
                  transport: [tcp, quic]
                args: [--hold, "8000"]
                """));
        List<PlannedCell> cells = StudyPlan.cells(spec, CellCommandAccess.fresh());

        assertEquals(List.of("s7-wholend-tcp", "s7-wholend-quic", "s7-atuned_32k-tcp", "s7-atuned_32k-quic", "s8-wholend-tcp",
                "s8-wholend-quic", "s8-atuned_32k-tcp", "s8-atuned_32k-quic"), cells.stream().map(PlannedCell::name).toList());
        assertEquals(List.of("--backend", "shadow", "--n", "8", "--seed", "8", "--arm", "atuned_32k", "--transport", "quic", "--hold",
                "8000"), cells.get(7).args());
        assertNotEquals(cells.get(0).key("0.1.0"), cells.get(1).key("0.1.0"));
        assertEquals(cells.get(0).key("0.1.0"), cells.get(0).key("0.1.0"));
        assertNotEquals(cells.get(0).key("0.1.0"), cells.get(0).key("0.2.0"), "another version of the implementation is another plan");
    }

    @Test
    void aFlagIsGivenOrLeftOutAndNullLeavesAnOptionOut() {
        StudySpec spec = new StudySpec("flags", new java.util.LinkedHashMap<>(java.util.Map.of(
                "warmup", List.of(false, true))), List.of()).with("udp-buffer", List.of("default", "65536"))
                .with("transport", List.of("quic"));
        List<PlannedCell> cells = StudyPlan.cells(spec, CellCommandAccess.fresh());

        assertEquals(List.of("no-warmup-udp-buffer-default", "no-warmup-udp-buffer-65536", "warmup-udp-buffer-default",
                "warmup-udp-buffer-65536"), cells.stream().map(PlannedCell::name).toList());
        assertEquals(List.of("--udp-buffer", "65536", "--transport", "quic"), cells.get(1).args());
        assertEquals(List.of("--warmup", "--transport", "quic"), cells.get(2).args());
    }

    @Test
    void aQuicOptionInAStudyAcrossTransportsGoesToItsQuicCellsOnly() {
        Map<String, List<Object>> cells = new java.util.LinkedHashMap<>();
        cells.put("transport", List.of("tcp", "quic"));
        cells.put("quic-engine", List.of("netty"));
        cells.put("max-udp-payload", List.of(1280L));
        List<PlannedCell> plan = StudyPlan.cells(new StudySpec("t", cells, List.of()), CellCommandAccess.fresh());
        assertEquals(List.of("--transport", "tcp"), plan.get(0).args());
        assertEquals(List.of("--transport", "quic", "--quic-engine", "netty", "--max-udp-payload", "1280"), plan.get(1).args());
    }

    @Test
    void anOptionGsnodeCellDoesNotHaveOrAValueItRefusesIsRefusedBeforeAnyCellRuns() {
        StudySpec typo = new StudySpec("t", java.util.Map.of("transprot", List.of("tcp")), List.of());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StudyPlan.cells(typo, CellCommandAccess.fresh()));
        assertEquals("cells.transprot: gsnode cell has no option --transprot (see gsnode cell --help)", e.getMessage());

        StudySpec badSeed = new StudySpec("t", new java.util.LinkedHashMap<>(java.util.Map.of("seed", List.<Object>of(7L, "eight"))),
                List.of());
        e = assertThrows(IllegalArgumentException.class, () -> StudyPlan.cells(badSeed, CellCommandAccess.fresh()));
        assertTrue(e.getMessage().startsWith("cell seight: ") && e.getMessage().contains("'eight'"), e.getMessage());

        StudySpec out = new StudySpec("t", java.util.Map.of("out", List.of("x")), List.of());
        e = assertThrows(IllegalArgumentException.class, () -> StudyPlan.cells(out, CellCommandAccess.fresh()));
        assertEquals("cells.out: the study sets --out itself", e.getMessage());
    }

    @Test
    void aStudyFileWithAnUnknownKeyIsRefusedNamingIt() throws Exception {
        Path file = Files.writeString(tmp.resolve("bad.yaml"), "name: bad\ncels:\n  seed: [7]\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StudySpec.read(file));
        assertEquals(file + ": unknown key 'cels' (a study has name, cells and args)", e.getMessage());
    }

    @Test
    void everyNamedStudyPlansCellsGsnodeCellAccepts() {
        for (NamedStudies.Named n : NamedStudies.all()) {
            List<PlannedCell> cells = StudyPlan.cells(n.spec(), CellCommandAccess.fresh());
            assertTrue(cells.size() > 1, n.name());
        }
    }
}
