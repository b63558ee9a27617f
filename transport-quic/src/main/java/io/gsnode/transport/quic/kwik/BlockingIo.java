package io.gsnode.transport.quic.kwik;

import java.lang.reflect.Method;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Threads for Kwik's blocking calls: a stream's reader while it is open, its writer only while it
 * has bytes to write, dials and stream opens. Kwik 0.10.8 offers no other way to read a stream
 * than a blocking {@code InputStream}, so every open stream holds a blocked reader.
 *
 * <p>On JDK 24 and later these are virtual threads: a blocked reader then holds no OS thread, and
 * the node's thread count no longer grows with its streams (the virtual threads share the JDK's
 * carrier pool, one carrier per core). Kwik waits with {@code synchronized} and
 * {@code Object.wait}, which pin a virtual thread to its carrier before JDK 24 (JEP 491), and a
 * pool of a few pinned carriers can deadlock; so on older JDKs they are platform threads, made on
 * demand and ended after a minute idle, one per stream. The language level stays 17, hence the
 * reflective lookup.
 */
final class BlockingIo {

    /** The first JDK whose virtual threads can wait in a monitor without pinning their carrier. */
    static final int VIRTUAL_THREADS_FROM = 24;

    private final ExecutorService pool;
    private final boolean virtual;

    BlockingIo() {
        ExecutorService v = Runtime.version().feature() >= VIRTUAL_THREADS_FROM ? virtualThreadPool() : null;
        virtual = v != null;
        pool = virtual ? v : platformThreadPool();
    }

    /** Whether blocked calls hold virtual threads (true) or one OS thread each (false). */
    boolean virtual() {
        return virtual;
    }

    void execute(Runnable task) {
        pool.execute(task);
    }

    void shutdown() {
        pool.shutdownNow();
    }

    private static ExecutorService virtualThreadPool() {
        try {
            Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
            Class<?> builderType = Class.forName("java.lang.Thread$Builder");
            builderType.getMethod("name", String.class, long.class).invoke(builder, "kwik-io-", 1L);
            ThreadFactory factory = (ThreadFactory) builderType.getMethod("factory").invoke(builder);
            Method perTask = Executors.class.getMethod("newThreadPerTaskExecutor", ThreadFactory.class);
            return (ExecutorService) perTask.invoke(null, factory);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // A JDK that says it is 24 or later without the API: fall back rather than fail.
            return null;
        }
    }

    private static ExecutorService platformThreadPool() {
        AtomicInteger count = new AtomicInteger();
        return new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, "kwik-io-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }
}
