package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.gossipsub.trace.CopyKind;
import io.gsnode.gossipsub.trace.RouterTracer;
import io.gsnode.libp2p.peer.PeerId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a node's timeline is built from: each copy's push or IWANT answer with the instants it was
 * queued, handed to the stream and taken by it (a stalled stream shows between the last two), each
 * first arrival at the instant its RPC was decoded, and each heartbeat's instant.
 */
class CopyTimelineTest {

    private record Copy(PeerId to, MessageId id, CopyKind kind, long queued, long started, long done) {}

    private final List<Copy> copies = new ArrayList<>();
    private final List<Long> heartbeats = new ArrayList<>();
    private final List<Long> arrivals = new ArrayList<>();
    // No flood publish: the asker, outside the mesh, gets the message only by asking.
    private final RouterFixture f = new RouterFixture(RouterFixture.config().floodPublish(false).build(), b -> b.tracer(new RouterTracer() {
        @Override
        public void copyWritten(PeerId to, MessageId id, String topic, CopyKind kind, long queued, long start, long done) {
            copies.add(new Copy(to, id, kind, queued, start, done));
        }

        @Override
        public void heartbeat(long nanos) {
            heartbeats.add(nanos);
        }

        @Override
        public void arrived(PeerId from, MessageId id, String topic, long nanos) {
            arrivals.add(nanos);
        }
    }));

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void pushesAndAnswersAreTimedFromQueueToStream() {
        f.subscribe("t");
        ScriptedPeer fast = f.connect().subscribe("t");
        ScriptedPeer slow = f.connect().subscribe("t");
        fast.control(ControlMessage.graft("t"));
        slow.control(ControlMessage.graft("t"));
        ScriptedPeer asker = f.connect().subscribe("t");

        slow.stall();
        long publishedAt = now();
        // Below the IDONTWANT threshold: the copy is the first frame each stream gets.
        PublishResult r = f.publish("t", new byte[100]);
        f.advance(Duration.ofMillis(40));
        slow.unstall();
        f.runPending();

        assertEquals(2, copies.size(), "one push per mesh peer: " + copies);
        Copy toFast = copyTo(fast.id());
        assertEquals(new Copy(fast.id(), r.id(), CopyKind.PUSH, publishedAt, publishedAt, publishedAt), toFast,
                "the idle stream took the copy at once");
        Copy toSlow = copyTo(slow.id());
        assertEquals(publishedAt, toSlow.queued());
        assertEquals(publishedAt, toSlow.started(), "handed to the stalled stream at once");
        assertEquals(publishedAt + Duration.ofMillis(40).toNanos(), toSlow.done(), "taken when the stream moved again");

        long askedAt = now();
        asker.control(ControlMessage.iwant(List.of(r.id().bytes())));
        assertEquals(new Copy(asker.id(), r.id(), CopyKind.IWANT, askedAt, askedAt, askedAt), copies.get(2));
    }

    @Test
    void firstArrivalsAndHeartbeatsCarryTheirInstants() {
        f.subscribe("t");
        ScriptedPeer source = f.connect().subscribe("t");
        f.heartbeat();
        long firstHeartbeat = heartbeats.get(heartbeats.size() - 1);
        assertEquals(Duration.ofSeconds(1).toNanos(), firstHeartbeat - (now() - f.elapsed().toNanos()),
                "the first heartbeat is 1 s after the start");

        f.advance(Duration.ofMillis(250));
        long sentAt = now();
        PubMessage m = RouterFixture.message("t", "first");
        source.publish(m);
        source.publish(m);
        assertEquals(List.of(sentAt), arrivals, "one first arrival, at the instant it was decoded");
    }

    private Copy copyTo(PeerId peer) {
        return copies.stream().filter(c -> c.to().equals(peer)).findFirst().orElseThrow();
    }

    private long now() {
        return f.loop.now();
    }
}
