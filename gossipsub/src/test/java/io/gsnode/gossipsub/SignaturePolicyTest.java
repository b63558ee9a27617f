package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.TestNetwork.Node;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Signed messages flow between StrictSign nodes; StrictNoSign and StrictSign refuse each other's. */
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

    private static GossipConfig config(SignaturePolicy policy) {
        return new GossipConfig.Builder().heartbeatInterval(Duration.ofMillis(100)).signaturePolicy(policy).build();
    }
}
