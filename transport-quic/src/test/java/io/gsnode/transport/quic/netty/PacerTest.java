package io.gsnode.transport.quic.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** quic-go's pacing arithmetic, on a hand-driven clock. */
class PacerTest {

    private static final int PACKET = 1250;
    private static final long MS = 1_000_000;

    @Test
    void withoutAnRttSampleNothingWaits() {
        Pacer p = new Pacer(PACKET);
        for (int i = 0; i < 100; i++) {
            assertEquals(0, p.releaseTime(0));
            p.onSent(0, PACKET);
        }
    }

    @Test
    void aBurstOfTenPacketsGoesAtOnceAndTheRestAtTheRate() {
        Pacer p = new Pacer(PACKET);
        // 12,500 bytes per 12.5 ms, times 5/4: 1.25 MB/s, one packet per ms.
        p.update(10 * PACKET, 12_500_000);
        for (int i = 0; i < 10; i++) {
            assertEquals(0, p.releaseTime(0), "packet " + i + " of the burst");
            p.onSent(0, PACKET);
        }
        assertEquals(MS, p.releaseTime(0), "the eleventh waits for one packet's worth of budget");
        assertEquals(MS, p.releaseTime(MS), "and goes once it has it");
        p.onSent(MS, PACKET);
        assertEquals(2 * MS, p.releaseTime(MS));
    }

    @Test
    void noWaitIsShorterThanOneMillisecond() {
        Pacer p = new Pacer(PACKET);
        // 2.5 MB/s: a packet's budget refills in 0.5 ms, but timers that short only cost wake-ups.
        p.update(10 * PACKET, 6_250_000);
        for (int i = 0; i < 10; i++) p.onSent(0, PACKET);
        assertEquals(MS, p.releaseTime(0));
        assertEquals(MS / 2, p.releaseTime(MS / 2), "at 0.5 ms the budget covers one packet");
    }

    @Test
    void theBudgetNeverExceedsTheBurst() {
        Pacer p = new Pacer(PACKET);
        p.update(10 * PACKET, 12_500_000);
        p.onSent(0, PACKET);
        // A long silence refills at most ten packets' worth.
        long later = 1_000 * MS;
        for (int i = 0; i < 10; i++) {
            assertEquals(later, p.releaseTime(later));
            p.onSent(later, PACKET);
        }
        assertEquals(later + MS, p.releaseTime(later));
    }

    @Test
    void aFastPathBurstsWhatItSendsInTwoMilliseconds() {
        Pacer p = new Pacer(PACKET);
        // 125 MB/s: 2 ms is 250,000 bytes, 200 packets.
        p.update(1_000 * PACKET, 12_500_000);
        for (int i = 0; i < 200; i++) {
            assertEquals(0, p.releaseTime(0), "packet " + i);
            p.onSent(0, PACKET);
        }
        assertEquals(MS, p.releaseTime(0));
    }
}
