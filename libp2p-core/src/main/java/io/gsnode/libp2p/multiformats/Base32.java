package io.gsnode.libp2p.multiformats;

/**
 * RFC 4648 base32, lowercase and without padding: the encoding behind multibase prefix {@code b},
 * used by CIDv1 peer IDs. The multibase prefix itself is not part of the text handled here.
 */
public final class Base32 {

    private static final char[] ALPHABET = "abcdefghijklmnopqrstuvwxyz234567".toCharArray();

    private Base32() {}

    public static String encode(byte[] data) {
        StringBuilder sb = new StringBuilder((data.length * 8 + 4) / 5);
        int buffer = 0;
        int bits = 0;
        for (byte b : data) {
            buffer = (buffer << 8) | (b & 0xFF);
            bits += 8;
            while (bits >= 5) {
                bits -= 5;
                sb.append(ALPHABET[(buffer >>> bits) & 31]);
            }
        }
        if (bits > 0) {
            sb.append(ALPHABET[(buffer << (5 - bits)) & 31]);
        }
        return sb.toString();
    }

    /**
     * @throws IllegalArgumentException for a character outside the lowercase alphabet (padding
     *     included) or a length no byte string encodes to
     */
    public static byte[] decode(String text) {
        // 8 characters carry 5 bytes; a final group of 1, 3 or 6 characters cannot occur.
        int tail = text.length() % 8;
        if (tail == 1 || tail == 3 || tail == 6) {
            throw new IllegalArgumentException(
                    "invalid base32 length " + text.length() + " (" + tail
                            + " characters after the last full group of 8; 1, 3 or 6 is impossible)");
        }
        byte[] out = new byte[text.length() * 5 / 8];
        int buffer = 0;
        int bits = 0;
        int n = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int v;
            if (c >= 'a' && c <= 'z') {
                v = c - 'a';
            } else if (c >= '2' && c <= '7') {
                v = c - '2' + 26;
            } else {
                throw new IllegalArgumentException(
                        "invalid base32 character '" + c + "' at index " + i
                                + " (expected a-z or 2-7, lowercase, no padding)");
            }
            buffer = (buffer << 5) | v;
            bits += 5;
            if (bits >= 8) {
                bits -= 8;
                out[n++] = (byte) (buffer >>> bits);
            }
        }
        return out;
    }
}
