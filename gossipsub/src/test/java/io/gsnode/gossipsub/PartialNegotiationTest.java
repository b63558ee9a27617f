package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.partial.PartialExtension;
import io.gsnode.gossipsub.partial.PartialMessagesApplication;
import io.gsnode.gossipsub.partial.PartialMessagesExtension;
import io.gsnode.gossipsub.partial.PartialRouterServices;
import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.ControlMessage.Extensions;
import io.gsnode.gossipsub.rpc.PartialMessage;
import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.gossipsub.rpc.SubOpts;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.peer.PeerId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** v1.3: who advertises the partial-messages extension, and what follows from it. */
class PartialNegotiationTest {

    /** Records what the router hands the extension. */
    private static final class RecordingExtension implements PartialExtension {
        final List<PeerId> partials = new ArrayList<>();
        final List<String> peerExtensions = new ArrayList<>();

        @Override public boolean advertisesPartialMessages() { return true; }
        @Override public void attach(PartialRouterServices router) {}
        @Override public void onPartial(PeerId from, PartialMessage rpc) { partials.add(from); }

        @Override
        public void onPeerExtensions(PeerId peer, boolean partialMessages) {
            peerExtensions.add(peer + "=" + partialMessages);
        }
    }

    private static final PartialMessage PART = new PartialMessage("t", new byte[] {1}, new byte[] {2}, null);

    @Test
    void theHelloAdvertisesTheExtensionToV13PeersOnly() {
        try (RouterFixture f = new RouterFixture(RouterFixture.config().partialMessages(true).build())) {
            ScriptedPeer v13 = f.connect(Direction.INBOUND, RouterFixture.V1_3);
            ScriptedPeer v12 = f.connect(Direction.INBOUND, RouterFixture.V1_2);
            assertEquals(new Extensions(true), v13.received().get(0).control().extensions());
            assertNull(v12.received().get(0).control());
        }
    }

    @Test
    void withoutTheExtensionAV13HelloSaysSo() {
        try (RouterFixture f = new RouterFixture(RouterFixture.config().build())) {
            ScriptedPeer v13 = f.connect(Direction.INBOUND, RouterFixture.V1_3);
            assertEquals(new Extensions(false), v13.received().get(0).control().extensions());
        }
    }

    @Test
    void onlyAPeersFirstExtensionsCount() {
        RecordingExtension ext = new RecordingExtension();
        try (RouterFixture f = new RouterFixture(RouterFixture.config().build(), b -> b.extension(ext))) {
            ScriptedPeer p = f.connect(Direction.INBOUND, RouterFixture.V1_3);
            p.control(ControlMessage.extensions(new Extensions(true)));
            p.control(ControlMessage.extensions(new Extensions(false)));
            assertEquals(List.of(p.id + "=true"), ext.peerExtensions);
            assertEquals(1, f.counters.rejected("repeated_extensions"));
        }
    }

    @Test
    void aPartialRpcReachesTheExtensionOnlyWhenBothSidesAdvertisedIt() {
        RecordingExtension ext = new RecordingExtension();
        try (RouterFixture f = new RouterFixture(RouterFixture.config().build(), b -> b.extension(ext))) {
            ScriptedPeer p = f.connect(Direction.INBOUND, RouterFixture.V1_3);
            p.send(new Rpc(List.of(), List.of(), null, PART));
            assertEquals(1, f.counters.rejected("partial_without_extension"));
            assertEquals(List.of(), ext.partials);

            p.control(ControlMessage.extensions(new Extensions(true)));
            p.send(new Rpc(List.of(), List.of(), null, PART));
            assertEquals(List.of(p.id), ext.partials);
        }
        try (RouterFixture f = new RouterFixture(RouterFixture.config().build())) {
            ScriptedPeer p = f.connect(Direction.INBOUND, RouterFixture.V1_3);
            p.control(ControlMessage.extensions(new Extensions(true)));
            p.send(new Rpc(List.of(), List.of(), null, PART));
            assertEquals(1, f.counters.rejected("partial_without_extension"), "we did not advertise it");
        }
    }

    @Test
    void aPeerThatRequestsPartialMessagesGetsNoFullOnesWhereWeCanSendPartial() {
        RecordingExtension ext = new RecordingExtension();
        try (RouterFixture f = new RouterFixture(RouterFixture.config().build(), b -> b.extension(ext))) {
            f.subscribe("t", TopicOptions.REQUEST_PARTIAL, d -> {});
            ScriptedPeer partial = f.connect(Direction.INBOUND, RouterFixture.V1_3);
            partial.control(ControlMessage.extensions(new Extensions(true)));
            partial.send(new Rpc(List.of(new SubOpts(true, "t", true, true)), List.of(), null, null));
            partial.control(ControlMessage.graft("t"));
            ScriptedPeer full = f.connect(Direction.INBOUND, RouterFixture.V1_3).subscribe("t");
            full.control(ControlMessage.graft("t"));

            PublishResult r = f.publish("t", "whole".getBytes());
            assertEquals(1, r.pushed());
            assertEquals(1, full.publishes(x -> true));
            assertEquals(0, partial.publishes(x -> true));
        }
    }

    @Test
    void aTopicNotJoinedTakesPartialRpcsOnlyOnceWeSendPartialOnIt() {
        List<String> incoming = new ArrayList<>();
        PartialMessagesExtension<Object> ext = new PartialMessagesExtension<>(new PartialMessagesApplication<>() {
            @Override public Object newPeerState() { return new Object(); }
            @Override public void onIncoming(PeerId from, Map<PeerId, Object> states, PartialMessage rpc) { incoming.add(rpc.topic()); }
            @Override public void onEmitGossip(String topic, byte[] groupId, List<PeerId> peers, Map<PeerId, Object> states) {}
        });
        try (RouterFixture f = new RouterFixture(RouterFixture.config().build(), b -> b.extension(ext))) {
            ScriptedPeer p = f.connect(Direction.INBOUND, RouterFixture.V1_3);
            p.control(ControlMessage.extensions(new Extensions(true)));
            p.send(new Rpc(List.of(), List.of(), null, PART));
            assertEquals(List.of(), incoming);
            assertEquals(Map.of("topic_not_partial", 1L), ext.errors());

            long announced = p.received().stream().mapToLong(r -> r.subscriptions().size()).sum();
            f.router.sendPartialWithoutJoining("t");
            f.runPending();
            p.send(new Rpc(List.of(), List.of(), null, PART));
            assertEquals(List.of("t"), incoming);
            assertEquals(announced, p.received().stream().mapToLong(r -> r.subscriptions().size()).sum(),
                    "nothing announced: we did not join");
        }
    }

    @Test
    void joiningWithPartialMessagesNeedsTheExtension() {
        try (RouterFixture f = new RouterFixture(RouterFixture.config().build())) {
            CompletionException e = assertThrows(CompletionException.class,
                    () -> f.subscribe("t", TopicOptions.REQUEST_PARTIAL, d -> {}));
            assertTrue(e.getCause() instanceof IllegalStateException);
        }
    }
}
