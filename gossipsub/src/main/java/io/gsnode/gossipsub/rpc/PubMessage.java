package io.gsnode.gossipsub.rpc;

/**
 * A published message as it travels. Absent fields are null, not empty: StrictNoSign requires the
 * author fields to be absent from the wire, and an empty field is present.
 */
public record PubMessage(byte[] from, byte[] data, byte[] seqno, String topic, byte[] signature, byte[] key) {

    public static PubMessage unsigned(String topic, byte[] data) {
        return new PubMessage(null, data, null, topic, null, null);
    }

    public boolean hasAuthorFields() {
        return from != null || seqno != null || signature != null || key != null;
    }

    public PubMessage withSignature(byte[] signature, byte[] key) {
        return new PubMessage(from, data, seqno, topic, signature, key);
    }
}
