package io.gsnode.app.study;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.app.study.StudyIndex.CellEntry;
import io.gsnode.app.study.StudyIndex.State;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A study's index across runs of different plans: what is done stays, whatever a narrower run asks for. */
class StudyIndexTest {

    @TempDir
    Path dir;

    @Test
    void aNarrowerPlanKeepsTheDoneCellsItLeavesOutAndCountsOnlyItsOwn() throws Exception {
        StudyIndex wide = open(List.of("s7", "s8", "s9"));
        for (String done : List.of("s7", "s8")) {
            Files.createDirectories(dir.resolve(done));
            Files.writeString(dir.resolve(done).resolve("cell.json"), "{}\n");
            wide.update(wide.get(done).with(State.done, 0, 60.0, "fp", "gsnode 0123456789ab", null));
        }

        StudyIndex narrow = open(List.of("s9"));

        assertEquals(List.of("s9", "s7", "s8"), narrow.entries().stream().map(CellEntry::name).toList(),
                "the plan's cells first, then the done cells it leaves out");
        assertEquals(0, narrow.count(State.done), "counts are of this run's plan");
        assertEquals(1, narrow.count(State.pending));
        assertEquals(State.done, open(List.of("s7", "s8", "s9")).get("s8").state(), "and a wider run finds them done again");
    }

    private StudyIndex open(List<String> seeds) throws Exception {
        Map<String, List<Object>> cells = new LinkedHashMap<>();
        cells.put("seed", List.of(7L, 8L, 9L));
        Map<String, String> keys = new LinkedHashMap<>();
        List<PlannedCell> plan = seeds.stream().map(s -> {
            keys.put(s, "k");
            return new PlannedCell(s, Map.of("seed", Long.parseLong(s.substring(1))), List.of("--seed", s.substring(1)));
        }).toList();
        StudyIndex index = StudyIndex.open(dir, new StudySpec("t", cells, List.of()), plan, keys);
        index.write();
        return index;
    }
}
