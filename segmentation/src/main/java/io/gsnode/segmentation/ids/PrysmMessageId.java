package io.gsnode.segmentation.ids;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.MessageIdFunction;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.segmentation.codec.GossipDecodeException;
import io.gsnode.segmentation.codec.GossipEncoding;
import io.gsnode.segmentation.codec.Sha256;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;

/**
 * Prysm's 20-byte gossip message id, post-Altair rule (docs/arms.md §3.8; consensus-specs Altair
 * p2p-interface "Topics and messages"):
 * {@code SHA-256(MESSAGE_DOMAIN_VALID_SNAPPY ‖ u64 LE len(topic) ‖ topic ‖ snappy_decompress(data))[:20]},
 * or, when the data does not decompress, {@code SHA-256(MESSAGE_DOMAIN_INVALID_SNAPPY ‖ u64 LE
 * len(topic) ‖ topic ‖ data)[:20]}. Decompression is bounded by Prysm's 10 MiB MaxPayloadSize.
 *
 * <p>Deviation: Prysm first maps the topic's fork digest to a fork and returns the constant
 * {@code "invalid"}-and-zeros id for a topic it cannot map (and uses the pre-Altair rule for a
 * pre-Altair digest). gsnode applies the post-Altair rule to every topic: the segment topics carry
 * the Fulu digest, where the two agree, and the id is never computed for a topic Prysm would not
 * resolve under Shadow.
 */
public final class PrysmMessageId implements MessageIdFunction {

    /** The router's form: the id of a message as it arrives. */
    @Override
    public MessageId apply(PubMessage message) {
        return MessageId.wrap(messageId(message.topic(), message.data()));
    }

    /** The shared instance; stateless. */
    public static final PrysmMessageId INSTANCE = new PrysmMessageId();
    /** Id width in bytes. */
    public static final int LENGTH = 20;
    /** consensus-specs MESSAGE_DOMAIN_VALID_SNAPPY. */
    static final byte[] DOMAIN_VALID_SNAPPY = {0x01, 0x00, 0x00, 0x00};
    /** consensus-specs MESSAGE_DOMAIN_INVALID_SNAPPY. */
    static final byte[] DOMAIN_INVALID_SNAPPY = {0x00, 0x00, 0x00, 0x00};

    private PrysmMessageId() {
    }

    /** The id of a message with this topic and data (the encoded gossip bytes). Never null. */
    public byte[] messageId(String topic, byte[] data) {
        byte[] body;
        try {
            body = GossipEncoding.decodeBody(data);
        } catch (GossipDecodeException e) {
            return ofUndecodable(topic, data);
        }
        return ofDecodedBody(topic, body);
    }

    /** The id of a message whose data decompressed to {@code body}. */
    static byte[] ofDecodedBody(String topic, byte[] body) {
        return digest(DOMAIN_VALID_SNAPPY, topic, body);
    }

    /** The id of a message whose data is not valid snappy. */
    static byte[] ofUndecodable(String topic, byte[] data) {
        byte[] topicBytes = topic.getBytes(StandardCharsets.UTF_8);
        long total = (long) DOMAIN_INVALID_SNAPPY.length + Long.BYTES + topicBytes.length + data.length;
        if (total > GossipEncoding.MAX_PAYLOAD_SIZE) {
            // go: postAltairMsgID, "this should never happen": a fixed id rather than hashing a huge buffer.
            return invalidId();
        }
        return digest(DOMAIN_INVALID_SNAPPY, topic, data);
    }

    private static byte[] digest(byte[] domain, String topic, byte[] content) {
        byte[] topicBytes = topic.getBytes(StandardCharsets.UTF_8);
        MessageDigest md = Sha256.newDigest();
        md.update(domain);
        md.update(ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(topicBytes.length).array());
        md.update(topicBytes);
        md.update(content);
        return Arrays.copyOf(md.digest(), LENGTH);
    }

    /** go: the 20-byte {@code "invalid"} followed by zeros that Prysm returns on impossible inputs. */
    static byte[] invalidId() {
        return Arrays.copyOf("invalid".getBytes(StandardCharsets.US_ASCII), LENGTH);
    }
}
