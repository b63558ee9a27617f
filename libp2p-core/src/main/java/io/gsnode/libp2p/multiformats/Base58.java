package io.gsnode.libp2p.multiformats;

import java.util.Arrays;

/**
 * Base58 with the bitcoin alphabet ("base58btc"), the legacy text form of peer IDs.
 *
 * <p>Each leading zero byte becomes a leading {@code '1'} and back, as in bitcoin; the rest is
 * the big-endian number written in base 58. Quadratic in the length, which is fine for the
 * 30-to-50-character peer IDs this is used for.
 */
public final class Base58 {

    private static final char[] ALPHABET =
            "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz".toCharArray();
    private static final int[] INDEX = new int[128];

    static {
        Arrays.fill(INDEX, -1);
        for (int i = 0; i < ALPHABET.length; i++) {
            INDEX[ALPHABET[i]] = i;
        }
    }

    private Base58() {}

    public static String encode(byte[] data) {
        int zeros = 0;
        while (zeros < data.length && data[zeros] == 0) {
            zeros++;
        }
        // log(256)/log(58) < 1.37, so this many digits always suffice.
        byte[] digits = new byte[(data.length - zeros) * 137 / 100 + 1];
        int used = 0;
        for (int i = zeros; i < data.length; i++) {
            int carry = data[i] & 0xFF;
            for (int j = 0; j < used; j++) {
                carry += (digits[j] & 0xFF) << 8;
                digits[j] = (byte) (carry % 58);
                carry /= 58;
            }
            while (carry > 0) {
                digits[used++] = (byte) (carry % 58);
                carry /= 58;
            }
        }
        StringBuilder sb = new StringBuilder(zeros + used);
        for (int i = 0; i < zeros; i++) {
            sb.append('1');
        }
        for (int i = used - 1; i >= 0; i--) {
            sb.append(ALPHABET[digits[i]]);
        }
        return sb.toString();
    }

    /** @throws IllegalArgumentException naming the first character outside the alphabet */
    public static byte[] decode(String text) {
        int zeros = 0;
        while (zeros < text.length() && text.charAt(zeros) == '1') {
            zeros++;
        }
        // log(58)/log(256) < 0.733.
        byte[] bytes = new byte[(text.length() - zeros) * 733 / 1000 + 1];
        int used = 0;
        for (int i = zeros; i < text.length(); i++) {
            char c = text.charAt(i);
            int digit = c < 128 ? INDEX[c] : -1;
            if (digit < 0) {
                throw new IllegalArgumentException(
                        "invalid base58btc character '" + c + "' at index " + i + " of \""
                                + text + "\"");
            }
            int carry = digit;
            for (int j = 0; j < used; j++) {
                carry += (bytes[j] & 0xFF) * 58;
                bytes[j] = (byte) carry;
                carry >>>= 8;
            }
            while (carry > 0) {
                bytes[used++] = (byte) carry;
                carry >>>= 8;
            }
        }
        byte[] out = new byte[zeros + used];
        for (int i = 0; i < used; i++) {
            out[zeros + i] = bytes[used - 1 - i];
        }
        return out;
    }
}
