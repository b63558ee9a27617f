package io.gsnode.tools.results;

import io.gsnode.node.record.CellSummary;
import io.gsnode.segmentation.codec.WireForm;
import java.nio.file.Path;

/**
 * One run of one cell as the comparison and the figures see it: its summary, and the wire form
 * its node records agree on, as far as pairing is concerned.
 *
 * @param side the name given on the command line ({@code NAME=DIR})
 * @param wireForm null when unknown; {@code wireFormProblem} then says why
 */
public record Cell(String side, Path dir, CellSummary summary, WireForm.Pairing wireForm, String wireFormProblem) {

    public boolean netns() {
        return "netns".equals(summary.backend());
    }
}
