package io.gsnode.transport.tcp.noise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The codecs of one thread share its scratch arrays: a relay that, inside one connection's read,
 * encrypts what it got onto a second connection (as the router does when it forwards) must leave
 * both streams intact.
 */
class NoiseCodecTest {

    @Test
    void aForwardInsideAReadOnTheSameThreadCorruptsNeitherConnection() {
        NoiseSession[] in = NoiseTransportFuzzTest.sessions();
        NoiseSession[] out = NoiseTransportFuzzTest.sessions();
        EmbeddedChannel outbound = new EmbeddedChannel(new NoiseCodec(out[0]));
        ByteArrayOutputStream relayed = new ByteArrayOutputStream();
        EmbeddedChannel inbound = new EmbeddedChannel(NoiseFrames.decoder(), new NoiseCodec(in[1]),
                new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        ByteBuf plain = (ByteBuf) msg;
                        relayed.writeBytes(ByteBufUtil.getBytes(plain));
                        outbound.writeOutbound(plain); // the codec releases it
                    }
                });
        byte[] payload = new byte[3 * NoiseSession.MAX_PLAINTEXT + 1234];
        new Random(7).nextBytes(payload);

        byte[] cipher = new byte[NoiseFrames.MAX_MESSAGE];
        for (int at = 0; at < payload.length; at += NoiseSession.MAX_PLAINTEXT) {
            int len = Math.min(NoiseSession.MAX_PLAINTEXT, payload.length - at);
            int n = in[0].encrypt(payload, at, len, cipher, 0);
            inbound.writeInbound(Unpooled.buffer(2 + n).writeShort(n).writeBytes(cipher, 0, n));
        }

        assertArrayEquals(payload, relayed.toByteArray(), "the first connection's plaintext");
        EmbeddedChannel far = new EmbeddedChannel(NoiseFrames.decoder(), new NoiseCodec(out[1]));
        ByteBuf frame;
        while ((frame = outbound.readOutbound()) != null) far.writeInbound(frame);
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        ByteBuf plain;
        while ((plain = far.readInbound()) != null) {
            received.writeBytes(ByteBufUtil.getBytes(plain));
            plain.release();
        }
        assertArrayEquals(payload, received.toByteArray(), "the second connection's stream, decrypted at its far end");
        assertFalse(inbound.finishAndReleaseAll() | outbound.finishAndReleaseAll() | far.finishAndReleaseAll(),
                "nothing left over in any pipeline");
    }
}
