package io.gsnode.app.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Estimates come from the cells this machine ran, scaled by size, and say when they are a guess. */
class CellCostTest {

    @TempDir
    Path dir;

    @Test
    void theHistoryOfTheSameKindNearestInSizeScalesByNodesAndSurvivesARestart() {
        Path file = dir.resolve("costs.jsonl");
        CellCost cost = CellCost.read(file);
        assertTrue(cost.estimate("shadow", "tcp", "java", "wholend", 100).source().startsWith("guess"));

        cost.add(new CellCost.Entry("shadow", "tcp", "java", "wholend", 32, 64, 3200));
        cost.add(new CellCost.Entry("shadow", "tcp", "java", "wholend", 100, 240, 11000));
        cost.add(new CellCost.Entry("shadow", "quic", "java", "wholend", 100, 600, 12000));

        CellCost again = CellCost.read(file);
        CellCost.Estimate e = again.estimate("shadow", "tcp", "java", "wholend", 200);
        assertEquals(480, e.wallS(), 1e-9, "from the 100-node cell, the nearest, doubled");
        assertEquals(22000, e.peakMib(), 1e-9);
        assertEquals("history: 1 cell of 100 nodes", e.source());
        CellCost.Estimate other = again.estimate("shadow", "tcp", "java", "c_32k", 32);
        assertEquals("history: 1 cell of 32 nodes, other arms", other.source());
        assertTrue(again.estimate("netns", "tcp", "java", "wholend", 16).source().startsWith("guess"));
    }
}
