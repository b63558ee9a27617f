package io.gsnode.tools.topology;

/**
 * A bit-exact port of Go's {@code math/rand/v2} {@code PCG} (128-bit LCG state, DXSM output) and
 * of {@code Rand.IntN} on 64-bit platforms (Lemire's multiply-and-reject), so that a seed draws
 * the same numbers here as in the reference's Go (spec/arms.md §10.1). Every {@code long} holds an
 * unsigned 64-bit value. Go source: {@code src/math/rand/v2/pcg.go}, {@code rand.go}.
 */
public final class GoPcg {

    // go: PCG.next's multiplier and increment, the 128-bit constants split in halves.
    private static final long MUL_HI = 2549297995355413924L;
    private static final long MUL_LO = 4865540595714422341L;
    private static final long INC_HI = 6364136223846793005L;
    private static final long INC_LO = 1442695040888963407L;

    // go: PCG.Uint64's cheapMul (DXSM).
    private static final long CHEAP_MUL = 0xda942042e4dd58b5L;

    private long hi;
    private long lo;

    /** Go's {@code rand.NewPCG(seed1, seed2)}: the state is (hi, lo) = (seed1, seed2). */
    public GoPcg(long seed1, long seed2) {
        this.hi = seed1;
        this.lo = seed2;
    }

    /** Go's {@code PCG.Uint64}: step the state, then the DXSM output function. */
    public long nextUint64() {
        // state = state * mul + inc, in 128 bits
        long productLo = lo * MUL_LO;
        long productHi = unsignedMultiplyHigh(lo, MUL_LO) + hi * MUL_LO + lo * MUL_HI;
        long newLo = productLo + INC_LO;
        long carry = Long.compareUnsigned(newLo, productLo) < 0 ? 1 : 0;
        long newHi = productHi + INC_HI + carry;
        lo = newLo;
        hi = newHi;

        long x = newHi;
        x ^= x >>> 32;
        x *= CHEAP_MUL;
        x ^= x >>> 48;
        x *= newLo | 1;
        return x;
    }

    /** Go's {@code Rand.IntN(n)} on a 64-bit platform: uniform in [0, n), n > 0. */
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

    /** The high 64 bits of the unsigned 128-bit product (Math.unsignedMultiplyHigh is Java 18+). */
    static long unsignedMultiplyHigh(long x, long y) {
        return Math.multiplyHigh(x, y) + ((x >> 63) & y) + ((y >> 63) & x);
    }
}
