package io.gsnode.segmentation.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class Gf256Test {
    /** Carry-less multiplication reduced by 0x11d, bit by bit: the definition the tables must match. */
    private static int slowMul(int a, int b) {
        int r = 0;
        while (b != 0) {
            if ((b & 1) != 0) {
                r ^= a;
            }
            a <<= 1;
            if ((a & 0x100) != 0) {
                a ^= 0x11d;
            }
            b >>= 1;
        }
        return r;
    }

    @Test
    void everyProductMatchesPolynomialMultiplicationModulo0x11d() {
        for (int a = 0; a < 256; a++) {
            for (int b = 0; b < 256; b++) {
                assertEquals(slowMul(a, b), Gf256.mul(a, b), a + " * " + b);
            }
        }
        assertEquals(0x1d, Gf256.mul(2, 0x80)); // x · x^7 = x^8 ≡ x^4 + x^3 + x^2 + 1
    }

    @Test
    void everyNonZeroElementHasItsInverse() {
        for (int a = 1; a < 256; a++) {
            assertEquals(1, Gf256.mul(a, Gf256.inv(a)), "inverse of " + a);
        }
        assertThrows(ArithmeticException.class, () -> Gf256.inv(0));
    }

    @Test
    void twoGeneratesTheMultiplicativeGroup() {
        Set<Integer> seen = new HashSet<>();
        int x = 1;
        for (int i = 0; i < 255; i++) {
            assertTrue(seen.add(x), "2^" + i + " repeats");
            x = Gf256.mul(x, 2);
        }
        assertEquals(1, x);
        assertEquals(1, Gf256.pow(0, 0));
        assertEquals(0, Gf256.pow(0, 3));
        assertEquals(Gf256.mul(Gf256.mul(7, 7), 7), Gf256.pow(7, 3));
    }

    @Test
    void mulAddAccumulatesCoefficientTimesInput() {
        byte[] in = {1, 2, 3, (byte) 0x80, (byte) 0xff};
        byte[] out = {9, 9, 9, 9, 9};
        Gf256.mulAdd(2, in, 0, out, 0, in.length);
        for (int i = 0; i < in.length; i++) {
            assertEquals(9 ^ slowMul(2, in[i] & 0xff), out[i] & 0xff);
        }
        byte[] copy = out.clone();
        Gf256.mulAdd(0, in, 0, out, 0, in.length);
        assertArrayEquals(copy, out);
        Gf256.mulAdd(1, in, 0, out, 0, in.length);
        for (int i = 0; i < in.length; i++) {
            assertEquals((copy[i] ^ in[i]) & 0xff, out[i] & 0xff);
        }
    }

    @Test
    void gaussJordanInvertsAndReportsSingularMatrices() {
        byte[] m = {1, 2, 3, 4, 5, 6, 7, 8, 10};
        byte[] inv = m.clone();
        assertTrue(Gf256.invert(inv, 3));
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                int acc = 0;
                for (int l = 0; l < 3; l++) {
                    acc ^= Gf256.mul(m[r * 3 + l] & 0xff, inv[l * 3 + c] & 0xff);
                }
                assertEquals(r == c ? 1 : 0, acc, "(" + r + "," + c + ")");
            }
        }
        byte[] singular = {1, 2, 2, 4};
        assertFalse(Gf256.invert(singular, 2)); // row 2 = 2 · row 1
        assertArrayEquals(new byte[] {1, 2, 2, 4}, singular);
    }
}
