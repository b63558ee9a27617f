package io.gsnode.formats.random;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class GoPcgTest {
    @Test
    void uint64SequenceMatchesGoForTheMeasuredPayloadSeed() {
        // Go: rand.NewPCG(11, 11^0x2545f4914f6cdd1d).Uint64() four times.
        GoPcg pcg = new GoPcg(11, 11 ^ 0x2545f4914f6cdd1dL);
        assertEquals(0x7718a7928f00ede6L, pcg.nextUint64());
        assertEquals(0xbe092b924496f6f5L, pcg.nextUint64());
        assertEquals(0x47b7451e13922db3L, pcg.nextUint64());
        assertEquals(0x6517cf356f43160fL, pcg.nextUint64());
    }

    @Test
    void float64Uint32AndUint64DrawsMatchGosRand() {
        // Go: r := rand.New(rand.NewPCG(1, 2)); r.Float64(), r.Uint32(), r.Uint64().
        GoPcg pcg = new GoPcg(1, 2);
        assertEquals(0.6764556596678251, pcg.nextFloat64());
        assertEquals(2647573421L, Integer.toUnsignedLong(pcg.nextUint32()));
        assertEquals(0xc8d04605312f8088L, pcg.nextUint64());
    }

    @Test
    void float64StaysInTheUnitInterval() {
        GoPcg pcg = new GoPcg(7, 9);
        for (int i = 0; i < 100_000; i++) {
            double f = pcg.nextFloat64();
            assertEquals(true, f >= 0.0 && f < 1.0, "draw " + i + " = " + f);
        }
    }
}
