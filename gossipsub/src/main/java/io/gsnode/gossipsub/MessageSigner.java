package io.gsnode.gossipsub;

import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.gossipsub.rpc.RpcEncoder;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.crypto.PubKey;
import io.gsnode.libp2p.peer.PeerId;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Authors and checks messages under the signature policy (docs/wire.md §7.4). StrictSign and
 * LaxNoSign set from and seqno (an 8-byte big-endian counter); StrictSign also signs
 * {@code "libp2p-pubsub:" ‖ protobuf(message without signature and key)}.
 */
final class MessageSigner {

    private static final byte[] PREFIX = "libp2p-pubsub:".getBytes(StandardCharsets.US_ASCII);

    private final SignaturePolicy policy;
    private final PrivKey key;
    private final PeerId self;
    private long seqno;

    MessageSigner(SignaturePolicy policy, PrivKey key, PeerId self, long firstSeqno) {
        this.policy = policy;
        this.key = key;
        this.self = self;
        this.seqno = firstSeqno;
    }

    PubMessage author(String topic, byte[] data) {
        if (policy == SignaturePolicy.STRICT_NO_SIGN) {
            return PubMessage.unsigned(topic, data);
        }
        byte[] seq = ByteBuffer.allocate(8).putLong(seqno++).array();
        PubMessage unsigned = new PubMessage(self.bytes(), data, seq, topic, null, null);
        // go's LaxNoSign sets the author fields and only leaves the signature out; relays then
        // never send a message back to its author (the filter of docs/arms.md §5.4 needs from).
        if (policy == SignaturePolicy.LAX_NO_SIGN) return unsigned;
        byte[] signature = key.sign(signedBytes(unsigned));
        // Ed25519 peer ids inline the key; other key types must ship it.
        byte[] keyField = self.publicKey().isPresent() ? null : key.publicKey().bytes();
        return unsigned.withSignature(signature, keyField);
    }

    /** Null when the message is acceptable, else the reason to reject it. */
    String check(PubMessage m) {
        switch (policy) {
            case STRICT_NO_SIGN:
                return m.hasAuthorFields() ? "author fields under strict-no-sign" : null;
            case LAX_NO_SIGN:
                return null;
            default:
                return verify(m);
        }
    }

    private static String verify(PubMessage m) {
        if (m.from() == null || m.seqno() == null || m.signature() == null) {
            return "unsigned message under strict-sign";
        }
        PeerId author;
        try {
            author = PeerId.fromBytes(m.from());
        } catch (IllegalArgumentException e) {
            return "bad author peer id";
        }
        PubKey pub;
        try {
            pub = m.key() != null ? PubKey.unmarshal(m.key()) : author.publicKey().orElse(null);
        } catch (RuntimeException e) {
            return "bad author key";
        }
        if (pub == null || !author.matches(pub)) {
            return "author key does not match its peer id";
        }
        PubMessage unsigned = new PubMessage(m.from(), m.data(), m.seqno(), m.topic(), null, null);
        return pub.verify(signedBytes(unsigned), m.signature()) ? null : "bad signature";
    }

    private static byte[] signedBytes(PubMessage unsigned) {
        byte[] body = RpcEncoder.encodeMessage(unsigned);
        byte[] out = Arrays.copyOf(PREFIX, PREFIX.length + body.length);
        System.arraycopy(body, 0, out, PREFIX.length, body.length);
        return out;
    }
}
