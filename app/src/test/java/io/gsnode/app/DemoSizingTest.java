package io.gsnode.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The demo's cell size follows the host's cores and the payload, within 4 to 12 nodes. */
class DemoSizingTest {

    private static final int MIB = 1 << 20;

    @Test
    void twoNodesPerCoreAtOneMebibyte() {
        assertEquals(4, DemoSizing.forHost(2, MIB).n());
        assertEquals(8, DemoSizing.forHost(4, MIB).n());
        assertEquals(12, DemoSizing.forHost(6, MIB).n());
        assertEquals(12, DemoSizing.forHost(64, MIB).n(), "at most 12");
        assertTrue(DemoSizing.forHost(2, MIB).reason().startsWith("4 nodes: this host has 2 cores"));
    }

    @Test
    void largerPayloadsGetFewerNodesSmallerOnesNoMore() {
        assertEquals(4, DemoSizing.forHost(4, 2 * MIB).n());
        assertEquals(8, DemoSizing.forHost(4, 1024).n(), "a small payload does not raise the per-core allowance");
    }

    @Test
    void aHostTooSmallForFourCleanNodesStillRunsFourAndSaysSo() {
        DemoSizing one = DemoSizing.forHost(1, MIB);
        assertEquals(4, one.n());
        assertTrue(one.reason().contains("expect SATURATED rows"), one.reason());
        assertTrue(!DemoSizing.forHost(2, MIB).reason().contains("SATURATED"));
    }

    @Test
    void theDegreeIsFourOrACompleteGraphAndAlwaysRealisable() {
        assertEquals(3, DemoSizing.forHost(2, MIB).degree(), "4 nodes: complete graph");
        assertEquals(4, DemoSizing.forHost(4, MIB).degree());
        assertEquals(4, DemoSizing.degreeFor(5));
        assertEquals(2, DemoSizing.degreeFor(3));
        for (int n = 2; n <= 12; n++) assertEquals(0, n * DemoSizing.degreeFor(n) % 2, "n " + n);
    }

    @Test
    void anAskedSizeIsKept() {
        assertEquals(12, DemoSizing.asked(12, null).n());
        assertEquals(4, DemoSizing.asked(12, null).degree());
        assertEquals(6, DemoSizing.asked(12, 6).degree());
        assertThrows(IllegalArgumentException.class, () -> DemoSizing.asked(1, null));
    }

    @Test
    void theDemosLineCarriesThreeNodesPerCoreBetweenFourAndEight() {
        assertEquals(6, DemoSizing.lineForHost(2, MIB).n());
        assertEquals(4, DemoSizing.lineForHost(1, MIB).n(), "the smallest line");
        assertTrue(DemoSizing.lineForHost(1, MIB).reason().contains("expect SATURATED rows"));
        assertEquals(8, DemoSizing.lineForHost(16, MIB).n(), "at most 8");
        assertEquals(4, DemoSizing.lineForHost(2, 4 * MIB).n(), "a larger payload, fewer per core");
        assertTrue(DemoSizing.lineForHost(2, MIB).reason().startsWith("6 nodes in a line, the publisher at one end and 5 hops"));
    }
}
