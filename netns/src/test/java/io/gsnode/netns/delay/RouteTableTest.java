package io.gsnode.netns.delay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gsnode.formats.topology.IpPlan;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class RouteTableTest {

    @Test
    void findsEveryNodeByAddressAndNothingElse() {
        List<String> ips = new ArrayList<>();
        for (int i = 0; i < 3000; i++) ips.add(IpPlan.ipOf(i));
        RouteTable routes = new RouteTable(ips);
        for (int i = 0; i < 3000; i++) assertEquals(i, routes.nodeOf(Ipv4Packet.parseAddress(IpPlan.ipOf(i))));
        assertEquals(-1, routes.nodeOf(Ipv4Packet.parseAddress("10.0.0.255")));
        assertEquals(-1, routes.nodeOf(Ipv4Packet.parseAddress("192.168.1.1")));
        assertEquals(-1, routes.nodeOf(0));
    }

    @Test
    void refusesASharedAddress() {
        assertThrows(IllegalArgumentException.class, () -> new RouteTable(List.of("10.0.0.1", "10.0.0.1")));
    }

    @Test
    void addressesRoundTrip() {
        assertEquals("10.1.2.254", Ipv4Packet.format(Ipv4Packet.parseAddress("10.1.2.254")));
        assertEquals(0x0a000001, Ipv4Packet.parseAddress("10.0.0.1"));
    }
}
