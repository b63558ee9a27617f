package io.gsnode.segmentation.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.policy.ForwardingPolicy.ForwardPlan;
import io.gsnode.gossipsub.policy.ForwardingPolicy.ForwardRequest;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.peer.PeerId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The policies' state machines on a manual clock (nanoseconds as plain numbers), both sides of
 * each boundary: the discipline window, the offer lifetime and bounds, the promise deadline and
 * the park's expiry.
 */
class PolicyStateTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final MessageId X = MessageId.ofHex("01");
    private static final MessageId Y = MessageId.ofHex("02");

    @Test
    void disciplineRefusesASecondAskUntilTheFirstIsAWindowOld() {
        IWantDiscipline d = new IWantDiscipline(200 * MS);
        long t0 = 1_000 * MS;
        assertTrue(d.tryAsk(X, t0));
        assertFalse(d.tryAsk(X, t0 + 199 * MS));
        assertTrue(d.tryAsk(Y, t0 + 199 * MS), "the window is per id");
        assertTrue(d.tryAsk(X, t0 + 200 * MS));
        assertTrue(d.inFlight(X, t0 + 399 * MS));
        assertFalse(d.inFlight(X, t0 + 400 * MS));
    }

    @Test
    void disciplineSweepForgetsOnlyAgedAsksAndRefundNeedsTheCurrentAsk() {
        IWantDiscipline d = new IWantDiscipline(200 * MS);
        d.tryAsk(X, 0);
        d.tryAsk(Y, 100 * MS);
        d.sweep(250 * MS);
        assertEquals(1, d.size());
        assertFalse(d.refund(Y, 99 * MS), "a superseded ask refunds nothing");
        assertTrue(d.refund(Y, 100 * MS));
        assertTrue(d.tryAsk(Y, 101 * MS));
    }

    @Test
    void offerTablePicksTheFirstUntriedAnnouncerInPeerOrderThenTheLeastRecentlyTried() {
        OfferTable t = new OfferTable();
        List<PeerId> p = sortedPeers(3);
        for (PeerId peer : p) t.record(peer, X, "t", 0);
        t.markTried(X, p.get(0), 10);
        assertEquals(Optional.of(p.get(1)), t.pick(X, peer -> true));
        t.markTried(X, p.get(1), 20);
        t.markTried(X, p.get(2), 5);
        assertEquals(Optional.of(p.get(2)), t.pick(X, peer -> true), "all tried: the least recently tried");
        assertEquals(Optional.of(p.get(0)), t.pick(X, peer -> !peer.equals(p.get(2))));
        assertEquals(Optional.empty(), t.pick(Y, peer -> true));
        assertEquals("t", t.topic(X));
    }

    @Test
    void offerTableBoundsAnnouncersPerIdAndOffersPerPeer() {
        OfferTable t = new OfferTable();
        List<PeerId> p = sortedPeers(OfferTable.MAX_ANNOUNCERS_PER_ID + 1);
        for (PeerId peer : p) t.record(peer, X, "t", 0);
        assertEquals(OfferTable.MAX_ANNOUNCERS_PER_ID, t.announcers(X));
        assertEquals(0, t.offersBy(p.get(OfferTable.MAX_ANNOUNCERS_PER_ID)), "the 17th announcer is not recorded");
        PeerId flooder = p.get(0);
        for (int i = 0; i < OfferTable.MAX_OFFERS_PER_PEER + 10; i++) {
            t.record(flooder, MessageId.wrap(new byte[] {9, (byte) i, (byte) (i >> 8)}), "t", 0);
        }
        assertEquals(OfferTable.MAX_OFFERS_PER_PEER, t.offersBy(flooder));
    }

    @Test
    void offersAgeOutAfterThirtySecondsAndDeliveryClearsThem() {
        OfferTable t = new OfferTable();
        List<PeerId> p = sortedPeers(2);
        t.record(p.get(0), X, "t", 0);
        t.record(p.get(1), X, "t", 10 * MS);
        t.sweep(OfferTable.OFFER_TTL_NANOS - 1);
        assertEquals(2, t.announcers(X));
        t.sweep(OfferTable.OFFER_TTL_NANOS);
        assertEquals(1, t.announcers(X));
        assertEquals(0, t.offersBy(p.get(0)));
        t.clear(X);
        assertFalse(t.hasOffers(X));
        assertEquals(0, t.offersBy(p.get(1)));
    }

    @Test
    void brokenPromiseParksAtKBreaksUntilTheTtl() {
        CommitmentPark park = new CommitmentPark(new DisciplineConfig.ParkConfig(2, Duration.ofMillis(400), Duration.ofSeconds(30)));
        PeerId peer = sortedPeers(1).get(0);
        park.open(X, peer, 0);
        assertTrue(park.due(X, peer, 0, 400 * MS));
        assertFalse(park.parked(peer, 400 * MS), "one break of k = 2");
        park.open(Y, peer, 500 * MS);
        assertTrue(park.due(Y, peer, 500 * MS, 900 * MS));
        assertTrue(park.parked(peer, 900 * MS));
        assertTrue(park.parked(peer, 900 * MS + TimeUnit.SECONDS.toNanos(30)));
        assertFalse(park.parked(peer, 900 * MS + TimeUnit.SECONDS.toNanos(30) + 1));
        assertEquals(2, park.brokenPromises());
        assertEquals(1, park.parks());
    }

    @Test
    void deliveryAbsolvesAndANewerAskSupersedesAPromise() {
        CommitmentPark park = new CommitmentPark(new DisciplineConfig.ParkConfig(1, Duration.ofMillis(400), Duration.ofSeconds(30)));
        PeerId peer = sortedPeers(1).get(0);
        park.open(X, peer, 0);
        park.absolve(X);
        assertFalse(park.due(X, peer, 0, 400 * MS));
        park.open(Y, peer, 0);
        park.open(Y, peer, 300 * MS);
        assertFalse(park.due(Y, peer, 0, 400 * MS), "the older ask's deadline judges nothing");
        assertTrue(park.due(Y, peer, 300 * MS, 700 * MS));
        assertEquals(0, park.openPromises());
    }

    @Test
    void phasePlanPushesToTheTopOfTheRankingWithinTheDecayedBudget() {
        List<PeerId> candidates = sortedPeers(6);
        PhaseForwarding phase = new PhaseForwarding(2, false);
        List<PeerId> ranked = RendezvousRank.ranked(X, candidates);
        for (int holders = 0; holders <= 3; holders++) {
            ForwardPlan plan = phase.plan(new ForwardRequest(X, "t", candidates, holders, false));
            int budget = Math.max(0, 2 - holders);
            assertEquals(ranked.subList(0, budget), plan.push(), "holders " + holders);
            assertEquals(ranked.subList(budget, 6), plan.announce(), "holders " + holders);
        }
        ForwardPlan few = phase.plan(new ForwardRequest(X, "t", candidates.subList(0, 2), 0, true));
        assertEquals(candidates.subList(0, 2), few.push(), "budget covers every candidate: push to all");
        assertEquals(List.of(), few.announce());
        ForwardPlan fixed = new PhaseForwarding(2, true).plan(new ForwardRequest(X, "t", candidates, 5, false));
        assertEquals(2, fixed.push().size(), "a fixed budget ignores the holders");
        assertEquals(5, phase.counters().get("phase_plans"));
    }

    private static List<PeerId> sortedPeers(int n) {
        List<PeerId> peers = new ArrayList<>();
        for (int i = 0; i < n; i++) peers.add(PeerId.fromPubKey(Ed25519.fromIndex(100 + i).publicKey()));
        peers.sort(null);
        return peers;
    }
}
