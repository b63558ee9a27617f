package io.gsnode.libp2p.fatal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FatalErrorsTest {

    @Test
    void anErrorAnywhereInTheCauseChainIsFoundAndHandedToTheThreadsHandler() {
        OutOfMemoryError oom = new OutOfMemoryError("direct buffer memory");
        // How a decoder's allocation failure reaches a handler's exceptionCaught: wrapped.
        RuntimeException wrapped = new RuntimeException("decoder", oom);
        assertSame(oom, FatalErrors.find(wrapped));
        assertNull(FatalErrors.find(new IOException("connection reset", new IllegalStateException())));

        Thread self = Thread.currentThread();
        Thread.UncaughtExceptionHandler before = self.getUncaughtExceptionHandler();
        List<Throwable> seen = new ArrayList<>();
        self.setUncaughtExceptionHandler((t, e) -> seen.add(e));
        try {
            assertTrue(FatalErrors.escalate(wrapped));
            assertFalse(FatalErrors.escalate(new IOException("a peer's fault, not fatal")));
        } finally {
            self.setUncaughtExceptionHandler(before);
        }
        assertEquals(List.of(oom), seen);
    }
}
