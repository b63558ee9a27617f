package io.gsnode.segmentation.ids;

/**
 * A gossipsub message-id function: what counts as a duplicate, and so what IHAVE, IWANT and
 * IDONTWANT name. Every node of a cell installs the same one (go: {@code pubsub.WithMessageIdFn}).
 * Implementations are pure and thread-safe.
 */
@FunctionalInterface
public interface MessageIdFunction {
    /** The id of a message with this topic and data (the encoded gossip bytes). Never null. */
    byte[] messageId(String topic, byte[] data);
}
