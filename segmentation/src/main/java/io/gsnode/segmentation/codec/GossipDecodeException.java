package io.gsnode.segmentation.codec;

/**
 * A gossip message body that is not valid snappy block data, decodes past the size limit, or is
 * not the single-field SSZ container of docs/arms.md §3.2. The message is malformed; the
 * connection that carried it is not at fault.
 */
public final class GossipDecodeException extends Exception {
    private static final long serialVersionUID = 1L;

    public GossipDecodeException(String message) {
        super(message);
    }

    public GossipDecodeException(String message, Throwable cause) {
        super(message, cause);
    }
}
