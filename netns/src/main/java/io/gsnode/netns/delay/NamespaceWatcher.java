package io.gsnode.netns.delay;

import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Notices nodes that went away without their device failing: a namespace deleted
 * ({@code ip netns del}; the switch's own attachment would otherwise keep it alive) or replaced,
 * or, for {@code /proc/PID/ns/net} paths, a process that ended. Checks every endpoint's path each
 * period and kills the endpoints whose namespace is gone.
 */
final class NamespaceWatcher implements Runnable {

    private final Endpoint[] endpoints;
    private final long periodMillis;
    private final CountDownLatch stop = new CountDownLatch(1);

    NamespaceWatcher(Endpoint[] endpoints, long periodMillis) {
        this.endpoints = endpoints;
        this.periodMillis = Math.max(1, periodMillis);
    }

    void stop() {
        stop.countDown();
    }

    @Override
    public void run() {
        try {
            while (!stop.await(periodMillis, TimeUnit.MILLISECONDS)) checkAll();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    void checkAll() {
        for (Endpoint e : endpoints) {
            if (!e.alive()) continue;
            Optional<String> change = e.identity.changeTo(NamespaceIdentity.of(e.namespace));
            change.ifPresent(what -> e.die("its namespace " + e.namespace + " " + what));
        }
    }
}
