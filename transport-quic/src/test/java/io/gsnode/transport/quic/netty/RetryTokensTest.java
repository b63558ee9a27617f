package io.gsnode.transport.quic.netty;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A Retry token is good only from the address it was issued to, unchanged, within its lifetime. */
class RetryTokensTest {

    private static final InetSocketAddress DIALER = new InetSocketAddress("10.0.0.7", 4001);
    private static final byte[] ODCID = {1, 2, 3, 4, 5, 6, 7, 8};

    private final AtomicBoolean underLoad = new AtomicBoolean(true);
    private final AtomicLong now = new AtomicLong(1_000_000);
    private final RetryTokens tokens = new RetryTokens(underLoad::get, now::get);

    private ByteBuf issue() {
        ByteBuf token = Unpooled.buffer(tokens.maxTokenLength());
        assertTrue(tokens.writeToken(token, Unpooled.wrappedBuffer(ODCID), DIALER));
        return token;
    }

    @Test
    void aReturnedTokenNamesTheOriginalConnectionId() {
        ByteBuf token = issue();
        int offset = tokens.validateToken(token, DIALER);
        assertTrue(offset > 0);
        byte[] odcid = new byte[token.readableBytes() - offset];
        token.getBytes(offset, odcid);
        assertArrayEquals(ODCID, odcid);
        assertEquals(1, tokens.retries());
        now.addAndGet(RetryTokens.LIFETIME.toMillis());
        assertEquals(offset, tokens.validateToken(token, DIALER), "still good at the end of its lifetime");
    }

    @Test
    void noRetryWhileNotUnderLoad() {
        underLoad.set(false);
        ByteBuf token = Unpooled.buffer(tokens.maxTokenLength());
        assertFalse(tokens.writeToken(token, Unpooled.wrappedBuffer(ODCID), DIALER));
        assertEquals(0, token.readableBytes());
        assertEquals(0, tokens.retries());
    }

    @Test
    void anotherAddressMayNotUseIt() {
        assertEquals(-1, tokens.validateToken(issue(), new InetSocketAddress("10.0.0.8", 4001)));
    }

    @Test
    void theSameAddressFromAnotherPortMay() {
        // A NAT may move the port between the two Initials; the address is what Retry proves.
        assertTrue(tokens.validateToken(issue(), new InetSocketAddress("10.0.0.7", 4002)) > 0);
    }

    @Test
    void anExpiredTokenIsRefused() {
        ByteBuf token = issue();
        now.addAndGet(RetryTokens.LIFETIME.toMillis() + 1);
        assertEquals(-1, tokens.validateToken(token, DIALER));
    }

    @Test
    void aTokenFromTheFutureIsRefused() {
        ByteBuf token = issue();
        now.addAndGet(-1);
        assertEquals(-1, tokens.validateToken(token, DIALER));
    }

    @Test
    void everyChangedByteIsNoticed() {
        ByteBuf token = issue();
        for (int i = 0; i < token.readableBytes(); i++) {
            ByteBuf changed = token.copy();
            changed.setByte(i, changed.getByte(i) ^ 0x01);
            assertEquals(-1, tokens.validateToken(changed, DIALER), "byte " + i + " changed");
        }
        assertEquals(-1, tokens.validateToken(token.copy(0, token.readableBytes() - 1), DIALER), "truncated");
    }

    @Test
    void anotherListenersTokenIsRefused() {
        RetryTokens other = new RetryTokens(() -> true, now::get);
        assertEquals(-1, other.validateToken(issue(), DIALER), "each listener draws its own key");
    }

    @Test
    void tokensOfAnyOtherShapeAreRefused() {
        assertEquals(-1, tokens.validateToken(Unpooled.EMPTY_BUFFER, DIALER));
        assertEquals(-1, tokens.validateToken(Unpooled.wrappedBuffer(new byte[23]), DIALER));
        assertEquals(-1, tokens.validateToken(Unpooled.wrappedBuffer(new byte[tokens.maxTokenLength() + 1]), DIALER));
    }
}
