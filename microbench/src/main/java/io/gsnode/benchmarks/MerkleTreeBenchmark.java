package io.gsnode.benchmarks;

import io.gsnode.segmentation.codec.MerkleTree;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Building the SHA-256 Merkle tree of a segment group (docs/arms.md §3.4): 64 leaves of 16 KiB,
 * the 1 MiB payload at the 16 KiB unit (or a 32 + 32 coded group at 32 KiB with 32 KiB leaves).
 * Dominated by hashing the leaves; the 63 inner nodes are 65-byte hashes.
 */
@State(Scope.Benchmark)
public class MerkleTreeBenchmark extends AbstractMicrobenchmark {

    @Param("64")
    int leaves;

    @Param({"16384", "32768"})
    int leafBytes;

    private List<ByteBuffer> segments;

    @Setup
    public void setUp() {
        SplittableRandom rnd = new SplittableRandom(64L);
        segments = new ArrayList<>(leaves);
        for (int i = 0; i < leaves; i++) {
            byte[] leaf = new byte[leafBytes];
            for (int j = 0; j < leaf.length; j++) leaf[j] = (byte) rnd.nextInt();
            segments.add(ByteBuffer.wrap(leaf));
        }
    }

    @Benchmark
    public byte[] build() {
        return MerkleTree.build(segments).root();
    }
}
