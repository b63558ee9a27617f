package io.gsnode.segmentation.ids;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.MessageIdFunction;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.segmentation.codec.GossipDecodeException;
import io.gsnode.segmentation.codec.GossipEncoding;
import io.gsnode.segmentation.codec.SegmentIdPrefix;
import java.util.Arrays;
import java.util.Optional;

/**
 * The structured message-id function of {@code SEGMENT_STRUCTURED_IDS=1} (docs/arms.md §3.7): a
 * 101-byte id, prefix (81 B) ‖ the 20-byte Prysm id of the same message, on the segment topics;
 * Prysm's 20-byte id everywhere else.
 *
 * <p>A message gets the structured id when its topic starts with the segment topic string and its
 * snappy-decoded body is SSZ offset 4 followed by a valid prefix (magic and version). Anything else
 * (another topic, no prefix, a wrong version, too short, undecodable) falls back to the plain Prysm
 * id rather than being rejected. The id is a hybrid, not a bare structural key, because gossipsub
 * deduplicates by id: a purely structural id would let one bad first copy poison the id for every
 * later honest one. The content half is over the decompressed data and the topic, so several snappy
 * encodings of one body cannot become several ids.
 *
 * <p>The body is decompressed once per call (the reference decompresses twice; same result).
 */
public final class StructuredMessageId implements MessageIdFunction {

    /** The router's form: the id of a message as it arrives. */
    @Override
    public MessageId apply(PubMessage message) {
        return MessageId.wrap(messageId(message.topic(), message.data()));
    }

    /** Id width in bytes: 81 + 20. */
    public static final int LENGTH = SegmentIdPrefix.LENGTH + PrysmMessageId.LENGTH;

    private final String segmentTopicPrefix;

    /** @param segmentTopicPrefix the segment topic string; topics starting with it get structured ids */
    public StructuredMessageId(String segmentTopicPrefix) {
        if (segmentTopicPrefix.isEmpty()) {
            throw new IllegalArgumentException("segment topic prefix must not be empty");
        }
        this.segmentTopicPrefix = segmentTopicPrefix;
    }

    /** The id of a message with this topic and data (the encoded gossip bytes). Never null. */
    public byte[] messageId(String topic, byte[] data) {
        if (!topic.startsWith(segmentTopicPrefix)) {
            return PrysmMessageId.INSTANCE.messageId(topic, data);
        }
        byte[] body;
        try {
            body = GossipEncoding.decodeBody(data);
        } catch (GossipDecodeException e) {
            return PrysmMessageId.ofUndecodable(topic, data);
        }
        byte[] contentId = PrysmMessageId.ofDecodedBody(topic, body);
        if (!GossipEncoding.hasSingleFieldOffset(body)) {
            return contentId;
        }
        Optional<SegmentIdPrefix> prefix = SegmentIdPrefix.parse(body, GossipEncoding.SSZ_FIELD_OFFSET,
                body.length - GossipEncoding.SSZ_FIELD_OFFSET);
        if (prefix.isEmpty()) {
            return contentId;
        }
        byte[] id = new byte[LENGTH];
        System.arraycopy(body, GossipEncoding.SSZ_FIELD_OFFSET, id, 0, SegmentIdPrefix.LENGTH);
        System.arraycopy(contentId, 0, id, SegmentIdPrefix.LENGTH, PrysmMessageId.LENGTH);
        return id;
    }

    /**
     * The structural claim of a structured id: present only for a 101-byte id with a valid prefix
     * (a 20-byte content id makes no claim). Policies such as the stop-pull gate use it to
     * recognise segment announcements (slot, block root, group, index).
     */
    public static Optional<SegmentIdPrefix> parse(byte[] messageId) {
        if (messageId.length != LENGTH) {
            return Optional.empty();
        }
        return SegmentIdPrefix.parse(messageId, 0, SegmentIdPrefix.LENGTH);
    }

    /** The 20-byte content half of a structured id (the Prysm id), or empty for any other id. */
    public static Optional<byte[]> contentId(byte[] messageId) {
        if (parse(messageId).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Arrays.copyOfRange(messageId, SegmentIdPrefix.LENGTH, LENGTH));
    }
}
