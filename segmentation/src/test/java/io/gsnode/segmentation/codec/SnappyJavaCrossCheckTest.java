package io.gsnode.segmentation.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.xerial.snappy.Snappy;

/**
 * Our snappy block output decodes with a second, independent implementation (snappy-java, the
 * native C++ library) and theirs with ours: the payloads of Figure 9's ten sizes, arbitrary bytes,
 * and the arms' actual gossip messages, which must unwrap to SSZ offset 4 followed by the field.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SnappyJavaCrossCheckTest {

    @ParameterizedTest(name = "mainnetLike({0})")
    @ValueSource(ints = {131072, 262144, 393216, 524288, 655360, 786432, 917504, 1048576, 1572864, 2097152})
    void ourCompressedPayloadDecodesWithSnappyJava(int length) throws Exception {
        byte[] payload = PayloadGenerator.mainnetLike(length, PayloadGenerator.MEASURED_SEED);
        byte[] ours = SnappyBlock.compress(payload);
        assertTrue(Snappy.isValidCompressedBuffer(ours));
        assertEquals(length, Snappy.uncompressedLength(ours));
        assertArrayEquals(payload, Snappy.uncompress(ours));
    }

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {0, 1, 15, 16, 17, 59, 60, 61, 255, 256, 65535, 65536, 65537, 300_000})
    void arbitraryBytesRoundTripBothWays(int length) throws Exception {
        long seed = 0x5A_0000L + length;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (byte[] input : new byte[][] {random(rnd, length), repetitive(rnd, length)}) {
            assertArrayEquals(input, Snappy.uncompress(SnappyBlock.compress(input)), "ours -> snappy-java, seed " + seed);
            byte[] theirs = Snappy.compress(input);
            assertArrayEquals(input, SnappyBlock.decompress(theirs, length), "snappy-java -> ours, seed " + seed);
        }
    }

    @Test
    void armMessagesUnwrapToTheSszFieldWithSnappyJava() throws Exception {
        byte[] payload = ReferenceVectors.payload1MiB();
        GossipMessageSet whole = PayloadEncoder.whole(payload);
        assertSszField(payload, Snappy.uncompress(whole.messages().get(0)));

        GossipMessageSet coded = PayloadEncoder.segmented(payload,
                SegmentEncodingParams.ofSegmentSize(32768).withParity(32).withStructuredIds(true));
        for (int i : new int[] {0, 31, 32, 63}) {
            byte[] body = Snappy.uncompress(coded.messages().get(i));
            assertArrayEquals(GossipEncoding.decodeBody(coded.messages().get(i)), body, "message " + i);
            ByteBuffer field = ByteBuffer.wrap(body, GossipEncoding.SSZ_FIELD_OFFSET, body.length - GossipEncoding.SSZ_FIELD_OFFSET);
            field.position(field.position() + SegmentIdPrefix.LENGTH);
            SegmentMessage m = SegmentMessage.decode(field.slice());
            m.verify();
            assertEquals(i, m.index());
        }

        GossipMessageSet compressFirst = PayloadEncoder.segmented(payload,
                SegmentEncodingParams.ofFixedCount(64).withParity(64).withCompressFirst(true).withStructuredIds(true));
        for (byte[] message : compressFirst.messages()) {
            assertArrayEquals(GossipEncoding.decodeBody(message), Snappy.uncompress(message));
        }
    }

    private static void assertSszField(byte[] field, byte[] body) {
        assertEquals(4, ByteBuffer.wrap(body, 0, 4).order(ByteOrder.LITTLE_ENDIAN).getInt(), "SSZ offset");
        assertArrayEquals(field, Arrays.copyOfRange(body, 4, body.length));
    }

    private static byte[] random(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) rnd.nextInt();
        return b;
    }

    private static byte[] repetitive(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) (i % 7 == 0 ? rnd.nextInt(3) : b[Math.max(0, i - 13)]);
        return b;
    }
}
