package io.gsnode.app.study;

import io.gsnode.shadow.cell.ShadowExecutable;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a study's cells need from the machine, checked once before the first cell starts: a study of
 * sixty Shadow cells on a machine without Shadow must say so once, not fail sixty times.
 */
public final class StudyPreflight {

    private StudyPreflight() {
    }

    /**
     * Why the study cannot run here, or empty when it can: a Shadow cell finds its binary as
     * {@code gsnode cell} does (its own {@code shadow} option, then {@value ShadowExecutable#ENV},
     * then {@code PATH}).
     *
     * @param environment the process environment ({@link System#getenv()} outside tests)
     */
    public static Optional<String> problem(List<PlannedCell> cells, Map<String, String> environment) {
        long shadowCells = cells.stream().filter(c -> "shadow".equals(c.value("backend", "local"))).count();
        for (PlannedCell c : cells) {
            if (!"shadow".equals(c.value("backend", "local"))) continue;
            String given = c.value("shadow", null);
            try {
                if (ShadowExecutable.find(given == null ? null : Path.of(given), environment).isEmpty()) {
                    return Optional.of(shadowCells + " of the study's " + cells.size() + " cells run under Shadow, and there is "
                            + ShadowExecutable.WHERE);
                }
            } catch (IllegalArgumentException e) {
                return Optional.of("cell " + c.name() + ": " + e.getMessage());
            }
        }
        return Optional.empty();
    }
}
