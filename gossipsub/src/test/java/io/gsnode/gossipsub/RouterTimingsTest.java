package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.stats.Histogram;
import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.PubMessage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The timings a record carries say where an answer's time went: an IWANT answered by a peer's
 * stalled stream shows the stall in the IWANT answer latency and in the outbound queueing, and
 * nowhere else; one answered at once shows nothing.
 */
class RouterTimingsTest {

    private static final long US_PER_MS = 1_000;

    private final RouterFixture f = new RouterFixture(RouterFixture.config().build());

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void aStalledStreamShowsInTheIWantAnswerAndTheOutboundQueueingOnly() {
        f.subscribe("t");
        ScriptedPeer source = f.connect().subscribe("t");
        ScriptedPeer asker = f.connect().subscribe("t");
        PubMessage m = RouterFixture.message("t", "held in the cache");
        source.publish(m);

        asker.control(ControlMessage.iwant(List.of(f.idOf(m).bytes())));
        Histogram.Summary idle = f.counters.iwantAnswerUs();
        assertEquals(1, idle.count());
        assertEquals(0, idle.max(), "answered at once on an idle loop");

        asker.stall();
        asker.control(ControlMessage.iwant(List.of(f.idOf(m).bytes())));
        f.loop.stall(Duration.ofMillis(600));
        asker.unstall();

        Histogram.Summary answers = f.counters.iwantAnswerUs();
        assertEquals(2, answers.count());
        assertWithinBucket(600 * US_PER_MS, answers.max(), "the stalled answer waited 600 ms");
        assertTrue(f.counters.outboundQueueingUs().max() >= 590 * US_PER_MS, "and the outbound queue says where");
        assertEquals(0, f.counters.taskLagUs().max(), "the router thread itself was never late");

        Map<String, Object> timings = f.counters.timings();
        assertEquals(List.of("router_task_lag_us", "inbound_queueing_us", "outbound_queueing_us", "outbound_backlog_bytes",
                "iwant_answer_us"), List.copyOf(timings.keySet()));
    }

    @Test
    void aBusyRouterThreadShowsAsTaskLag() {
        f.subscribe("t");
        // The first heartbeat is due 1 s after the start; the loop is busy until 1.25 s.
        f.loop.stall(Duration.ofMillis(1250));
        f.advance(Duration.ZERO);
        assertWithinBucket(250 * US_PER_MS, f.counters.taskLagUs().max(), "the heartbeat ran 250 ms after it was due");
    }

    private static void assertWithinBucket(long expected, long actual, String what) {
        assertTrue(actual <= expected && expected - actual <= expected / 64, what + ": " + actual + " us");
    }
}
