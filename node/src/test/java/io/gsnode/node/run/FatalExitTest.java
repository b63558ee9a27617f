package io.gsnode.node.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A process with the node's handler: an Error on any thread ends it with status 3 before it can go on. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FatalExitTest {

    /** Installs the handler, then fails on a worker thread as Netty's or Kwik's would; "record written" must never show. */
    public static final class Node {
        public static void main(String[] args) throws Exception {
            FatalExit.install();
            Thread worker = new Thread(() -> {
                throw new OutOfMemoryError("Cannot reserve 4194304 bytes of direct buffer memory");
            }, "netty-io-1");
            worker.start();
            worker.join();
            Thread.sleep(5_000);
            System.out.println("record written");
        }
    }

    @Test
    void anErrorOnAnyThreadEndsTheProcessWithStatusThreeAndNoRecord() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(List.of(java.toString(), "-cp", System.getProperty("java.class.path"), Node.class.getName()))
                .start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the process ended");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(FatalExit.STATUS, p.exitValue(), err);
        assertFalse(out.contains("record written"), out);
        assertTrue(err.startsWith("gsnode run: fatal java.lang.OutOfMemoryError: Cannot reserve 4194304 bytes of direct buffer memory"
                + " on thread netty-io-1; exiting with status 3 and no record"), err);
    }
}
