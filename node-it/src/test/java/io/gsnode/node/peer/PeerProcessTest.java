package io.gsnode.node.peer;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PeerProcessTest {

    @Test
    void aJavaPeerThatDoesNotExitInTimeFailsWithItsThreadDump() throws Exception {
        try (PeerProcess peer = PeerProcess.start("java-idle", Peers.JAVA.command("--key-seed", "30", "--listen",
                "/ip4/127.0.0.1/udp/0/quic-v1"))) {
            peer.await("listening", Duration.ofSeconds(40));
            AssertionError hung = assertThrows(AssertionError.class, () -> peer.waitFor(Duration.ofMillis(200)));
            String message = hung.getMessage();
            assertTrue(message.contains("still running after"), message);
            assertTrue(message.contains("thread dump (jcmd Thread.dump_to_file"), message);
            // The peer's main thread waits for SIGTERM; Kwik's listener runs a receiver thread.
            assertTrue(message.contains("\"main\""), message);
            assertTrue(message.contains("PeerSession"), message);
        }
    }

    @Test
    void aPeerThatIsNotJavaHasNoThreadDump() throws Exception {
        try (PeerProcess sleeper = PeerProcess.start("sleep", java.util.List.of("sleep", "30"))) {
            AssertionError hung = assertThrows(AssertionError.class, () -> sleeper.waitFor(Duration.ofMillis(200)));
            assertTrue(!hung.getMessage().contains("thread dump"), hung.getMessage());
        }
    }
}
