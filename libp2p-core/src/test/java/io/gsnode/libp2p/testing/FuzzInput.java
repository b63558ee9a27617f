package io.gsnode.libp2p.testing;

import java.util.Arrays;

/**
 * How the coverage-guided fuzz targets read one input: its first byte chooses something (a decoder,
 * the size of the pieces the rest arrives in), the rest is what the decoder gets. Seeds are built
 * the same way, with {@link #prefixed}.
 */
public final class FuzzInput {

    private FuzzInput() {}

    /** A seed: {@code first} as the choosing byte, then {@code rest}. */
    public static byte[] prefixed(int first, byte[] rest) {
        byte[] input = new byte[1 + rest.length];
        input[0] = (byte) first;
        System.arraycopy(rest, 0, input, 1, rest.length);
        return input;
    }

    /** The choosing byte, 0 to 255; the input must not be empty. */
    public static int choice(byte[] input) {
        return input[0] & 0xff;
    }

    /** A piece size of 1 to 256 bytes, from the choosing byte. */
    public static int pieceSize(byte[] input) {
        return 1 + choice(input);
    }

    /** Everything after the choosing byte. */
    public static byte[] rest(byte[] input) {
        return Arrays.copyOfRange(input, 1, input.length);
    }
}
