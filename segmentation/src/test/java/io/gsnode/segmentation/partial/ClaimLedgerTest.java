package io.gsnode.segmentation.partial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.peer.PeerId;
import java.util.BitSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The claim ledger of docs/arms.md §8.5 on an explicit clock: budget and per-peer cap, strikes
 * and their TTL, a stranded index, and which arrivals feed the adaptive timeout (Karn's rule).
 */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class ClaimLedgerTest {

    private static final long MS = 1_000_000L;
    private static final long TIMEOUT = 400 * MS;
    private static final long TTL = 30_000 * MS;
    private static final PeerId A = peer(1), B = peer(2), C = peer(3);

    private static PeerId peer(int i) {
        return PeerId.fromPubKey(Ed25519.fromIndex(i).publicKey());
    }

    private static ClaimLedger ledger(int target, int perPeer, AdaptiveTimeout timeout) {
        return new ClaimLedger(target, perPeer, new StrikeBook(1, TTL), timeout, 0);
    }

    private static ClaimLedger ledger(int target, int perPeer) {
        return ledger(target, perPeer, new AdaptiveTimeout(TIMEOUT, false));
    }

    @Test
    void budgetIsTargetLessHeldAndOutstandingAndEachPeerTakesAtMostItsCapPerPass() {
        ClaimLedger l = ledger(8, 4);
        l.beginPass(new BitSet(), 0);
        assertEquals(8, l.budget());
        for (int i = 0; i < 4; i++) assertTrue(l.claim(i, A, 0), "fresh claim " + i + " on A");
        assertFalse(l.claim(4, A, 0), "A's fifth fresh claim in one pass is over its cap");
        assertTrue(l.claim(0, A, 0), "re-affirming A's own unexpired claim is free");
        for (int i = 4; i < 8; i++) assertTrue(l.claim(i, B, 0));
        assertEquals(0, l.budget());
        assertFalse(l.claim(0, C, 0), "index 0 is claimed from A, unexpired");

        // Next pass: two arrived, six still outstanding: the budget is 8 - 2 - 6 = 0.
        BitSet held = new BitSet();
        held.set(0);
        held.set(1);
        l.arrived(0, A, 10 * MS);
        l.arrived(1, A, 10 * MS);
        l.beginPass(held, 20 * MS);
        assertEquals(0, l.budget());
        assertEquals(8, l.requested());
        assertEquals(0, l.reissued());
        // Once they lapse the budget comes back.
        l.beginPass(held, TIMEOUT + MS);
        assertEquals(6, l.budget());
    }

    @Test
    void aLapsedClaimStrikesItsPeerWhichIsNotReclaimedUntilTheStrikeTtlPasses() {
        ClaimLedger l = ledger(4, 4);
        l.beginPass(new BitSet(), 0);
        assertTrue(l.claim(0, A, 0));
        long lapsed = TIMEOUT + 100 * MS;
        l.beginPass(new BitSet(), lapsed);
        assertFalse(l.claim(0, A, lapsed), "A let its claim lapse: struck, and refused while the strike is fresh");
        assertEquals(1, l.strikes().strikes(A));
        assertTrue(l.claim(0, B, lapsed), "another holder gets the index");
        assertEquals(1, l.reissued());
        assertEquals(B, l.claimedPeer(0));
        assertFalse(l.claim(1, A, lapsed), "a struck peer is refused for other indices too");
        assertEquals(1, l.strikes().total(), "one strike per lapse, however often the index is looked at");

        long afterTtl = lapsed + TTL;
        l.beginPass(new BitSet(), afterTtl);
        assertTrue(l.claim(1, A, afterTtl), "the strike TTL passed: A's strikes are cleared");
        assertEquals(0, l.strikes().strikes(A));
    }

    @Test
    void aStrandedIndexIsReclaimedFromItsStruckOnlyHolder() {
        ClaimLedger l = ledger(4, 4);
        l.beginPass(new BitSet(), 0);
        assertTrue(l.claim(0, A, 0));
        long lapsed = TIMEOUT + MS;
        l.beginPass(new BitSet(), lapsed);
        assertFalse(l.claim(0, A, lapsed), "lapsed once: A is struck");
        long stranded = 2 * TIMEOUT;
        l.beginPass(new BitSet(), stranded);
        assertTrue(l.claim(0, A, stranded), "two claim timeouts unserved: the index is stranded and A is asked again");
        assertEquals(1, l.reissued());
        assertEquals(A, l.claimedPeer(0));
    }

    @Test
    void theAdaptiveTimeoutSamplesOnlyTheClaimedPeerAndNeverAReissuedIndex() {
        AdaptiveTimeout timeout = new AdaptiveTimeout(TIMEOUT, true);
        ClaimLedger l = ledger(8, 8, timeout);
        l.beginPass(new BitSet(), 0);
        assertTrue(l.claim(0, A, 0));
        assertTrue(l.claim(1, A, 0));
        assertTrue(l.claim(2, A, 0));

        assertFalse(l.arrived(0, B, 50 * MS), "B was not claimed for index 0: an unsolicited push is no sample");
        assertFalse(timeout.hasEstimate(B));
        assertTrue(l.arrived(1, A, 100 * MS), "the claimed peer's own arrival is a sample");
        // First sample s = 100 ms: SRTT 100, RTTVAR 50, timeout 100 + 4 * 50 = 300 ms.
        assertEquals(300 * MS, timeout.timeout(A));

        // Index 2 lapses at A's new timeout and is re-asked from B; B's answer cannot be matched to one ask.
        long lapsed = 301 * MS;
        l.beginPass(new BitSet(), lapsed);
        assertTrue(l.claim(2, B, lapsed));
        assertFalse(l.arrived(2, B, lapsed + 10 * MS), "Karn: a reissued index is never sampled");
        assertFalse(timeout.hasEstimate(B));
        assertEquals(1, timeout.samples());
        assertNull(l.claimedPeer(2), "the arrival resolved the claim");
    }

    @Test
    void theAdaptiveTimeoutIsClampedToHalfAndFourTimesTheRequestTimeout() {
        AdaptiveTimeout timeout = new AdaptiveTimeout(TIMEOUT, true);
        timeout.sample(A, MS);
        assertEquals(TIMEOUT / 2, timeout.timeout(A));
        timeout.sample(B, 10_000 * MS);
        assertEquals(4 * TIMEOUT, timeout.timeout(B));
        assertEquals(TIMEOUT, timeout.timeout(C), "no samples: RequestTimeout");
        assertEquals(TIMEOUT, new AdaptiveTimeout(TIMEOUT, false).timeout(A));
    }
}
