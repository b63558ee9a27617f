package io.gsnode.benchmarks;

import io.airlift.compress.snappy.SnappyCompressor;
import io.gsnode.segmentation.codec.PayloadGenerator;
import io.gsnode.segmentation.codec.SnappyBlock;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Snappy block compression of the report's payload (docs/arms.md §3.1, §3.6: mainnet-like, seed
 * 11, 1 MiB → 746 262 bytes). {@code goCompatible} is gsnode's encoder, which reproduces Go's
 * golang/snappy output byte for byte (the compress-first unit depends on it); {@code aircompressor}
 * is the reference beside it: the pure-Java library gsnode decodes with, whose output differs.
 */
@State(Scope.Benchmark)
public class SnappyBenchmark extends AbstractMicrobenchmark {

    @Param("1048576")
    int payloadBytes;

    private byte[] payload;
    private byte[] scratch;
    private final SnappyCompressor reference = new SnappyCompressor();

    @Setup
    public void setUp() {
        payload = PayloadGenerator.mainnetLike(payloadBytes, PayloadGenerator.MEASURED_SEED);
        scratch = new byte[reference.maxCompressedLength(payloadBytes)];
    }

    @Benchmark
    public byte[] goCompatible() {
        return SnappyBlock.compress(payload);
    }

    @Benchmark
    public int aircompressor() {
        return reference.compress(payload, 0, payload.length, scratch, 0, scratch.length);
    }
}
