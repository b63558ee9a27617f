package io.gsnode.segmentation.codec;

/**
 * Arithmetic in GF(2^8) with the reducing polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11d) and
 * generator 2, table-driven (docs/arms.md §3.5): a full 256 × 256 multiplication table (64 KiB,
 * one row per multiplier so a shard loop indexes one 256-byte row) and an inverse table.
 *
 * <p>Addition is XOR. Tables are built once, at class initialisation; thread-safe.
 */
public final class Gf256 {
    /** The reducing polynomial x^8 + x^4 + x^3 + x^2 + 1. */
    public static final int POLYNOMIAL = 0x11d;

    private static final byte[] EXP = new byte[512];
    private static final int[] LOG = new int[256];
    // MUL[a][b] = a · b; row 0 and column 0 are zero.
    private static final byte[][] MUL = new byte[256][256];
    private static final byte[] INV = new byte[256];

    static {
        int x = 1;
        for (int i = 0; i < 255; i++) {
            EXP[i] = (byte) x;
            LOG[x] = i;
            x <<= 1; // multiply by the generator 2
            if ((x & 0x100) != 0) {
                x ^= POLYNOMIAL;
            }
        }
        for (int i = 255; i < 512; i++) {
            EXP[i] = EXP[i - 255];
        }
        for (int a = 1; a < 256; a++) {
            for (int b = 1; b < 256; b++) {
                MUL[a][b] = EXP[LOG[a] + LOG[b]];
            }
            INV[a] = EXP[255 - LOG[a]];
        }
    }

    private Gf256() {
    }

    /** a · b for field elements a, b in [0, 256). */
    public static int mul(int a, int b) {
        return MUL[a][b] & 0xff;
    }

    /** The multiplicative inverse of a non-zero element. */
    public static int inv(int a) {
        if (a == 0) {
            throw new ArithmeticException("0 has no inverse in GF(2^8)");
        }
        return INV[a] & 0xff;
    }

    /** a^e, with 0^0 = 1 (the Vandermonde convention of docs/arms.md §3.5). */
    public static int pow(int a, int e) {
        int r = 1;
        for (int i = 0; i < e; i++) {
            r = mul(r, a);
        }
        return r;
    }

    /** out[outOff + i] ^= c · in[inOff + i] for i in [0, len): one coefficient applied to a shard range. */
    static void mulAdd(int c, byte[] in, int inOff, byte[] out, int outOff, int len) {
        if (c == 0) {
            return;
        }
        if (c == 1) {
            for (int i = 0; i < len; i++) {
                out[outOff + i] ^= in[inOff + i];
            }
            return;
        }
        byte[] row = MUL[c];
        for (int i = 0; i < len; i++) {
            out[outOff + i] ^= row[in[inOff + i] & 0xff];
        }
    }

    /**
     * Inverts the n × n row-major matrix {@code m} in place by Gauss–Jordan elimination; returns
     * false, leaving {@code m} unchanged, when it is singular.
     */
    static boolean invert(byte[] m, int n) {
        int w = 2 * n;
        byte[] aug = new byte[n * w];
        for (int r = 0; r < n; r++) {
            System.arraycopy(m, r * n, aug, r * w, n);
            aug[r * w + n + r] = 1;
        }
        for (int col = 0; col < n; col++) {
            int pivot = -1;
            for (int r = col; r < n; r++) {
                if (aug[r * w + col] != 0) {
                    pivot = r;
                    break;
                }
            }
            if (pivot < 0) {
                return false;
            }
            if (pivot != col) {
                for (int i = 0; i < w; i++) {
                    byte t = aug[col * w + i];
                    aug[col * w + i] = aug[pivot * w + i];
                    aug[pivot * w + i] = t;
                }
            }
            byte[] scale = MUL[INV[aug[col * w + col] & 0xff] & 0xff];
            for (int i = 0; i < w; i++) {
                aug[col * w + i] = scale[aug[col * w + i] & 0xff];
            }
            for (int r = 0; r < n; r++) {
                int c = aug[r * w + col] & 0xff;
                if (r != col && c != 0) {
                    byte[] row = MUL[c];
                    for (int i = 0; i < w; i++) {
                        aug[r * w + i] ^= row[aug[col * w + i] & 0xff];
                    }
                }
            }
        }
        for (int r = 0; r < n; r++) {
            System.arraycopy(aug, r * w + n, m, r * n, n);
        }
        return true;
    }
}
