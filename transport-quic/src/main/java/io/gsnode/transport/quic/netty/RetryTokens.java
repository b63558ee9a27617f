package io.gsnode.transport.quic.netty;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.quic.QuicTokenHandler;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Address validation of a QUIC listener by Retry (RFC 9000 §8.1.2), only while it is under load.
 *
 * <p>An Initial from a forged source address costs the listener a connection, a TLS engine and up
 * to three times the Initial's bytes sent to the forged address, until the handshake times out.
 * A Retry costs neither: it is one small stateless packet, and only a dialer that receives it at
 * its address can return the token it carries. While {@code underLoad} says no, Initials without a
 * token are accepted at once, as quic-go accepts them until its source-address check asks for
 * verification; a dialer then pays no extra round trip, so cells keep their handshake timing.
 *
 * <p>A token is {@code issued-at (8 bytes) | HMAC-SHA256 tag (16 bytes) | original destination
 * connection ID}, the tag over the issue time, the dialer's IP address and the connection ID under
 * a key drawn per listener. A token is good for {@link #LIFETIME} and only from the address it was
 * issued to; anything else is invalid, and netty drops the Initial that carried it. Tokens from
 * NEW_TOKEN frames of other servers are invalid here too (quiche never sends NEW_TOKEN, so no
 * dialer holds one of ours).
 *
 * <p>Netty calls this on the listener's event loop only; the MAC is still guarded, so that a
 * second caller could never interleave with the first.
 */
final class RetryTokens implements QuicTokenHandler {

    /** How long a dialer has to return a token: a round trip, even on a starved host (quic-go: 10 s). */
    static final Duration LIFETIME = Duration.ofSeconds(10);

    private static final int TIME_BYTES = Long.BYTES;
    private static final int TAG_BYTES = 16;
    private static final int ODCID_OFFSET = TIME_BYTES + TAG_BYTES;
    /** RFC 9000 §17.2: a connection ID is at most 20 bytes. */
    private static final int MAX_CONNECTION_ID = 20;

    private final BooleanSupplier underLoad;
    private final LongSupplier clockMillis;
    private final Mac mac;
    private final AtomicLong retries = new AtomicLong();

    /**
     * @param underLoad whether an Initial without a token is answered with a Retry now
     * @param clockMillis the current time in milliseconds (tests move it)
     */
    RetryTokens(BooleanSupplier underLoad, LongSupplier clockMillis) {
        this.underLoad = underLoad;
        this.clockMillis = clockMillis;
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        try {
            mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    /** Retry packets sent so far. */
    long retries() {
        return retries.get();
    }

    @Override
    public boolean writeToken(ByteBuf out, ByteBuf dcid, InetSocketAddress address) {
        if (!underLoad.getAsBoolean() || dcid.readableBytes() > MAX_CONNECTION_ID) return false;
        long issued = clockMillis.getAsLong();
        byte[] odcid = bytes(dcid, dcid.readerIndex(), dcid.readableBytes());
        out.writeLong(issued).writeBytes(tag(issued, address, odcid)).writeBytes(odcid);
        retries.incrementAndGet();
        return true;
    }

    @Override
    public int validateToken(ByteBuf token, InetSocketAddress address) {
        int length = token.readableBytes();
        if (length < ODCID_OFFSET || length > maxTokenLength()) return -1;
        int start = token.readerIndex();
        long issued = token.getLong(start);
        long age = clockMillis.getAsLong() - issued;
        if (age < 0 || age > LIFETIME.toMillis()) return -1;
        byte[] odcid = bytes(token, start + ODCID_OFFSET, length - ODCID_OFFSET);
        byte[] expected = tag(issued, address, odcid);
        // Constant time, so that the tag cannot be guessed a byte at a time.
        return MessageDigest.isEqual(expected, bytes(token, start + TIME_BYTES, TAG_BYTES)) ? ODCID_OFFSET : -1;
    }

    @Override
    public int maxTokenLength() {
        return ODCID_OFFSET + MAX_CONNECTION_ID;
    }

    private synchronized byte[] tag(long issued, InetSocketAddress address, byte[] odcid) {
        // The IP address only: a NAT may move the port between the Initial and the retried Initial.
        mac.update(ByteBuffer.allocate(TIME_BYTES).putLong(0, issued));
        mac.update(address.getAddress().getAddress());
        mac.update(odcid);
        byte[] full = mac.doFinal();
        byte[] tag = new byte[TAG_BYTES];
        System.arraycopy(full, 0, tag, 0, TAG_BYTES);
        return tag;
    }

    private static byte[] bytes(ByteBuf buf, int index, int length) {
        byte[] b = new byte[length];
        buf.getBytes(index, b);
        return b;
    }
}
