package io.gsnode.app.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A study of Shadow cells on a machine without Shadow is refused once, before any cell runs. */
class StudyPreflightTest {

    @TempDir
    Path tmp;

    private static PlannedCell cell(String name, String backend, String shadow) {
        Map<String, Object> point = new LinkedHashMap<>();
        point.put("backend", backend);
        if (shadow != null) point.put("shadow", shadow);
        return new PlannedCell(name, point, List.of("--backend", backend));
    }

    @Test
    void shadowCellsWithoutABinaryAreRefusedOnceNamingWhereToPutIt() {
        List<PlannedCell> cells = List.of(cell("s7", "shadow", null), cell("s8", "shadow", null), cell("l", "local", null));

        Optional<String> problem = StudyPreflight.problem(cells, Map.of("PATH", tmp.toString()));

        assertEquals(Optional.of("2 of the study's 3 cells run under Shadow, and there is no Shadow binary: give --shadow PATH, "
                + "set GSNODE_SHADOW, or put shadow on PATH (Shadow 3.x; see docs/shadow.md for installing it)"), problem);
    }

    @Test
    void aBinaryFromTheEnvironmentOrTheCellsOwnOptionIsEnough() throws Exception {
        Path shadow = Files.createFile(tmp.resolve("shadow"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));

        assertTrue(StudyPreflight.problem(List.of(cell("s7", "shadow", null)), Map.of("GSNODE_SHADOW", shadow.toString())).isEmpty());
        assertTrue(StudyPreflight.problem(List.of(cell("s7", "shadow", shadow.toString())), Map.of()).isEmpty());
        assertTrue(StudyPreflight.problem(List.of(cell("l", "local", null)), Map.of()).isEmpty(), "a local study needs no Shadow");
    }

    @Test
    void aCellNamingABinaryThatIsNotOneIsNamed() {
        Optional<String> problem = StudyPreflight.problem(List.of(cell("s7", "shadow", tmp.resolve("nope").toString())), Map.of());

        assertEquals(Optional.of("cell s7: --shadow names " + tmp.resolve("nope") + ", which is not an executable file"), problem);
    }
}
