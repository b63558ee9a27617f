package io.gsnode.node.run;

import io.gsnode.libp2p.connection.Causes;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Dials every edge a node owns, at most {@code slots} handshakes in flight, each retried while
 * the far end is still coming up, until {@code deadline}. A cell starts hundreds of processes
 * at once: without the bound every node would start all its handshakes together.
 */
final class EdgeDialer {

    private static final Duration RETRY_PAUSE = Duration.ofMillis(200);

    private final Host host;
    private final int slots;
    private final Consumer<String> log;

    EdgeDialer(Host host, int slots, Consumer<String> log) {
        this.host = host;
        this.slots = slots;
        this.log = log;
    }

    /** Returns the addresses that could not be dialled before the deadline. */
    List<Multiaddr> dialAll(List<Multiaddr> targets, long deadlineNanos) throws InterruptedException {
        if (targets.isEmpty()) return List.of();
        Semaphore inFlight = new Semaphore(slots);
        // One waiting thread per target: dials block on their futures; the semaphore bounds handshakes.
        ExecutorService threads = Executors.newFixedThreadPool(Math.min(targets.size(), 256), r -> {
            Thread t = new Thread(r, "edge-dialer");
            t.setDaemon(true);
            return t;
        });
        try {
            List<CompletableFuture<Boolean>> results = new ArrayList<>();
            for (Multiaddr target : targets) {
                results.add(CompletableFuture.supplyAsync(() -> dialOne(target, inFlight, deadlineNanos), threads));
            }
            List<Multiaddr> failed = new ArrayList<>();
            for (int i = 0; i < targets.size(); i++) {
                if (!results.get(i).join()) failed.add(targets.get(i));
            }
            return failed;
        } finally {
            threads.shutdownNow();
        }
    }

    private boolean dialOne(Multiaddr target, Semaphore inFlight, long deadlineNanos) {
        String lastError = "no attempt before the deadline";
        while (System.nanoTime() - deadlineNanos < 0) {
            try {
                if (!inFlight.tryAcquire(Math.max(1, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS)) break;
                try {
                    host.dial(target).get(Math.max(1, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
                    return true;
                } finally {
                    inFlight.release();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } catch (Exception e) {
                lastError = Causes.message(e);
            }
            try {
                Thread.sleep(RETRY_PAUSE.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        log.accept("dial " + target + " failed: " + lastError);
        return false;
    }
}
