package io.gsnode.segmentation.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.MessageIdFunction;
import io.gsnode.gossipsub.PublishResult;
import io.gsnode.gossipsub.RouterFixture;
import io.gsnode.gossipsub.ScriptedPeer;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.libp2p.peer.PeerId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A router under phase forwarding at r = 2, with six scripted mesh peers (docs/arms.md §6.1):
 * it pushes a message to at most max(0, r − holders) of them, chosen by the rendezvous ranking,
 * and sends every other non-holder one single-id IHAVE; holders and the source get nothing.
 */
class PhaseForwardingTest {

    private static final String TOPIC = "phase-test";
    private static final long SEED = 0x9a5e;
    private final SplittableRandom random = new SplittableRandom(SEED);
    private final PhaseForwarding phase = new PhaseForwarding(2, false);
    private final List<ScriptedPeer> peers = new ArrayList<>();
    private RouterFixture router;

    @BeforeEach
    void start() {
        router = new RouterFixture(RouterFixture.config().maxIHaveMessages(4096).build(), b -> b.forwarding(phase));
        router.subscribe(TOPIC);
        for (int i = 1; i <= 6; i++) peers.add(router.connect().join(TOPIC));
    }

    @AfterEach
    void stop() {
        router.close();
    }

    @ParameterizedTest(name = "{0} holders")
    @ValueSource(ints = {0, 1, 2, 3})
    void relayPushesToAtMostRMinusHoldersAndAnnouncesToTheRest(int holderCount) {
        byte[] data = randomData(2048);
        MessageId id = idOf(data);
        ScriptedPeer source = peers.get(0);
        List<ScriptedPeer> holders = peers.subList(1, 1 + holderCount);
        for (ScriptedPeer h : holders) h.idontwant(id);
        source.publish(TOPIC, data);

        // The plan, as the router computes it: candidates are the mesh minus the holders (the source
        // included, §6.1 step 5), ranked, the top max(0, 2 - holders) pushed; the source is dropped after.
        List<PeerId> candidates = new ArrayList<>();
        for (ScriptedPeer p : peers) if (!holders.contains(p)) candidates.add(p.id());
        List<PeerId> ranked = RendezvousRank.ranked(id, candidates);
        int budget = Math.max(0, 2 - holderCount);
        Set<PeerId> expectPush = ranked.subList(0, budget).stream().filter(p -> !p.equals(source.id())).collect(Collectors.toSet());
        Set<PeerId> expectAnnounce = ranked.subList(budget, ranked.size()).stream()
                .filter(p -> !p.equals(source.id())).collect(Collectors.toSet());

        for (ScriptedPeer p : peers) {
            if (p == source || holders.contains(p)) continue;
            assertTrue(p.messages(data) + p.ihaves(id) > 0, p.id() + " gets the message or its IHAVE");
        }

        Set<PeerId> pushed = new HashSet<>(), announced = new HashSet<>();
        for (ScriptedPeer p : peers) {
            if (p.messages(data) > 0) pushed.add(p.id());
            if (p.ihaves(id) > 0) announced.add(p.id());
            assertTrue(p.messages(data) <= 1 && p.ihaves(id) <= 1, p.id() + " got one copy or one IHAVE at most");
            assertTrue(p.ihavesOfAreSingleId(id), "immediate IHAVEs carry a single id");
        }
        assertTrue(pushed.size() <= budget, "pushed to " + pushed.size() + " > max(0, r - holders) = " + budget);
        assertEquals(expectPush, pushed, "push set (seed " + SEED + ")");
        assertEquals(expectAnnounce, announced, "announce set (seed " + SEED + ")");
        for (ScriptedPeer h : holders) {
            assertEquals(0, h.messages(data) + h.ihaves(id), "a holder is neither pushed to nor announced to");
        }
        assertEquals(0, source.messages(data) + source.ihaves(id), "the source is neither pushed to nor announced to");
    }

    @Test
    void publisherSeesNoHoldersSoPushesToRAndAnnouncesToEveryOtherMeshPeer() {
        byte[] data = randomData(4096);
        MessageId id = idOf(data);
        PublishResult result = router.publish(TOPIC, data);
        assertEquals(2, result.pushed());
        assertEquals(4, result.announced());
        List<PeerId> ranked = RendezvousRank.ranked(id, peers.stream().map(ScriptedPeer::id).toList());
        for (ScriptedPeer p : peers) {
            boolean top = ranked.indexOf(p.id()) < 2;
            assertEquals(top ? 1 : 0, p.messages(data), p.id() + " pushed iff ranked in the top 2");
            assertEquals(top ? 0 : 1, p.ihaves(id), p.id() + " announced iff not pushed");
        }
        assertEquals(6L, phase.counters().get("phase_push_slots") + phase.counters().get("phase_ihave_slots"));
    }

    private byte[] randomData(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) random.nextInt();
        return b;
    }

    private static MessageId idOf(byte[] data) {
        return MessageIdFunction.SHA256_PREFIX_20.apply(PubMessage.unsigned(TOPIC, data));
    }
}
