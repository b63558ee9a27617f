package io.gsnode.segmentation.codec;

import static io.gsnode.segmentation.codec.ReferenceVectors.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.airlift.compress.snappy.SnappyDecompressor;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SnappyBlockTest {
    @ParameterizedTest(name = "mainnetLike({0}, 11)")
    @CsvSource({
        "1048576, 746262, 43e82be3ece543c80ef904389709f263db7919854474da3dbd61c4113b97c6fc",
        "131072, 93953, 4886db34b2b2ddd22f7d8f7e0ec194ec13bf691e97eccbef612ae538b71c30d1",
        "2097152, 1493450, 85cc67f6432dc0605279d4b685c92d8d56bf1d31951f053e3c95cc5a1bf3b8ed",
        "100, 54, 40ec846ce52d8f6ebcda494067d79b16014a292c3d1d341e84c426b9d73ce727",
        "33, 35, b5c70722c5edc8f1cda870449f5beb15cf04b9f5f4d752a63a57b37e76ddb806",
        "1, 3, 7d49c1596712d2e0db357d1f2f6b5bf75575d635a5a3ef41cfbd719e56bc79d0",
        "0, 1, 6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
    })
    void compressedBytesAreIdenticalToGoSnappyEncode(int length, int compressedLength, String sha) {
        byte[] c = SnappyBlock.compress(PayloadGenerator.mainnetLike(length, 11));
        assertEquals(compressedLength, c.length);
        assertEquals(sha, sha256(c));
    }

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {0, 1, 4, 16, 17, 18, 100, 4096, 65535, 65536, 65537, 200_000, 1 << 20})
    void roundTripsThroughOurDecoderAndAircompressors(int length) throws Exception {
        long seed = 0x5eed_0000L + length;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (byte[] input : new byte[][] {randomBytes(rnd, length), runs(rnd, length)}) {
            byte[] c = SnappyBlock.compress(input);
            assertTrue(c.length <= SnappyBlock.maxCompressedLength(length), "seed " + seed);
            assertArrayEquals(input, SnappyBlock.decompress(c, length), "seed " + seed);
            byte[] viaLibrary = new byte[length];
            int n = new SnappyDecompressor().decompress(c, 0, c.length, viaLibrary, 0, length);
            assertEquals(length, n, "seed " + seed);
            assertArrayEquals(input, viaLibrary, "seed " + seed);
        }
    }

    @Test
    void longMatchesAndFarOffsetsUseEveryCopyForm() throws Exception {
        // 70-byte and 130-byte repeats exercise the 64-byte copy2 loop; a repeat 5000 bytes back, copy2 with a far offset.
        byte[] input = new byte[20_000];
        SplittableRandom rnd = new SplittableRandom(42);
        for (int i = 0; i < 5000; i++) {
            input[i] = (byte) rnd.nextInt();
        }
        System.arraycopy(input, 0, input, 5000, 5000);
        System.arraycopy(input, 100, input, 10_000, 130);
        System.arraycopy(input, 9_990, input, 10_200, 70);
        byte[] c = SnappyBlock.compress(input);
        assertTrue(c.length < 11_000, "compressed to " + c.length);
        assertArrayEquals(input, SnappyBlock.decompress(c, input.length));
    }

    @Test
    void decodedLengthIsReadFromTheUvarintHeader() throws Exception {
        byte[] c = SnappyBlock.compress(new byte[300]);
        assertEquals(300, SnappyBlock.decodedLength(c, 0, c.length));
    }

    @Test
    void blockDeclaringMoreThanTheLimitIsRejectedBeforeDecoding() {
        byte[] c = SnappyBlock.compress(new byte[1000]);
        GossipDecodeException e = assertThrows(GossipDecodeException.class, () -> SnappyBlock.decompress(c, 999));
        assertTrue(e.getMessage().contains("1000 > 999"), e.getMessage());
    }

    @Test
    void corruptAndTruncatedBlocksAreRejected() {
        byte[] c = SnappyBlock.compress(PayloadGenerator.mainnetLike(5000, 1));
        assertThrows(GossipDecodeException.class, () -> SnappyBlock.decompress(Arrays.copyOf(c, c.length - 1), 10_000));
        assertThrows(GossipDecodeException.class, () -> SnappyBlock.decompress(new byte[0], 10));
        // A header of 5 continuation bytes is not a length.
        assertThrows(GossipDecodeException.class,
                () -> SnappyBlock.decompress(new byte[] {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 1}, 10));
        // Declares 10 bytes, holds a 3-byte literal.
        assertThrows(GossipDecodeException.class, () -> SnappyBlock.decompress(new byte[] {10, 2 << 2, 'a', 'b', 'c'}, 10));
        // A copy reaching before the start of the output.
        assertThrows(GossipDecodeException.class, () -> SnappyBlock.decompress(new byte[] {8, 0x01 | (4 << 2), 5}, 10));
    }

    @Test
    void mutatedBlocksDecodeOrAreRejectedButNeverThrowAnythingElse() {
        long seed = 99;
        SplittableRandom rnd = new SplittableRandom(seed);
        byte[] base = SnappyBlock.compress(PayloadGenerator.mainnetLike(70_000, 5));
        for (int trial = 0; trial < 5_000; trial++) {
            byte[] m = base.clone();
            for (int e = 1 + rnd.nextInt(8); e > 0; e--) {
                m[rnd.nextInt(m.length)] = (byte) rnd.nextInt();
            }
            if (rnd.nextInt(4) == 0) {
                m = Arrays.copyOf(m, rnd.nextInt(m.length));
            }
            try {
                assertTrue(SnappyBlock.decompress(m, 1 << 20).length <= 1 << 20);
            } catch (GossipDecodeException expected) {
                // rejected: fine
            } catch (RuntimeException e) {
                throw new AssertionError("seed " + seed + " trial " + trial + " threw " + e, e);
            }
        }
    }

    private static byte[] randomBytes(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) rnd.nextInt();
        }
        return b;
    }

    // Compressible: short random runs over a small alphabet.
    private static byte[] runs(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        int i = 0;
        while (i < n) {
            byte v = (byte) rnd.nextInt(4);
            int len = 1 + rnd.nextInt(40);
            for (int j = 0; j < len && i < n; j++) {
                b[i++] = v;
            }
        }
        return b;
    }
}
