package io.gsnode.k8s.coordinator;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.BitSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The epoch of a cell whose nodes share no file system: every node asks {@code GET /epoch?index=I}
 * once it listens ({@code gsnode run --epoch-url}); until all N have asked, the answer is 202 and
 * how many listen; then T0 = the moment the last one asked + the lead, the same 200 answer to
 * every node from then on. The lead covers the nodes' polling interval and the clocks' spread
 * across the cluster's hosts. The coordinator is done when every node has heard T0.
 */
public final class EpochCoordinator implements AutoCloseable {

    private final int n;
    private final long leadMs;
    private final LongSupplier clockMs;
    private final PrintStream progress;
    private final BitSet listening = new BitSet();
    private final BitSet told = new BitSet();
    private final CountDownLatch allTold = new CountDownLatch(1);
    private final HttpServer server;
    private final ExecutorService handlers = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "epoch-http");
        t.setDaemon(true);
        return t;
    });
    private long epochMs = -1;

    /**
     * @param port the port to serve on; 0 for any free one ({@link #port()})
     * @param clockMs the wall clock the epoch is read from
     */
    public EpochCoordinator(int n, int port, long leadMs, LongSupplier clockMs, PrintStream progress) throws IOException {
        if (n < 1) throw new IllegalArgumentException("--n must be at least 1, was " + n);
        if (leadMs < 0) throw new IllegalArgumentException("--lead must not be negative, was " + leadMs);
        this.n = n;
        this.leadMs = leadMs;
        this.clockMs = clockMs;
        this.progress = progress;
        server = HttpServer.create(new InetSocketAddress(port), 64);
        server.createContext("/epoch", this::epoch);
        server.createContext("/status", this::status);
        server.setExecutor(handlers);
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** Waits until every node has heard T0; false when {@code timeout} passed first. */
    public boolean awaitAllTold(Duration timeout) throws InterruptedException {
        return allTold.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The nodes that have not said they listen, for a person: {@code 3, 17, 40 (3 of 100)}. */
    public synchronized String silent() {
        BitSet missing = new BitSet(n);
        missing.set(0, n);
        missing.andNot(listening);
        return missing.stream().limit(20).mapToObj(Integer::toString).reduce((a, b) -> a + ", " + b).orElse("none")
                + (missing.cardinality() > 20 ? ", ..." : "") + " (" + missing.cardinality() + " of " + n + ")";
    }

    private void epoch(HttpExchange x) throws IOException {
        Integer index = index(x.getRequestURI().getRawQuery());
        if (!"GET".equals(x.getRequestMethod()) || index == null || index < 0 || index >= n) {
            reply(x, 400, "ask GET /epoch?index=I with I in 0.." + (n - 1));
            return;
        }
        long answer;
        String waiting = null;
        synchronized (this) {
            if (!listening.get(index)) {
                listening.set(index);
                int k = listening.cardinality();
                if (k == n) {
                    epochMs = clockMs.getAsLong() + leadMs;
                    progress.printf("gsnode k8s coordinator: all %d nodes listen; T0 = %d (in %d ms)%n", n, epochMs, leadMs);
                } else if (k == 1 || k % Math.max(1, n / 10) == 0) {
                    progress.printf("gsnode k8s coordinator: %d of %d nodes listen%n", k, n);
                }
            }
            answer = epochMs;
            if (answer < 0) {
                waiting = listening.cardinality() + " of " + n + " nodes listen";
            } else {
                told.set(index);
                if (told.cardinality() == n) allTold.countDown();
            }
        }
        if (waiting != null) reply(x, 202, waiting);
        else reply(x, 200, Long.toString(answer));
    }

    private synchronized void status(HttpExchange x) throws IOException {
        reply(x, 200, "{\"n\":" + n + ",\"listening\":" + listening.cardinality() + ",\"told\":" + told.cardinality()
                + ",\"epoch_ms\":" + (epochMs < 0 ? "null" : Long.toString(epochMs)) + "}");
    }

    /** The {@code index} parameter of a query, or null when absent or not a number. */
    static Integer index(String query) {
        if (query == null) return null;
        for (String p : query.split("&")) {
            if (p.startsWith("index=")) {
                try {
                    return Integer.parseInt(p.substring("index=".length()));
                } catch (NumberFormatException e) {
                    return null;
                }
            }
        }
        return null;
    }

    private static void reply(HttpExchange x, int status, String body) throws IOException {
        byte[] bytes = (body + "\n").getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        x.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
    }
}
