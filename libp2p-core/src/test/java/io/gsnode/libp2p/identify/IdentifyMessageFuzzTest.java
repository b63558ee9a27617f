package io.gsnode.libp2p.identify;

import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.testing.Mutations;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/**
 * Identify answers are remote bytes: whatever arrives either decodes or is refused as malformed
 * (IllegalArgumentException and its kinds), never another exception. Tries: -Djqwik.tries.
 */
class IdentifyMessageFuzzTest {

    static final byte[] VALID = new IdentifyMessage(IdentifyMessage.PROTOCOL_VERSION, "gsnode/0.1.0",
            Ed25519.fromIndex(3).publicKey(), List.of(Multiaddr.parse("/ip4/10.0.0.1/tcp/9000")),
            Multiaddr.parse("/ip4/10.0.0.2/udp/9000/quic-v1"), List.of("/ipfs/id/1.0.0", "/meshsub/1.2.0")).encode();

    @Property
    void randomBytesDecodeOrAreRefused(@ForAll @Size(max = 512) byte[] bytes) {
        decodeOrRefuse(bytes);
    }

    @Property
    void aValidAnswerWithBytesChangedDecodesOrIsRefused(@ForAll long seed) {
        decodeOrRefuse(Mutations.of(VALID, seed));
    }

    static void decodeOrRefuse(byte[] bytes) {
        try {
            IdentifyMessage.decode(bytes);
        } catch (IllegalArgumentException refused) {
            // malformed protobuf, key or address: what the caller counts and closes on
        }
    }
}
