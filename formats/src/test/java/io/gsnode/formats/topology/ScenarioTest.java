package io.gsnode.formats.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Link classes per scenario, docs/arms.md §2 and §10.3. */
class ScenarioTest {

    private static final AccessLink HOME = new AccessLink(LinkClass.HOME, 50_000_000L, 100_000_000L);
    private static final AccessLink DATACENTER = new AccessLink(LinkClass.DATACENTER, 1_000_000_000L, 1_000_000_000L);
    private static final AccessLink BUILDER = new AccessLink(LinkClass.BUILDER, 1_000_000_000L, 1_000_000_000L);

    @Test
    void homeMakesEveryNodeAHomeValidatorIncludingNodeZero() {
        Scenario s = Scenario.home();
        for (int i = 0; i < 500; i++) assertEquals(HOME, s.accessLink(i, 500));
    }

    @Test
    void dc20AtFiveHundredPutsNodesOneToNinetyNineInDatacenters() {
        // docs/arms.md §10.3: dc = floor(20 × 499 / 100) = 99: dc20 at N = 500 puts nodes 1–99 in datacenters.
        Scenario s = Scenario.dc20();
        assertEquals(99, s.datacenterCount(500));
        assertEquals(HOME, s.accessLink(0, 500));
        assertEquals(DATACENTER, s.accessLink(1, 500));
        assertEquals(DATACENTER, s.accessLink(99, 500));
        assertEquals(HOME, s.accessLink(100, 500));
        assertEquals(HOME, s.accessLink(499, 500));
    }

    @Test
    void dcb20AddsTheBuilderAtNodeZero() {
        Scenario s = Scenario.dcb20();
        assertEquals(BUILDER, s.accessLink(0, 500));
        assertEquals(DATACENTER, s.accessLink(99, 500));
        assertEquals(HOME, s.accessLink(100, 500));
    }

    @Test
    void datacenterCountRoundsDown() {
        // floor(20 × 9 / 100) = 1; floor(20 × 4 / 100) = 0; floor(20 × 100 / 100) = 20
        assertEquals(1, Scenario.dc20().datacenterCount(10));
        assertEquals(0, Scenario.dc20().datacenterCount(5));
        assertEquals(20, Scenario.dc20().datacenterCount(101));
        assertEquals(LinkClass.HOME, Scenario.dc20().accessLink(1, 5).linkClass());
    }

    @Test
    void upNGivesNUpAndTwoNDown() {
        Scenario s = Scenario.parse("up25").orElseThrow();
        assertEquals(new AccessLink(LinkClass.HOME, 25_000_000L, 50_000_000L), s.accessLink(0, 10));
        assertEquals(new AccessLink(LinkClass.HOME, 25_000_000L, 50_000_000L), s.accessLink(9, 10));
        assertEquals(Scenario.up(25), s);
    }

    @ParameterizedTest
    @ValueSource(strings = {"home", "dc20", "dcb20", "up1", "up25", "up100000"})
    void namesRoundTrip(String name) {
        assertEquals(name, Scenario.parse(name).orElseThrow().name());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Home", "dc30", "up", "up0", "up025", "up-5", "up100001", "up9999999999999", "dcb"})
    void unknownNamesAreRefused(String name) {
        assertEquals(Optional.empty(), Scenario.parse(name));
    }

    @Test
    void scenariosAreEqualByName() {
        assertEquals(Scenario.dc20(), Scenario.parse("dc20").orElseThrow());
        assertTrue(!Scenario.dc20().equals(Scenario.dcb20()));
    }
}
