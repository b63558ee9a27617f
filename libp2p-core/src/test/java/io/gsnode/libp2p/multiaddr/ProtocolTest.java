package io.gsnode.libp2p.multiaddr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProtocolTest {

    @Test
    void codesAndSizesMatchProtocolsCsv() {
        assertEquals(4, Protocol.IP4.code());
        assertEquals(41, Protocol.IP6.code());
        assertEquals(6, Protocol.TCP.code());
        assertEquals(273, Protocol.UDP.code());
        assertEquals(461, Protocol.QUIC_V1.code());
        assertEquals(421, Protocol.P2P.code());
        assertEquals(53, Protocol.DNS.code());
        assertEquals(54, Protocol.DNS4.code());
        assertEquals(55, Protocol.DNS6.code());
        assertEquals(16, Protocol.IP6.size());
        assertEquals(0, Protocol.QUIC_V1.size());
        assertFalse(Protocol.QUIC_V1.hasValue());
        assertTrue(Protocol.P2P.isVariableSize());
        assertEquals("quic-v1", Protocol.QUIC_V1.text());
    }

    @Test
    void looksUpByCodeAndName() {
        for (Protocol p : Protocol.values()) {
            assertEquals(Optional.of(p), Protocol.forCode(p.code()));
            assertEquals(Optional.of(p), Protocol.forText(p.text()));
        }
        assertEquals(Optional.of(Protocol.P2P), Protocol.forText("ipfs"));
        assertEquals(Optional.empty(), Protocol.forText("quic"));
        assertEquals(Optional.empty(), Protocol.forCode(460));
    }
}
