package io.gsnode.segmentation.codec;

import static io.gsnode.segmentation.codec.ReferenceVectors.hex;
import static io.gsnode.segmentation.codec.ReferenceVectors.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class PayloadGeneratorTest {
    @ParameterizedTest(name = "mainnetLike({0}, 11)")
    @CsvSource({
        "1048576, a65319f52fa92ca0283543265ec1a9e44b23487bcaa49d82cad231bd9d0ebe32",
        "131072, 45cc92019039f2f9a7919abb8aa9ab113805590cdb2bc254667309dca0cd1cd7",
        "2097152, 48acbf72d3c26642ce8afee482e9c065c4ae554e47671369a5e32e51d812fdc2",
        "100, 314a323f80418d9a9b018054836c328a6e2571fa6d04f1f1438b6a37047c244b",
        "33, 7cf3a3aeed54f1f67c4a5bee2256e7c8cc6d34789bdc839ee28c5ea2a3c0a4b8",
        "1, 956062137518b270d730d4753000896de17c100a42f9e24f5acee2faa75d5fdd",
        "0, e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    })
    void mainnetLikePayloadIsByteIdenticalToGo(int length, String sha) {
        byte[] p = PayloadGenerator.mainnetLike(length, PayloadGenerator.MEASURED_SEED);
        assertEquals(length, p.length);
        assertEquals(sha, sha256(p));
    }

    @Test
    void firstWordsAreOneRandomWordThenOnePaddedWord() {
        byte[] p = ReferenceVectors.payload1MiB();
        assertEquals(ReferenceVectors.PAYLOAD_HEAD_48, hex(Arrays.copyOf(p, 48)));
        // Go: the 33-byte payload's second word is one byte long, so it is padded with min(3, 1) bytes.
        byte[] p33 = PayloadGenerator.mainnetLike(33, 11);
        assertEquals("09", hex(Arrays.copyOfRange(p33, 32, 33)));
    }

    @Test
    void warmUpPayloadUsesSeedTwelve() {
        assertEquals("95c30b695ae83591ba8bc142a97d1cbb311cbcd447da8281ba3029b3d5e8d5b4",
                sha256(PayloadGenerator.mainnetLike(1 << 20, PayloadGenerator.WARMUP_SEED)));
    }

    @Test
    void highEntropyPayloadIsByteIdenticalToGoIncludingTheTail() {
        byte[] p = PayloadGenerator.highEntropy(1003, 7);
        assertEquals("95391f1c7ec6294f7c211c8319960a149d2370249158524181f7ff0a9f95bed1", sha256(p));
        assertEquals("b306b471181a1bc19ec1b83cec459469fdad62c15d25f4b5", hex(Arrays.copyOf(p, 24)));
    }

    @Test
    void mainnetLikePayloadCompressesAboutOnePointFourToOne() {
        // docs/arms.md §3.1: calibrated to mainnet's 1.40 : 1 snappy ratio; §16: the whole message ≈ 746 KB.
        byte[] p = ReferenceVectors.payload1MiB();
        double ratio = (double) p.length / SnappyBlock.compress(p).length;
        assertTrue(ratio > 1.38 && ratio < 1.42, "ratio " + ratio);
    }

    @Test
    void paddedWordsAreZeroExceptTheirLastThreeBytes() {
        byte[] p = PayloadGenerator.mixedEntropy(32 * 64, 1.0, 5);
        for (int w = 0; w < 64; w++) {
            for (int i = 0; i < 29; i++) {
                assertEquals(0, p[w * 32 + i], "word " + w + " byte " + i);
            }
        }
        byte[] none = PayloadGenerator.mixedEntropy(32 * 64, 0.0, 5);
        assertTrue(nonZero(none) > 32 * 64 * 9 / 10);
    }

    @Test
    void sameSeedSamePayloadDifferentSeedDifferentPayload() {
        assertArrayEquals(PayloadGenerator.mainnetLike(4096, 11), PayloadGenerator.mainnetLike(4096, 11));
        assertTrue(!Arrays.equals(PayloadGenerator.mainnetLike(4096, 11), PayloadGenerator.mainnetLike(4096, 12)));
    }

    @Test
    void negativeLengthIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> PayloadGenerator.mainnetLike(-1, 11));
        assertThrows(IllegalArgumentException.class, () -> PayloadGenerator.highEntropy(-1, 11));
    }

    private static int nonZero(byte[] b) {
        int n = 0;
        for (byte x : b) {
            n += x != 0 ? 1 : 0;
        }
        return n;
    }
}
