package io.gsnode.tools.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EdgeSetTest {

    @Test
    void agreesWithHashSetOverRandomAddsAndRemoves() {
        long seed = 42;
        SplittableRandom random = new SplittableRandom(seed);
        EdgeSet set = new EdgeSet(16);
        Set<Long> reference = new HashSet<>();
        // A small key range makes long probe chains and many removals inside them.
        for (int op = 0; op < 200_000; op++) {
            long key = random.nextLong(512);
            switch (random.nextInt(3)) {
                case 0 -> assertEquals(reference.add(key), set.add(key), "seed " + seed + ", op " + op);
                case 1 -> assertEquals(reference.remove(key), set.remove(key), "seed " + seed + ", op " + op);
                default -> assertEquals(reference.contains(key), set.contains(key), "seed " + seed + ", op " + op);
            }
            assertEquals(reference.size(), set.size());
        }
        for (long key = 0; key < 512; key++) assertEquals(reference.contains(key), set.contains(key));
    }
}
