package io.gsnode.libp2p.multiformats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Base32Test {

    @Test
    void encodesTheRfc4648VectorsLowercaseWithoutPadding() {
        // RFC 4648 §10, lowercased and with the '=' padding removed.
        String[][] vectors = {
            {"", ""}, {"f", "my"}, {"fo", "mzxq"}, {"foo", "mzxw6"}, {"foob", "mzxw6yq"},
            {"fooba", "mzxw6ytb"}, {"foobar", "mzxw6ytboi"},
        };
        for (String[] v : vectors) {
            byte[] data = v[0].getBytes(StandardCharsets.US_ASCII);
            assertEquals(v[1], Base32.encode(data));
            assertArrayEquals(data, Base32.decode(v[1]));
        }
    }

    @Test
    void roundTripsRandomBytes() {
        long seed = 0x5eed_32L;
        Random random = new Random(seed);
        for (int i = 0; i < 500; i++) {
            byte[] data = new byte[random.nextInt(64)];
            random.nextBytes(data);
            assertArrayEquals(data, Base32.decode(Base32.encode(data)), "seed " + seed + ", case " + i);
        }
    }

    @Test
    void rejectsCharactersOutsideTheLowercaseAlphabet() {
        for (String bad : new String[] {"MZXW6", "mzxw1", "mzxw6===", "mz8w6", "mz w6"}) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> Base32.decode(bad), bad);
            assertTrue(e.getMessage().startsWith("invalid base32"), e.getMessage());
        }
        assertEquals("invalid base32 character 'M' at index 0 (expected a-z or 2-7, lowercase, no padding)",
                assertThrows(IllegalArgumentException.class, () -> Base32.decode("MZXW6")).getMessage());
    }

    @Test
    void rejectsImpossibleLengths() {
        for (String bad : new String[] {"m", "mzx", "mzxw6yqbm"}) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> Base32.decode(bad), bad);
            assertTrue(e.getMessage().startsWith("invalid base32 length"), e.getMessage());
        }
    }
}
