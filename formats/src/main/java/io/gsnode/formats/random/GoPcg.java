package io.gsnode.formats.random;

/**
 * Go's {@code math/rand/v2} PCG source (128-bit LCG state, DXSM output), with the three
 * {@code rand.Rand} draws the payload generator uses, so a payload is byte-identical to the
 * reference harness's for the same seed (docs/arms.md §3.1).
 *
 * <p>Go: {@code rand.New(rand.NewPCG(seed1, seed2))}. {@link #nextUint64()} is
 * {@code Rand.Uint64}, {@link #nextUint32()} is {@code Rand.Uint32} (the high half of a 64-bit
 * draw) and {@link #nextFloat64()} is {@code Rand.Float64} (53 random bits over 2^53). All
 * 64-bit values are Go's {@code uint64} carried in a Java {@code long}'s bits.
 *
 * <p>Not thread-safe: one generator per payload.
 */
public final class GoPcg {
    // go: math/rand/v2 pcg.go, PCG.next (the 128-bit multiplier and increment).
    private static final long MUL_HI = 2549297995355413924L;
    private static final long MUL_LO = 4865540595714422341L;
    private static final long INC_HI = 6364136223846793005L;
    private static final long INC_LO = 1442695040888963407L;
    // go: math/rand/v2 pcg.go, PCG.Uint64 (DXSM "cheap multiplier").
    private static final long CHEAP_MUL = 0xda942042e4dd58b5L;

    private long hi;
    private long lo;

    /** Go's {@code rand.NewPCG(seed1, seed2)}: the state is (hi, lo) = (seed1, seed2). */
    public GoPcg(long seed1, long seed2) {
        this.hi = seed1;
        this.lo = seed2;
    }

    /** Go's {@code PCG.Uint64}: advance the 128-bit LCG, then the DXSM output permutation. */
    public long nextUint64() {
        // state = state * mul + inc, modulo 2^128, on two 64-bit halves.
        long newHi = unsignedMultiplyHigh(lo, MUL_LO) + hi * MUL_LO + lo * MUL_HI;
        long newLo = lo * MUL_LO;
        long sumLo = newLo + INC_LO;
        long carry = Long.compareUnsigned(sumLo, newLo) < 0 ? 1 : 0;
        hi = newHi + INC_HI + carry;
        lo = sumLo;

        long h = hi;
        h ^= h >>> 32;
        h *= CHEAP_MUL;
        h ^= h >>> 48;
        h *= (lo | 1);
        return h;
    }

    /** Go's {@code Rand.Uint32}: the high 32 bits of one 64-bit draw, as an unsigned int's bits. */
    public int nextUint32() {
        return (int) (nextUint64() >>> 32);
    }

    /** Go's {@code Rand.Float64}: the low 53 bits of one 64-bit draw divided by 2^53, in [0, 1). */
    public double nextFloat64() {
        return (double) ((nextUint64() << 11) >>> 11) / (double) (1L << 53);
    }

    /** Go's {@code Rand.IntN(n)} on a 64-bit platform: uniform in [0, n), n > 0 (Lemire's method, as Go). */
    public int intN(int n) {
        if (n <= 0) throw new IllegalArgumentException("intN needs n > 0, was " + n);
        long bound = n;
        if ((bound & (bound - 1)) == 0) return (int) (nextUint64() & (bound - 1));
        long x = nextUint64();
        long productHi = unsignedMultiplyHigh(x, bound);
        long productLo = x * bound;
        if (Long.compareUnsigned(productLo, bound) < 0) {
            long threshold = Long.remainderUnsigned(-bound, bound);
            while (Long.compareUnsigned(productLo, threshold) < 0) {
                x = nextUint64();
                productHi = unsignedMultiplyHigh(x, bound);
                productLo = x * bound;
            }
        }
        return (int) productHi;
    }

    // Math.unsignedMultiplyHigh is Java 18; this is its documented identity over multiplyHigh.
    static long unsignedMultiplyHigh(long x, long y) {
        return Math.multiplyHigh(x, y) + ((x >> 63) & y) + ((y >> 63) & x);
    }
}
