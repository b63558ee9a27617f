package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.TestNetwork.Node;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.peer.PeerId;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Signed messages flow between StrictSign nodes; StrictNoSign and StrictSign refuse each other's;
 * LaxNoSign names the author without signing.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SignaturePolicyTest {

    @Test
    void strictSignDeliversSignedMessagesAndStrictNoSignRejectsThem() throws Exception {
        try (TestNetwork net = new TestNetwork()) {
            Node signer = net.add(0, config(SignaturePolicy.STRICT_SIGN));
            Node verifier = net.add(1, config(SignaturePolicy.STRICT_SIGN));
            Node unsigned = net.add(2, config(SignaturePolicy.STRICT_NO_SIGN));
            net.connect(signer, verifier);
            net.connect(signer, unsigned);
            for (Node n : net.nodes) n.subscribe("t");
            TestNetwork.await("mesh", () -> signer.router.meshPeers("t").join().size() == 2);
            PublishResult r = signer.router.publish("t", new byte[] {1, 2, 3}).get(5, TimeUnit.SECONDS);
            TestNetwork.await("the StrictSign peer verified and delivered it", () -> verifier.deliveredCount(r.id()) == 1);
            TestNetwork.await("the StrictNoSign peer rejected it", () -> unsigned.counters.rejected("signature_policy") == 1);
            assertEquals(0, unsigned.delivered.size());

            PublishResult plain = unsigned.router.publish("t", new byte[] {4, 5, 6}).get(5, TimeUnit.SECONDS);
            TestNetwork.await("the StrictSign peer rejected an unsigned message",
                    () -> signer.counters.rejected("signature_policy") == 1);
            assertEquals(0, signer.deliveredCount(plain.id()));
            assertTrue(verifier.counters.rejected().isEmpty(), verifier.counters.rejected().toString());
        }
    }

    @Test
    void laxNoSignNamesTheAuthorAndSignsNothingStrictNoSignNamesNoOne() {
        PrivKey key = Ed25519.fromIndex(4);
        PeerId self = PeerId.fromPubKey(key.publicKey());
        MessageSigner lax = new MessageSigner(SignaturePolicy.LAX_NO_SIGN, key, self, 41);
        PubMessage first = lax.author("t", new byte[] {1});
        PubMessage second = lax.author("t", new byte[] {2});
        assertArrayEquals(self.bytes(), first.from());
        assertArrayEquals(new byte[] {0, 0, 0, 0, 0, 0, 0, 41}, first.seqno());
        assertArrayEquals(new byte[] {0, 0, 0, 0, 0, 0, 0, 42}, second.seqno());
        assertNull(first.signature());
        assertNull(first.key());
        assertNull(lax.check(first), "accepted with author fields");
        assertNull(lax.check(PubMessage.unsigned("t", new byte[] {3})), "and without");

        PubMessage plain = new MessageSigner(SignaturePolicy.STRICT_NO_SIGN, key, self, 41).author("t", new byte[] {1});
        assertNull(plain.from());
        assertNull(plain.seqno());
    }

    private static GossipConfig config(SignaturePolicy policy) {
        return new GossipConfig.Builder().heartbeatInterval(Duration.ofMillis(100)).signaturePolicy(policy).build();
    }
}
