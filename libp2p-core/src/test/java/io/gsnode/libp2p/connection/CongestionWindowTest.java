package io.gsnode.libp2p.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CongestionWindowTest {

    @Test
    void aboveInitialComparesTheWindowWithTheInitialOne() {
        assertTrue(new CongestionWindow(20_000L, 12_000L, "quiche").aboveInitial());
        assertFalse(new CongestionWindow(12_000L, 12_000L, "quiche").aboveInitial());
        assertFalse(new CongestionWindow(6_000L, 12_000L, "tcp_info").aboveInitial());
    }

    @Test
    void anUnreadableWindowHasNoNumbersAndSaysWhy() {
        CongestionWindow w = CongestionWindow.unreadable("unreadable: kwik");
        assertNull(w.bytes());
        assertNull(w.initialBytes());
        assertNull(w.aboveInitial());
        assertFalse(w.readable());
        assertEquals("unreadable: kwik", w.source());
        assertEquals("unreadable: transport reports none", CongestionWindow.unreadable("transport reports none").source());
    }

    @Test
    void bothNumbersAreKnownOrNeither() {
        assertThrows(IllegalArgumentException.class, () -> new CongestionWindow(1L, null, "x"));
        assertThrows(IllegalArgumentException.class, () -> new CongestionWindow(null, 1L, "x"));
    }
}
