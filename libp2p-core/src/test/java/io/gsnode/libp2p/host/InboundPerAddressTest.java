package io.gsnode.libp2p.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

/** IPv4 counts by address, IPv6 by /56, as go-libp2p's resource manager counts them. */
class InboundPerAddressTest {

    @Test
    void anIpv6HostCountsByItsSlash56() throws Exception {
        InetAddress a = InboundPerAddress.countedAs(InetAddress.getByName("2001:db8:0:1::1"));
        InetAddress b = InboundPerAddress.countedAs(InetAddress.getByName("2001:db8:0:ff:1234::2"));
        InetAddress other = InboundPerAddress.countedAs(InetAddress.getByName("2001:db8:0:100::1"));

        assertEquals(InetAddress.getByName("2001:db8::"), a);
        assertEquals(a, b, "one /56");
        assertNotEquals(a, other, "the next /56");
        assertEquals(InetAddress.getByName("10.1.2.3"), InboundPerAddress.countedAs(InetAddress.getByName("10.1.2.3")));
    }
}
