package io.gsnode.libp2p.testing;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

/**
 * Valid input with a few bytes changed, inserted, removed or cut off: what finds the corners of a
 * decoder that random bytes rarely reach past its first check. The same seed gives the same
 * mutation, so a property's failing seed reproduces.
 */
public final class Mutations {

    private Mutations() {}

    /** {@code valid} after 1 to 8 random edits drawn from {@code seed}. */
    public static byte[] of(byte[] valid, long seed) {
        Random r = new Random(seed);
        byte[] b = valid.clone();
        int edits = 1 + r.nextInt(8);
        for (int e = 0; e < edits && b.length > 0; e++) {
            int at = r.nextInt(b.length);
            switch (r.nextInt(5)) {
                case 0 -> b[at] = (byte) r.nextInt(256);
                case 1 -> b[at] ^= (byte) (1 << r.nextInt(8));
                case 2 -> b = insert(b, at, (byte) r.nextInt(256));
                case 3 -> b = remove(b, at);
                default -> b = Arrays.copyOf(b, at);
            }
        }
        return b;
    }

    /** The same for text, edited as UTF-8 bytes (a cut may split a character; decoders see U+FFFD). */
    public static String of(String valid, long seed) {
        return new String(of(valid.getBytes(StandardCharsets.UTF_8), seed), StandardCharsets.UTF_8);
    }

    private static byte[] insert(byte[] b, int at, byte value) {
        byte[] out = new byte[b.length + 1];
        System.arraycopy(b, 0, out, 0, at);
        out[at] = value;
        System.arraycopy(b, at, out, at + 1, b.length - at);
        return out;
    }

    private static byte[] remove(byte[] b, int at) {
        byte[] out = new byte[b.length - 1];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(b, at + 1, out, at, b.length - at - 1);
        return out;
    }
}
