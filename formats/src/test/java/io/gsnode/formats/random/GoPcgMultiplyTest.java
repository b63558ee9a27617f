package io.gsnode.formats.random;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The 128-bit multiply behind {@link GoPcg#intN}, against BigInteger. */
class GoPcgMultiplyTest {

    @Test
    void unsignedMultiplyHighAgreesWithBigInteger() {
        SplittableRandom random = new SplittableRandom(20240607L);
        BigInteger twoTo64 = BigInteger.ONE.shiftLeft(64);
        for (int k = 0; k < 10_000; k++) {
            long x = random.nextLong();
            long y = random.nextLong();
            BigInteger product = unsigned(x, twoTo64).multiply(unsigned(y, twoTo64));
            assertEquals(product.shiftRight(64).longValue(), GoPcg.unsignedMultiplyHigh(x, y), x + " * " + y);
        }
    }

    private static BigInteger unsigned(long v, BigInteger twoTo64) {
        BigInteger b = BigInteger.valueOf(v);
        return v < 0 ? b.add(twoTo64) : b;
    }
}
