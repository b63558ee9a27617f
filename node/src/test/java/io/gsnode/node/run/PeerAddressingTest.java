package io.gsnode.node.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Where a node listens and dials, on each kind of network. */
class PeerAddressingTest {

    @Test
    void onAFabricTheTopologysAddressOnOneHostItsLoopbackTwin() throws Exception {
        assertEquals("10.0.1.7", PeerAddressing.TOPOLOGY.listenIp("10.0.1.7"));
        assertEquals("10.0.1.7", PeerAddressing.TOPOLOGY.peerIp(262, "10.0.1.7"));
        assertEquals("127.0.1.7", PeerAddressing.LOOPBACK.listenIp("10.0.1.7"));
        assertEquals("127.0.1.7", PeerAddressing.LOOPBACK.peerIp(262, "10.0.1.7"));
    }

    @Test
    void namedPeersAreResolvedFromTheTemplateAndTheNodeListensEverywhere() throws Exception {
        PeerAddressing named = PeerAddressing.named("127.0.0.{i}");
        assertEquals("0.0.0.0", named.listenIp("10.0.0.4"));
        assertEquals("127.0.0.3", named.peerIp(3, "10.0.0.4"), "the template decides, not the topology");
        assertEquals("gsnode-12.gsnode", PeerAddressing.named("gsnode-{i}.gsnode").nameOf(12));
    }

    @Test
    void aTemplateWithoutTheIndexIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PeerAddressing.named("gsnode.gsnode"));
        assertTrue(e.getMessage().contains("{i}"), e.getMessage());
    }
}
