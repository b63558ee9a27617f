package io.gsnode.libp2p.multiformats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

class Base58Test {

    @Test
    void encodesKnownValues() {
        // The base58 IETF draft (draft-msporny-base58) examples.
        assertEquals("2NEpo7TZRRrLZSi2U",
                Base58.encode("Hello World!".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("USm3fpXnKG5EUBx2ndxBDMPVciP5hGey2Jh4NDv6gmeo1LkMeiKrLJUUBk6Z",
                Base58.encode("The quick brown fox jumps over the lazy dog."
                        .getBytes(StandardCharsets.US_ASCII)));
        assertEquals("11233QC4", Base58.encode(HexFormat.of().parseHex("0000287fb4cd")));
        assertEquals("", Base58.encode(new byte[0]));
        assertEquals("1", Base58.encode(new byte[1]));
    }

    @Test
    void decodesKnownValues() {
        assertArrayEquals(HexFormat.of().parseHex("0000287fb4cd"), Base58.decode("11233QC4"));
        assertArrayEquals(new byte[0], Base58.decode(""));
        assertArrayEquals(new byte[] {57}, Base58.decode("z"));
    }

    @Test
    void roundTripsRandomBytes() {
        long seed = 0x5eed_58L;
        Random random = new Random(seed);
        for (int i = 0; i < 500; i++) {
            byte[] data = new byte[random.nextInt(48)];
            random.nextBytes(data);
            if (data.length > 0 && random.nextBoolean()) {
                data[0] = 0;
            }
            assertArrayEquals(data, Base58.decode(Base58.encode(data)), "seed " + seed + ", case " + i);
        }
    }

    @Test
    void rejectsCharactersOutsideTheAlphabet() {
        for (String bad : new String[] {"0", "O", "I", "l", "abc+", "12D3 Koo", "\u00e9"}) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> Base58.decode(bad), bad);
            Assertions.assertTrue(
                    e.getMessage().startsWith("invalid base58btc character"), e.getMessage());
        }
        assertEquals("invalid base58btc character '0' at index 2 of \"Qm0\"",
                assertThrows(IllegalArgumentException.class, () -> Base58.decode("Qm0")).getMessage());
    }
}
