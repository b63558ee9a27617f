package io.gsnode.transport.quic.kwik;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Threads for Kwik's blocking calls: a stream's reader while it is open, its writer only while it
 * has bytes to write, dials and stream opens. Threads are made on demand and die after a minute
 * idle, so a node holds as many as its streams need right now and no more.
 */
final class BlockingIo {

    private final ExecutorService pool;

    BlockingIo() {
        AtomicInteger count = new AtomicInteger();
        pool = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, "kwik-io-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    void execute(Runnable task) {
        pool.execute(task);
    }

    void shutdown() {
        pool.shutdownNow();
    }
}
