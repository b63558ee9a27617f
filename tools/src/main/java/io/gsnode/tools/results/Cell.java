package io.gsnode.tools.results;

import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.wire.WireForm;
import java.nio.file.Path;

/**
 * One run of one cell as the comparison and the figures see it: its summary, and the wire form
 * its node records agree on, as far as pairing is concerned.
 *
 * @param side the name given on the command line ({@code NAME=DIR})
 * @param wireForm null when unknown; {@code wireFormProblem} then says why
 */
public record Cell(String side, Path dir, CellSummary summary, WireForm.Pairing wireForm, String wireFormProblem) {

    /** Whether every node of the run shared this machine, whose CPU the runner sampled: local and netns. */
    public boolean onOneHost() {
        return "netns".equals(summary.identity().backend()) || "local".equals(summary.identity().backend());
    }
}
