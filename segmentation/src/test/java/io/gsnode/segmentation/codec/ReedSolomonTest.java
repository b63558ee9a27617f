package io.gsnode.segmentation.codec;

import static io.gsnode.segmentation.codec.MerkleTreeTest.assertReason;
import static io.gsnode.segmentation.codec.ReferenceVectors.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.segmentation.codec.SegmentException.Reason;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ReedSolomonTest {
    @Test
    void encodingMatrixMatchesTheReferenceAndIsSystematic() {
        ReedSolomon rs = new ReedSolomon(3, 3);
        assertEquals(ReferenceVectors.RS_MATRIX_6_3, hex(rs.encodingMatrix()));
        ReedSolomon big = new ReedSolomon(32, 32);
        byte[] m = big.encodingMatrix();
        for (int i = 0; i < 32; i++) {
            for (int j = 0; j < 32; j++) {
                assertEquals(i == j ? 1 : 0, m[i * 32 + j], "row " + i + " col " + j);
            }
        }
    }

    @Test
    void anyKRowsOfTheEncodingMatrixAreInvertible() {
        int n = 10;
        int k = 4;
        byte[] m = new ReedSolomon(k, n - k).encodingMatrix();
        for (int mask = 0; mask < 1 << n; mask++) {
            if (Integer.bitCount(mask) != k) {
                continue;
            }
            byte[] sub = new byte[k * k];
            int r = 0;
            for (int i = 0; i < n; i++) {
                if ((mask & 1 << i) != 0) {
                    System.arraycopy(m, i * k, sub, r++ * k, k);
                }
            }
            assertTrue(Gf256.invert(sub, k), "rows " + Integer.toBinaryString(mask));
        }
    }

    @Test
    void parityIsTheDotProductOfItsRowWithTheData() {
        ReedSolomon rs = new ReedSolomon(3, 2);
        byte[][] data = {{1, 2}, {3, 4}, {5, 6}};
        byte[][] parity = rs.encodeParity(data);
        byte[] m = rs.encodingMatrix();
        for (int r = 0; r < 2; r++) {
            for (int b = 0; b < 2; b++) {
                int acc = 0;
                for (int c = 0; c < 3; c++) {
                    acc ^= Gf256.mul(m[(3 + r) * 3 + c] & 0xff, data[c][b] & 0xff);
                }
                assertEquals(acc, parity[r][b] & 0xff);
            }
        }
    }

    @Test
    void reconstructsFromEveryErasurePatternOfSmallCodes() throws Exception {
        int[][] shapes = {{1, 1}, {1, 3}, {2, 2}, {3, 3}, {4, 2}, {5, 3}, {3, 5}};
        SplittableRandom rnd = new SplittableRandom(20260901);
        for (int[] shape : shapes) {
            int k = shape[0];
            int n = k + shape[1];
            ReedSolomon rs = new ReedSolomon(k, shape[1]);
            byte[][] full = codeword(rs, rnd, 37);
            for (int mask = 0; mask < 1 << n; mask++) {
                byte[][] shards = new byte[n][];
                for (int i = 0; i < n; i++) {
                    if ((mask & 1 << i) != 0) {
                        shards[i] = full[i].clone();
                    }
                }
                if (Integer.bitCount(mask) < k) {
                    assertReason(Reason.NOT_ENOUGH_SEGMENTS, () -> rs.reconstruct(shards));
                    continue;
                }
                rs.reconstruct(shards);
                for (int i = 0; i < n; i++) {
                    assertArrayEquals(full[i], shards[i], "k=" + k + " n=" + n + " present " + Integer.toBinaryString(mask) + " shard " + i);
                }
            }
        }
    }

    @Test
    void reconstructsThirtyTwoOfSixtyFourFromRandomPatterns() throws Exception {
        long seed = 0xC0DEDL;
        SplittableRandom rnd = new SplittableRandom(seed);
        ReedSolomon rs = new ReedSolomon(32, 32);
        byte[][] full = codeword(rs, rnd, 1024);
        for (int trial = 0; trial < 60; trial++) {
            int keep = 32 + rnd.nextInt(33);
            int[] order = shuffled(rnd, 64);
            if (trial == 0) {
                order = range(32, 64); // only parity
            }
            byte[][] shards = new byte[64][];
            for (int i = 0; i < keep && i < order.length; i++) {
                shards[order[i]] = full[order[i]].clone();
            }
            rs.reconstruct(shards);
            for (int i = 0; i < 64; i++) {
                assertArrayEquals(full[i], shards[i], "seed " + seed + " trial " + trial + " shard " + i);
            }
        }
    }

    @Test
    void shapesBeyondTheFieldAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new ReedSolomon(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new ReedSolomon(200, 57));
        assertThrows(IllegalArgumentException.class, () -> new ReedSolomon(3, -1));
        new ReedSolomon(128, 128);
    }

    private static byte[][] codeword(ReedSolomon rs, SplittableRandom rnd, int len) {
        int k = rs.dataShards();
        byte[][] data = new byte[k][len];
        for (byte[] d : data) {
            for (int i = 0; i < len; i++) {
                d[i] = (byte) rnd.nextInt();
            }
        }
        byte[][] parity = rs.encodeParity(data);
        byte[][] full = new byte[rs.totalShards()][];
        System.arraycopy(data, 0, full, 0, k);
        System.arraycopy(parity, 0, full, k, parity.length);
        return full;
    }

    private static int[] shuffled(SplittableRandom rnd, int n) {
        int[] a = range(0, n);
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return a;
    }

    private static int[] range(int from, int to) {
        int[] a = new int[to - from];
        for (int i = 0; i < a.length; i++) {
            a[i] = from + i;
        }
        return a;
    }
}
