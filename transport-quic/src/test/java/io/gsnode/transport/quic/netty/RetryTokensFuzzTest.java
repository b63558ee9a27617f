package io.gsnode.transport.quic.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.libp2p.testing.Mutations;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.net.InetSocketAddress;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/**
 * A Retry token comes back from whoever sent an Initial: any bytes are refused (-1), never thrown
 * on and never accepted, except a token this listener issued, unchanged. Tries: -Djqwik.tries.
 */
class RetryTokensFuzzTest {

    static final long NOW = 1_800_000_000_000L;
    static final InetSocketAddress FROM = new InetSocketAddress("10.0.0.7", 4242);
    static final RetryTokens TOKENS = new RetryTokens(() -> true, () -> NOW);
    static final byte[] VALID;

    static {
        ByteBuf out = Unpooled.buffer();
        TOKENS.writeToken(out, Unpooled.wrappedBuffer(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}), FROM);
        VALID = new byte[out.readableBytes()];
        out.readBytes(VALID);
    }

    @Property
    void randomTokensAreRefused(@ForAll @Size(max = 256) byte[] token) {
        assertEquals(-1, validate(token));
    }

    @Property
    void anIssuedTokenWithBytesChangedIsRefused(@ForAll long seed) {
        byte[] changed = Mutations.of(VALID, seed);
        if (!java.util.Arrays.equals(changed, VALID)) assertEquals(-1, validate(changed));
    }

    /** What the listener answers for {@code token}: the connection id's offset, or -1. */
    static int validate(byte[] token) {
        return TOKENS.validateToken(Unpooled.wrappedBuffer(token), FROM);
    }
}
