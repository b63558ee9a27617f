package io.gsnode.k8s.coordinator;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.BitSet;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The epoch of a cell whose nodes share no file system: every node asks {@code GET /epoch?index=I}
 * once it listens ({@code gsnode run --epoch-url}); until all N have asked, the answer is 202 and
 * how many listen; then T0 = the moment the last one asked + the lead, the same 200 answer to
 * every node from then on. The lead covers the nodes' polling interval and the clocks' spread
 * across the cluster's hosts. The coordinator is done when every node has heard T0.
 *
 * <p>Anything that reaches the pods' network reaches the coordinator (docs/security.md), so it
 * serves from one event loop, where a request sent half-way holds a few bytes and no thread, and
 * closes a connection whose request is not whole within {@link EpochHttp#REQUEST_DEADLINE}; it
 * holds at most {@link EpochHttp#MAX_CONNECTIONS} connections, {@link EpochHttp#MAX_PER_ADDRESS}
 * per remote address; and it answers index I only to node I's own address ({@link NodeAddresses}).
 * Every refusal is counted by its reason (GET /status, and the coordinator's last line).
 */
public final class EpochCoordinator implements AutoCloseable {

    private final int n;
    private final long leadMs;
    private final LongSupplier clockMs;
    private final PrintStream progress;
    private final NodeAddresses addresses;
    private final BitSet listening = new BitSet();
    private final BitSet told = new BitSet();
    private final CountDownLatch allTold = new CountDownLatch(1);
    private final Map<String, LongAdder> refused = new ConcurrentHashMap<>();
    private final EventLoopGroup loop = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel server;
    private long epochMs = -1;

    /** The answer to one question: its HTTP status and body. */
    record Answer(int status, String body) {}

    /**
     * @param port the port to serve on; 0 for any free one ({@link #port()})
     * @param clockMs the wall clock the epoch is read from
     * @param addresses who may speak for which index; closed with the coordinator
     */
    public EpochCoordinator(int n, int port, long leadMs, LongSupplier clockMs, PrintStream progress, NodeAddresses addresses)
            throws IOException {
        if (n < 1) throw new IllegalArgumentException("--n must be at least 1, was " + n);
        if (leadMs < 0) throw new IllegalArgumentException("--lead must not be negative, was " + leadMs);
        this.n = n;
        this.leadMs = leadMs;
        this.clockMs = clockMs;
        this.progress = progress;
        this.addresses = addresses;
        EpochHttp.ConnectionBudget budget = new EpochHttp.ConnectionBudget(this::refuse);
        try {
            server = new ServerBootstrap().group(loop).channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(budget)
                                    .addLast(new HttpServerCodec(EpochHttp.MAX_LINE, EpochHttp.MAX_HEADERS, EpochHttp.MAX_LINE))
                                    .addLast(new HttpObjectAggregator(EpochHttp.MAX_BODY))
                                    .addLast(new EpochHttp.Requests(EpochCoordinator.this));
                        }
                    })
                    .bind(new InetSocketAddress(port)).sync().channel();
        } catch (InterruptedException e) {
            loop.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while binding port " + port, e);
        } catch (RuntimeException e) {
            loop.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw new IOException("cannot serve on port " + port + ": " + e.getMessage(), e);
        }
    }

    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
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

    /** Refused questions and connections by reason, in name order. */
    public Map<String, Long> refusals() {
        Map<String, Long> out = new TreeMap<>();
        refused.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }

    void refuse(String reason) {
        refused.computeIfAbsent(reason, k -> new LongAdder()).increment();
    }

    /** {@code GET /epoch?index=I} from {@code from}. */
    Answer epoch(Integer index, InetAddress from) {
        if (index == null || index < 0 || index >= n) {
            refuse("bad_request");
            return new Answer(400, "ask GET /epoch?index=I with I in 0.." + (n - 1));
        }
        switch (addresses.check(index, from)) {
            case PENDING:
                return new Answer(202, "looking up node " + index + "'s address");
            case OTHER:
                refuse("not_the_node");
                return new Answer(403, from.getHostAddress() + " is not node " + index + "'s address ("
                        + addresses.describe(index) + ")");
            case NODE:
            default:
                break;
        }
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
            if (epochMs < 0) return new Answer(202, listening.cardinality() + " of " + n + " nodes listen");
            told.set(index);
            if (told.cardinality() == n) allTold.countDown();
            return new Answer(200, Long.toString(epochMs));
        }
    }

    /** {@code GET /status}: for a person, as JSON. */
    synchronized Answer status() {
        StringBuilder r = new StringBuilder();
        refusals().forEach((k, v) -> r.append(r.isEmpty() ? "" : ",").append('"').append(k).append("\":").append(v));
        return new Answer(200, "{\"n\":" + n + ",\"listening\":" + listening.cardinality() + ",\"told\":" + told.cardinality()
                + ",\"epoch_ms\":" + (epochMs < 0 ? "null" : Long.toString(epochMs)) + ",\"refused\":{" + r + "}}");
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

    @Override
    public void close() {
        server.close().awaitUninterruptibly();
        loop.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).awaitUninterruptibly();
        addresses.close();
    }
}
