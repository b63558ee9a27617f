package io.gsnode.segmentation.arm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.SignaturePolicy;
import io.gsnode.gossipsub.trace.GossipCounters;
import io.gsnode.segmentation.testnet.InProcessCell;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Under the cells' signature policy (LaxNoSign) the publisher's messages name it as their author,
 * so no relay pushes or announces them back to it: in a 3-node cell, where each relay gets some
 * segments only through the other relay, the publisher receives no duplicate and no IHAVE.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PublisherAuthorFilterTest {

    private static final GossipConfig BASE = new GossipConfig.Builder().heartbeatInterval(Duration.ofMillis(100))
            .signaturePolicy(SignaturePolicy.LAX_NO_SIGN).build();

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"atuned_32k", "wholend"})
    void thePublisherGetsNothingOfItsOwnBack(String name) throws Exception {
        try (InProcessCell cell = new InProcessCell(ArmCatalogue.get(name), 3, 256 * 1024, 7, InProcessCell.circulant(3, 1), BASE)) {
            cell.awaitMeshes();
            cell.publish();
            cell.awaitCompletion();
            awaitQuiet(cell);
            GossipCounters publisher = cell.nodes().get(0).router().counters;
            assertEquals(0, publisher.duplicates(), "duplicates at the publisher");
            assertEquals(0, publisher.received().ihave(), "IHAVE ids at the publisher");
            assertEquals(0, publisher.received().publish(), "messages pushed to the publisher");
            if (name.equals("atuned_32k")) {
                // Not vacuous: the relays passed segments on to each other, so each had the
                // publisher as a candidate for some. (The whole message may reach both relays
                // before either forwards it, when their IDONTWANTs cross: no such check there.)
                long relayed = cell.nodes().get(1).router().counters.sent().publish() + cell.nodes().get(2).router().counters.sent().publish();
                assertTrue(relayed > 0, "the relays forwarded segments to each other");
            }
        }
    }

    /** Waits until no node has sent anything for 500 ms: whatever a relay would send back has arrived. */
    private static void awaitQuiet(InProcessCell cell) throws InterruptedException {
        long last = -1;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            long sent = 0;
            for (InProcessCell.Node node : cell.nodes()) sent += node.router().counters.sent().frameBytes();
            if (sent == last) return;
            last = sent;
            Thread.sleep(500);
        }
        throw new AssertionError("the cell kept sending for 20 s");
    }
}
