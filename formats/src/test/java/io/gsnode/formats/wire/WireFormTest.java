package io.gsnode.formats.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class WireFormTest {
    @Test
    void printsLikeTheReferenceLog() {
        assertEquals("wire: msgs=64 need=32 unit=32768 total=1818647 id=101",
                new WireForm(64, 32, 32768, 1818647, 101).toString());
    }
}
