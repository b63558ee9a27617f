package io.gsnode.formats.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

class IpPlanTest {

    @Test
    void firstAddressesFillTheFirstBlockThenMoveOn() {
        assertEquals("10.0.0.1", IpPlan.ipOf(0));
        assertEquals("10.0.0.254", IpPlan.ipOf(253));
        assertEquals("10.0.1.1", IpPlan.ipOf(254));
        assertEquals("10.0.255.254", IpPlan.ipOf(65_023));
        assertEquals("10.1.0.1", IpPlan.ipOf(65_024));
        assertEquals("10.255.255.254", IpPlan.ipOf(IpPlan.MAX_NODES - 1));
    }

    @Test
    void sixtyThousandNodesGetDistinctUsableAddressesWithNoZeroOrBroadcastHostByte() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 100_000; i++) {
            String ip = IpPlan.ipOf(i);
            String host = ip.substring(ip.lastIndexOf('.') + 1);
            assertNotEquals("0", host, ip);
            assertNotEquals("255", host, ip);
            assertNull(Ipv4.problemWith(ip), ip);
            assertEquals(OptionalInt.of(i), IpPlan.indexOf(ip));
            seen.add(ip);
        }
        assertEquals(100_000, seen.size());
    }

    @Test
    void addressesOutsideThePlanHaveNoIndex() {
        assertEquals(OptionalInt.empty(), IpPlan.indexOf("10.0.0.0"));
        assertEquals(OptionalInt.empty(), IpPlan.indexOf("10.0.0.255"));
        assertEquals(OptionalInt.empty(), IpPlan.indexOf("192.168.0.1"));
        assertEquals(OptionalInt.empty(), IpPlan.indexOf("not an ip"));
    }

    @Test
    void indicesPastThePlanAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> IpPlan.ipOf(IpPlan.MAX_NODES));
        assertThrows(IllegalArgumentException.class, () -> IpPlan.ipOf(-1));
    }

    @Test
    void onlyCanonicalDottedQuadsParse() {
        assertNull(Ipv4.parse("10.0.0"));
        assertNull(Ipv4.parse("10.0.0.1.2"));
        assertNull(Ipv4.parse("10.0.0.01"));
        assertNull(Ipv4.parse("10.0.0.256"));
        assertNull(Ipv4.parse("10.0.0.-1"));
        assertNull(Ipv4.parse("10.0..1"));
        assertNull(Ipv4.parse("localhost"));
        assertEquals(4, Ipv4.parse("0.0.0.0").length);
    }
}
