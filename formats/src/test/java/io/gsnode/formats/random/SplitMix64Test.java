package io.gsnode.formats.random;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SplitMix64Test {

    @Test
    void finaliserMatchesTheFirstOutputOfSplitMix64SeededWithZero() {
        // SplitMix64 seeded with 0 first adds the gamma 0x9e3779b97f4a7c15, then applies the
        // finaliser; its well-known first output is 0xe220a8397b1dcdaf.
        assertEquals(0xe220a8397b1dcdafL, SplitMix64.finaliser(0x9e3779b97f4a7c15L));
        assertEquals(0xe220a8397b1dcdafL, SplitMix64.firstOutput(0));
        assertEquals(0L, SplitMix64.finaliser(0L));
    }
}
