package io.gsnode.benchmarks;

import io.gsnode.segmentation.codec.ReedSolomon;
import io.gsnode.segmentation.codec.SegmentException;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Reed–Solomon over GF(2^8) at the coded arms' shape (docs/arms.md §3.5): k = 32 data and p = 32
 * parity shards of 32 KiB, a 1 MiB payload at rate 1/2. Encode computes the 32 parity shards;
 * decode rebuilds every missing shard from exactly k present ones, with {@code missingData} of the
 * data shards lost (32: parity only, the full inversion and product; 16: half of each).
 */
public class ReedSolomonBenchmark extends AbstractMicrobenchmark {

    /** The code and one codeword. */
    @State(Scope.Benchmark)
    public static class Codeword {
        @Param("32")
        int k;

        @Param("32")
        int p;

        @Param("32768")
        int shardBytes;

        ReedSolomon rs;
        byte[][] data;
        byte[][] parity;

        @Setup
        public void setUp() {
            rs = new ReedSolomon(k, p);
            SplittableRandom rnd = new SplittableRandom(20261202L);
            data = new byte[k][shardBytes];
            for (byte[] shard : data) {
                for (int i = 0; i < shard.length; i++) shard[i] = (byte) rnd.nextInt();
            }
            parity = rs.encodeParity(data);
        }
    }

    /** What a receiver holds: exactly k shards. */
    @State(Scope.Benchmark)
    public static class Received {
        @Param({"32", "16"})
        int missingData;

        byte[][] shards;

        @Setup
        public void setUp(Codeword c) {
            if (missingData > c.p) throw new IllegalArgumentException("missingData " + missingData + " > p " + c.p);
            // The last k - missingData data shards and the last missingData parity shards.
            shards = new byte[c.k + c.p][];
            for (int i = missingData; i < c.k; i++) shards[i] = c.data[i];
            for (int r = c.p - missingData; r < c.p; r++) shards[c.k + r] = c.parity[r];
        }
    }

    @Benchmark
    public byte[][] encode(Codeword c) {
        return c.rs.encodeParity(c.data);
    }

    @Benchmark
    public byte[][] decode(Codeword c, Received r) throws SegmentException {
        byte[][] shards = r.shards.clone(); // reconstruct fills the null slots; the present shards are only read
        c.rs.reconstruct(shards);
        return shards;
    }
}
