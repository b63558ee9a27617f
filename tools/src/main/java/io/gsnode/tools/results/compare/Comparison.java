package io.gsnode.tools.results.compare;

import java.util.List;

/** One side against the reference: its pairing and its computed rows. */
public record Comparison(PairingResult pairing, List<ComparisonRow> rows) {

    public static Comparison of(PairingResult pairing) {
        return new Comparison(pairing, pairing.groups().stream().map(ComparisonRow::of).toList());
    }

    public String reference() {
        return pairing.reference();
    }

    public String other() {
        return pairing.other();
    }
}
