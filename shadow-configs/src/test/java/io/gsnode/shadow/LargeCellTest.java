package io.gsnode.shadow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 2,000-node cell, the study's largest: the complete graph has 4 M edges. Generation (which
 * validates its own output, graph included) must finish; the sizes are printed for the record.
 * The bound catches a hang, not a slow machine: about 18 s on a quiet 2-core host, and over
 * 150 s on one whose cores a Shadow simulation held, so it is 10 minutes.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class LargeCellTest {

    @Test
    void aTwoThousandNodeCellIsGeneratedAndItsSizeReported(@TempDir Path tmp) throws IOException {
        Path topology = Cells.write(Cells.ring(2000), tmp.resolve("ring2000.json"));
        Path out = tmp.resolve("out");
        Cells.Run run = Cells.shadow("--topology", topology.toString(), "--out", out.toString(), "--transport", "quic");
        assertEquals(0, run.exit(), run.err());
        System.out.print("LargeCellTest: " + run.out());
        assertTrue(run.out().contains("2000 hosts") && run.out().contains("4,000,000 edges"), run.out());
        long gml = Files.size(out.resolve(ShadowConfig.GRAPH_FILE));
        long yaml = Files.size(out.resolve(ShadowConfig.CONFIG_FILE));
        System.out.printf("LargeCellTest: n=2000 shadow.gml %.1f MB, shadow.yaml %.1f MB, topology %.1f MB%n",
                gml / 1e6, yaml / 1e6, Files.size(topology) / 1e6);
    }
}
