package io.gsnode.netns.delay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class PacketPoolTest {

    @Test
    void budgetBoundsWaitingPacketsAndSlotsAreReused() {
        PacketPool pool = new PacketPool(3, 1501, 1);
        Packet spare = pool.slot();
        for (int k = 0; k < 3; k++) {
            assertTrue(pool.tryReserve());
            spare = pool.slot();
        }
        assertFalse(pool.tryReserve(), "a fourth packet exceeds the budget");
        assertEquals(3, pool.waiting());
        pool.release(new Packet(1501));
        assertTrue(pool.tryReserve());
        assertEquals(3, pool.peakWaiting());
        pool.returnSpare(spare);
        assertEquals(4, pool.slotsMade(), "slots are made only when none is free");
        pool.slot();
        pool.slot();
        assertEquals(4, pool.slotsMade());
    }
}
