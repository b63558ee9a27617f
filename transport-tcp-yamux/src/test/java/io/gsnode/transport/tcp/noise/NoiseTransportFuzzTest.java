package io.gsnode.transport.tcp.noise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.testing.Mutations;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Noise transport messages after a completed handshake, as a connection's inbound pipeline reads
 * them (the 2-byte length framing, then {@link NoiseCodec}): random bytes, or a valid stream of
 * messages with bytes changed, inserted, removed or cut, in pieces of any size. The pipeline
 * yields only plaintext that was really sent, in order (a prefix of it), or refuses with a Noise
 * or framing error, never another exception. Tries: -Djqwik.tries.
 */
class NoiseTransportFuzzTest {

    @Property
    void randomBytesYieldNothingOrANoiseError(@ForAll @Size(max = 4096) byte[] bytes,
                                              @ForAll @IntRange(min = 1, max = 700) int piece) {
        yieldNothingOrANoiseError(bytes, piece);
    }

    /** Bytes not encrypted under the session's keys yield no plaintext, whatever their framing. */
    static void yieldNothingOrANoiseError(byte[] bytes, int piece) {
        byte[] out = readOrRefuse(sessions()[1], bytes, piece);
        assertTrue(out.length == 0, "random bytes decrypted to " + out.length + " bytes of plaintext");
    }

    @Property
    void aMutatedStreamYieldsOnlyAPrefixOfWhatWasSent(@ForAll @Size(min = 1, max = 6) byte[][] messages, @ForAll long seed,
                                                      @ForAll @IntRange(min = 1, max = 700) int piece) {
        NoiseSession[] pair = sessions();
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        byte[] cipher = new byte[NoiseFrames.MAX_MESSAGE];
        for (byte[] m : messages) {
            int n = pair[0].encrypt(m, 0, m.length, cipher, 0);
            wire.write(n >>> 8);
            wire.write(n);
            wire.write(cipher, 0, n);
            sent.writeBytes(m);
        }
        byte[] valid = wire.toByteArray();
        byte[] plain = sent.toByteArray();

        assertArrayEquals(plain, readOrRefuse(pair[1], valid, piece), "the unchanged stream decrypts whole");
        byte[] out = readOrRefuse(sessions()[1], Mutations.of(valid, seed), piece);
        assertArrayEquals(Arrays.copyOf(plain, Math.min(out.length, plain.length)), out, "only what was sent, in order");
    }

    /** A fresh dialer/listener session pair (new ephemeral keys each call): [0] encrypts for [1]. */
    static NoiseSession[] sessions() {
        NoiseHandshake dialer = NoiseHandshake.initiator(Ed25519.fromIndex(2), null);
        NoiseHandshake listener = NoiseHandshake.responder(Ed25519.fromIndex(1));
        listener.readMessage(dialer.writeMessage());
        dialer.readMessage(listener.writeMessage());
        listener.readMessage(dialer.writeMessage());
        return new NoiseSession[] {dialer.split(), listener.split()};
    }

    /** Feeds {@code bytes} in pieces; returns the plaintext delivered before the end or a refusal. */
    private static byte[] readOrRefuse(NoiseSession session, byte[] bytes, int piece) {
        EmbeddedChannel channel = new EmbeddedChannel(NoiseFrames.decoder(), new NoiseCodec(session));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            for (int at = 0; at < bytes.length; at += piece) {
                channel.writeInbound(Unpooled.wrappedBuffer(bytes, at, Math.min(piece, bytes.length - at)));
                ByteBuf plain;
                while ((plain = channel.readInbound()) != null) {
                    out.writeBytes(ByteBufUtil.getBytes(plain));
                    plain.release();
                }
            }
        } catch (NoiseException refused) {
            // the connection is closed and counted
        } catch (DecoderException e) {
            if (!(e.getCause() instanceof NoiseException)) throw e;
        } finally {
            channel.finishAndReleaseAll();
        }
        return out.toByteArray();
    }
}
