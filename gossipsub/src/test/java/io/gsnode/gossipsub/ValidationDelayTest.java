package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.gossipsub.trace.RouterTracer;
import io.gsnode.libp2p.peer.PeerId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A topic's validation delay holds a first-seen message on a timer before validation: its arrival
 * and its IDONTWANT happen at once, its delivery and forwarding only when the delay has passed,
 * copies arriving meanwhile are duplicates, and other topics are not held.
 */
class ValidationDelayTest {

    private final List<String> events = new ArrayList<>();
    private final RouterFixture f = new RouterFixture(RouterFixture.config().build(), b -> b
            .validationDelay(topic -> topic.equals("slow") ? Duration.ofMillis(5) : Duration.ZERO)
            .tracer(new RouterTracer() {
                @Override
                public void arrived(PeerId from, MessageId id, String topic, long nanos) {
                    events.add("arrived " + topic);
                }

                @Override
                public void duplicate(PeerId from, MessageId id, String topic) {
                    events.add("duplicate " + topic);
                }

                @Override
                public void delivered(PeerId from, MessageId id, String topic, int dataBytes) {
                    events.add("delivered " + topic);
                }
            }));
    private ScriptedPeer a;
    private ScriptedPeer b;
    private ScriptedPeer c;

    @BeforeEach
    void mesh() {
        for (String topic : List.of("slow", "fast")) f.subscribe(topic);
        a = meshed();
        b = meshed();
        c = meshed();
    }

    @AfterEach
    void close() {
        f.close();
    }

    private ScriptedPeer meshed() {
        ScriptedPeer p = f.connect().subscribe("slow").subscribe("fast");
        p.control(ControlMessage.graft("slow"));
        p.control(ControlMessage.graft("fast"));
        return p;
    }

    @Test
    void aMessageIsValidatedDeliveredAndForwardedOnlyAfterItsTopicsDelay() {
        PubMessage m = PubMessage.unsigned("slow", new byte[2048]);
        a.publish(m);
        assertEquals(List.of("arrived slow"), events);
        assertEquals(1, c.controls(ControlMessage::idontwant), "IDONTWANT goes out on arrival, before validation");
        assertEquals(0, f.deliveredCount(f.idOf(m)));
        assertEquals(0, c.publishes(x -> true));

        b.publish(m);
        assertEquals(List.of("arrived slow", "duplicate slow"), events, "a copy during the delay is a duplicate");

        f.advance(Duration.ofNanos(4_999_999));
        assertEquals(0, f.deliveredCount(f.idOf(m)), "not before the delay");
        f.advance(Duration.ofNanos(1));
        assertEquals(List.of("arrived slow", "duplicate slow", "delivered slow"), events);
        assertEquals(1, f.deliveredCount(f.idOf(m)));
        assertEquals(1, c.publishes(x -> true), "forwarded once validated");
    }

    @Test
    void aTopicWithoutDelayIsValidatedAtOnce() {
        PubMessage m = PubMessage.unsigned("fast", new byte[16]);
        a.publish(m);
        assertEquals(List.of("arrived fast", "delivered fast"), events);
        assertEquals(1, c.publishes(x -> true));
    }
}
