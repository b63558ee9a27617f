package io.gsnode.libp2p.multiformats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class MultihashTest {

    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }

    @Test
    void identityPrefixesCodeAndLength() {
        assertArrayEquals(hex("0003616263"), Multihash.identity("abc".getBytes(StandardCharsets.US_ASCII)));
        assertArrayEquals(hex("0000"), Multihash.identity(new byte[0]));
    }

    @Test
    void sha256HashesThenPrefixes() {
        // SHA-256("abc"), FIPS 180-2 appendix B.1.
        assertArrayEquals(
                hex("1220ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
                Multihash.sha256("abc".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void decodeSplitsCodeAndDigest() {
        Multihash.Decoded d = Multihash.decode(hex("0003616263"));
        assertEquals(Multihash.IDENTITY, d.code());
        assertArrayEquals(hex("616263"), d.digest());
        assertEquals(new Multihash.Decoded(0, hex("616263")), d);
    }

    @Test
    void decodeRejectsALengthThatDoesNotMatch() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Multihash.decode(hex("0004616263")));
        assertEquals("multihash declares a 4-byte digest but 3 bytes follow the header", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Multihash.decode(hex("000261626364")));
    }

    @Test
    void decodeRejectsATruncatedHeader() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Multihash.decode(hex("12")));
        assertTrue(e.getMessage().startsWith("malformed multihash header"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Multihash.decode(new byte[0]));
    }
}
