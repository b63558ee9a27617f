package io.gsnode.segmentation.ids;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ForkDigestTest {
    @Test
    void mainnetGenesisDigestIsTheWellKnownB5303f2a() {
        assertEquals("b5303f2a", ForkDigest.mainnetGenesis().hex());
    }

    @Test
    void mainnetFuluDigestAppliesTheBlobParameterMask() {
        // UNCONFIRMED against the reference's Prysm config (docs/arms.md §3.9); computed by the consensus-specs rule.
        assertEquals("cc2c5cdb", ForkDigest.mainnetFulu().hex());
        assertEquals("cc2c5cdb", ForkDigest.mainnetFulu().toString());
    }
}
