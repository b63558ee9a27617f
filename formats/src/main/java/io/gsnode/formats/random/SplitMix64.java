package io.gsnode.formats.random;

/**
 * SplitMix64's mixing (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
 * 2014): every bit of the input moves about half the bits of the output, so neighbouring inputs
 * (a seed and the seed plus a node index) give unrelated values.
 */
public final class SplitMix64 {

    /** The golden gamma the generator adds to its state before each output. */
    public static final long GAMMA = 0x9e3779b97f4a7c15L;

    private SplitMix64() {}

    /** The output function, without the gamma increment the generator adds before it. */
    public static long finaliser(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** The first output of SplitMix64 seeded with {@code seed}. */
    public static long firstOutput(long seed) {
        return finaliser(seed + GAMMA);
    }
}
