package io.gsnode.node.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Two local cells on one host, in two processes: the second waits for the first, and says so. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LoopbackClaimTest {

    /** Another process's local cell: holds the host until its stdin closes. */
    public static void main(String[] args) throws Exception {
        try (LoopbackClaim claim = LoopbackClaim.acquire(System.err)) {
            System.out.println("held");
            System.out.flush();
            while (System.in.read() >= 0) {
                // Until the test closes our stdin.
            }
        }
    }

    @Test
    void aSecondCellWaitsUntilTheFirstHasEnded() throws Exception {
        Process first = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), LoopbackClaimTest.class.getName())).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(first.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("held", out.readLine(), "the first cell holds the host");
            ByteArrayOutputStream said = new ByteArrayOutputStream();
            PrintStream progress = new PrintStream(said, true, StandardCharsets.UTF_8);
            CompletableFuture<LoopbackClaim> second = CompletableFuture.supplyAsync(() -> {
                try {
                    return LoopbackClaim.acquire(progress);
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            try {
                second.get(1, TimeUnit.SECONDS);
                throw new AssertionError("the second cell got the host while the first held it");
            } catch (TimeoutException expected) {
                // Still waiting, as it should.
            }
            assertTrue(said.toString(StandardCharsets.UTF_8).contains("waiting for the local cell already running"), said.toString());
            first.getOutputStream().close();
            assertTrue(first.waitFor(30, TimeUnit.SECONDS));
            second.get(30, TimeUnit.SECONDS).close();
            assertFalse(second.isCompletedExceptionally());
        } finally {
            first.destroyForcibly();
        }
    }
}
