package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.libp2p.connection.Direction;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** v1.2 IDONTWANT, both ways: honoured for its heartbeats, and sent for large messages. */
class IDontWantTest {

    private final RouterFixture f = new RouterFixture(RouterFixture.config().build());
    private ScriptedPeer a;
    private ScriptedPeer b;
    private ScriptedPeer c;

    @BeforeEach
    void mesh() {
        f.subscribe("t");
        a = meshed(RouterFixture.V1_2);
        b = meshed(RouterFixture.V1_2);
        c = meshed(RouterFixture.V1_2);
    }

    @AfterEach
    void close() {
        f.close();
    }

    private ScriptedPeer meshed(String protocol) {
        ScriptedPeer p = f.connect(Direction.INBOUND, protocol).subscribe("t");
        p.control(ControlMessage.graft("t"));
        return p;
    }

    @Test
    void ourOwnLargePublishIsAnnouncedWithIDontWantAheadOfItsData() {
        byte[] large = new byte[f.config.idontwantThreshold()];
        MessageId id = f.publish("t", large).id();
        for (ScriptedPeer p : List.of(a, b, c)) {
            List<Rpc> got = p.received();
            int announced = indexOf(got, r -> r.control() != null && r.control().idontwant().stream()
                    .anyMatch(w -> w.messageIds().stream().anyMatch(raw -> java.util.Arrays.equals(raw, id.bytes()))));
            int data = indexOf(got, r -> r.publish().stream().anyMatch(m -> java.util.Arrays.equals(m.data(), large)));
            assertEquals(true, announced >= 0 && (data < 0 || announced < data), "IDONTWANT first: " + announced + " vs " + data);
        }
        f.publish("t", new byte[f.config.idontwantThreshold() - 1]);
        assertEquals(3, a.controls(ControlMessage::idontwant) + b.controls(ControlMessage::idontwant)
                + c.controls(ControlMessage::idontwant), "none for a message under the threshold");
    }

    private static int indexOf(List<Rpc> rpcs, java.util.function.Predicate<Rpc> p) {
        for (int i = 0; i < rpcs.size(); i++) {
            if (p.test(rpcs.get(i))) return i;
        }
        return -1;
    }

    @Test
    void noForwardToAPeerThatSentIDontWantForTheId() {
        PubMessage m = RouterFixture.message("t", "held by b");
        b.control(ControlMessage.idontwant(List.of(f.idOf(m).bytes())));
        a.publish(m);
        assertEquals(1, f.deliveredCount(f.idOf(m)));
        assertEquals(1, c.publishes(x -> true));
        assertEquals(0, b.publishes(x -> true));
        assertEquals(1, f.counters.idontwantSuppressed());
    }

    /**
     * Ids over 32 bytes (structured ids, or a peer's 64 KiB inventions) are remembered by their
     * SHA-256, as go does: one key of 33 bytes whatever the id's length, and still honoured.
     */
    @Test
    void longIdsAreRememberedByTheirChecksumAndStillHonoured() {
        MessageIdFunction longIds = m -> {
            byte[] id = new byte[64 * 1024];
            System.arraycopy(m.data(), 0, id, 0, Math.min(m.data().length, id.length));
            return MessageId.wrap(id);
        };
        try (RouterFixture g = new RouterFixture(RouterFixture.config().build(), r -> r.messageIds(longIds))) {
            g.subscribe("t");
            ScriptedPeer x = g.connect(Direction.INBOUND, RouterFixture.V1_2).subscribe("t");
            ScriptedPeer y = g.connect(Direction.INBOUND, RouterFixture.V1_2).subscribe("t");
            x.control(ControlMessage.graft("t"));
            y.control(ControlMessage.graft("t"));
            PubMessage m = RouterFixture.message("t", "a message with a 64 KiB id");
            y.control(ControlMessage.idontwant(List.of(longIds.apply(m).bytes())));
            x.publish(m);
            assertEquals(0, y.publishes(p -> true), "y's IDONTWANT for the 64 KiB id holds");
            assertEquals(1, g.counters.idontwantSuppressed());
        }
        MessageId longId = MessageId.wrap(new byte[64 * 1024]);
        assertEquals(33, longId.checksum().length());
        assertEquals(longId.checksum(), MessageId.wrap(new byte[64 * 1024]).checksum());
        MessageId shortId = MessageId.wrap(new byte[32]);
        assertEquals(shortId, shortId.checksum(), "32 bytes and under are kept as they are");
        assertEquals(33, MessageId.wrap(new byte[0]).checksum().length(), "the empty id is hashed, as in go");
    }

    @Test
    void theIDontWantLastsItsHeartbeatsAndNoLonger() {
        assertEquals(3, f.config.idontwantTtlHeartbeats());
        PubMessage early = RouterFixture.message("t", "within the ttl");
        PubMessage late = RouterFixture.message("t", "after the ttl");
        b.control(ControlMessage.idontwant(List.of(f.idOf(early).bytes(), f.idOf(late).bytes())));
        f.heartbeats(2);
        a.publish(early);
        assertEquals(0, b.publishes(x -> true));
        f.heartbeat();
        a.publish(late);
        assertEquals(1, b.publishes(x -> true));
    }

    @Test
    void onlyTheFirstMaxIDontWantLengthIdsOfAnIDontWantCount() {
        int max = f.config.maxIDontWantLength();
        List<PubMessage> ms = new ArrayList<>();
        List<byte[]> ids = new ArrayList<>();
        for (int i = 0; i <= max; i++) {
            PubMessage m = RouterFixture.message("t", "m" + i);
            ms.add(m);
            ids.add(f.idOf(m).bytes());
        }
        b.control(ControlMessage.idontwant(ids));
        assertEquals(1, f.counters.rejected("idontwant_ids_over_limit"));
        for (PubMessage m : ms) a.publish(m);
        assertEquals(1, b.publishes(x -> true), "only the id past the limit reaches b");
    }

    @Test
    void aLargeMessageIsAnnouncedWithIDontWantToTheOtherV12MeshPeers() {
        ScriptedPeer old = meshed(RouterFixture.V1_1);
        PubMessage big = PubMessage.unsigned("t", new byte[f.config.idontwantThreshold()]);
        PubMessage small = PubMessage.unsigned("t", new byte[f.config.idontwantThreshold() - 1]);
        a.publish(big);
        a.publish(small);
        byte[] id = f.idOf(big).bytes();
        for (ScriptedPeer p : List.of(b, c)) {
            assertEquals(1, p.controls(ControlMessage::idontwant), "one IDONTWANT, for the large message only");
            assertEquals(ByteBuffer.wrap(id), ByteBuffer.wrap(
                    p.received().stream().filter(r -> r.control() != null && !r.control().idontwant().isEmpty())
                            .findFirst().orElseThrow().control().idontwant().get(0).messageIds().get(0)));
        }
        assertEquals(0, a.controls(ControlMessage::idontwant), "not to the peer it came from");
        assertEquals(0, old.controls(ControlMessage::idontwant), "v1.1 knows no IDONTWANT");
    }
}
