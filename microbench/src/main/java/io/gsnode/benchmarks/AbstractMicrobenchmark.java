package io.gsnode.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The settings every gsnode benchmark shares (Netty's {@code AbstractMicrobenchmark}): average time
 * per operation in microseconds, one fork, five one-second warmups and measurements. The command
 * line overrides them ({@code scripts/jmh.sh -f 1 -wi 2 -i 3}); {@code -prof gc} adds bytes allocated.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class AbstractMicrobenchmark {
}
