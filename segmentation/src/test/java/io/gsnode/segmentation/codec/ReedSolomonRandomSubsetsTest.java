package io.gsnode.segmentation.codec;

import static io.gsnode.segmentation.codec.MerkleTreeTest.assertReason;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.gsnode.segmentation.codec.SegmentException.Reason;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Any k of the n shards recover the data (docs/arms.md §3.5), checked on 1,000 random k-of-n
 * subsets per shape, from the rate-1/2 shapes the arms use (K + K up to 128 + 128, tier 3 at 2 MiB)
 * to lopsided ones; and a committed group that is not a codeword is rejected wherever it would
 * decode inconsistently.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ReedSolomonRandomSubsetsTest {

    private static final int TRIALS = 1000;

    @ParameterizedTest(name = "k={0} p={1}")
    @CsvSource({"1, 1", "4, 4", "7, 3", "3, 13", "16, 16", "32, 32", "64, 64", "128, 128"})
    void everyRandomKOfNSubsetReconstructsEveryShard(int k, int p) throws Exception {
        long seed = 0x5EED_0000L + k * 1000L + p;
        SplittableRandom rnd = new SplittableRandom(seed);
        ReedSolomon rs = new ReedSolomon(k, p);
        int n = k + p;
        byte[][] full = codeword(rs, rnd, 48);
        for (int trial = 0; trial < TRIALS; trial++) {
            int[] keep = subset(rnd, n, k);
            byte[][] shards = new byte[n][];
            for (int i : keep) shards[i] = full[i].clone();
            rs.reconstruct(shards);
            for (int i = 0; i < n; i++) {
                assertArrayEquals(full[i], shards[i], "seed " + seed + " trial " + trial + " shard " + i);
            }
        }
    }

    @Test
    void groupRecoversTheMessageFromRandomKOfNSubsets() throws Exception {
        long seed = 0xC0DE_D8L;
        SplittableRandom rnd = new SplittableRandom(seed);
        byte[] message = PayloadGenerator.mainnetLike(8 * 512 - 77, seed); // a short last systematic segment
        SegmentGroup g = SegmentCodec.coded(message, 512, 8);
        for (int trial = 0; trial < TRIALS; trial++) {
            List<SegmentMessage> present = new ArrayList<>();
            boolean[] keep = mask(rnd, 16, 8);
            for (int i = 0; i < 16; i++) present.add(keep[i] ? g.messages().get(i) : null);
            assertArrayEquals(message, SegmentCodec.recover(g.descriptor(), present), "seed " + seed + " trial " + trial);
        }
    }

    /**
     * One parity leaf flipped before committing: every proof verifies, but the leaves are not one
     * codeword. Recovery decodes from the first k present shards in index order and requires the
     * recomputed missing ones to reproduce the root (docs/arms.md §3.5), so it rejects every subset
     * that lacks the bad shard or decodes through it; a subset that holds the bad shard but decodes
     * from honest ones gets the honest message (the bad shard is never used), as in the reference.
     */
    @Test
    void committedGroupThatIsNotACodewordIsRejectedWheneverItWouldDecodeInconsistently() throws Exception {
        long seed = 0xBAD_C0DEL;
        SplittableRandom rnd = new SplittableRandom(seed);
        byte[] message = PayloadGenerator.highEntropy(8 * 64, seed);
        SegmentGroup honest = SegmentCodec.coded(message, 64, 8);
        int badIndex = 11;
        List<ByteBuffer> leaves = new ArrayList<>();
        for (SegmentMessage m : honest.messages()) leaves.add(m.data());
        byte[] bad = new byte[leaves.get(badIndex).remaining()];
        leaves.get(badIndex).duplicate().get(bad);
        bad[5] ^= 0x40;
        leaves.set(badIndex, ByteBuffer.wrap(bad));
        MerkleTree tree = MerkleTree.build(leaves);
        SegmentDescriptor d = SegmentDescriptor.of(SegmentDescriptor.VERSION_CODED, SegmentDescriptor.HASH_SHA256, 16, 64, 8 * 64, tree.root());
        List<SegmentMessage> forged = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            byte[] data = new byte[leaves.get(i).remaining()];
            leaves.get(i).duplicate().get(data);
            SegmentMessage m = SegmentMessage.of(d, i, tree.proof(i), data);
            m.verify();
            forged.add(m);
        }
        int rejected = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            boolean[] keep = mask(rnd, 16, 8 + rnd.nextInt(9));
            List<SegmentMessage> present = new ArrayList<>();
            for (int i = 0; i < 16; i++) present.add(keep[i] ? forged.get(i) : null);
            int usedBeforeBad = 0;
            for (int i = 0; i < badIndex; i++) usedBeforeBad += keep[i] ? 1 : 0;
            boolean inconsistent = !keep[badIndex] || usedBeforeBad < 8;
            String what = "seed " + seed + " trial " + trial;
            if (inconsistent) {
                assertReason(Reason.CODEWORD_MISMATCH, () -> SegmentCodec.recover(d, present));
                rejected++;
            } else {
                assertArrayEquals(message, SegmentCodec.recover(d, present), what);
            }
        }
        Assertions.assertTrue(rejected > TRIALS / 2, "rejected " + rejected + " of " + TRIALS);
    }

    private static byte[][] codeword(ReedSolomon rs, SplittableRandom rnd, int len) {
        byte[][] data = new byte[rs.dataShards()][len];
        for (byte[] d : data) {
            for (int i = 0; i < len; i++) d[i] = (byte) rnd.nextInt();
        }
        byte[][] parity = rs.encodeParity(data);
        byte[][] full = new byte[rs.totalShards()][];
        System.arraycopy(data, 0, full, 0, data.length);
        System.arraycopy(parity, 0, full, data.length, parity.length);
        return full;
    }

    /** {@code size} distinct indices of 0..n-1, uniformly (partial Fisher–Yates). */
    private static int[] subset(SplittableRandom rnd, int n, int size) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i;
        for (int i = 0; i < size; i++) {
            int j = i + rnd.nextInt(n - i);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return Arrays.copyOf(a, size);
    }

    private static boolean[] mask(SplittableRandom rnd, int n, int size) {
        boolean[] keep = new boolean[n];
        for (int i : subset(rnd, n, size)) keep[i] = true;
        return keep;
    }
}
