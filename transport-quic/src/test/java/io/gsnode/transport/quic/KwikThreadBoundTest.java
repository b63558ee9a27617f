package io.gsnode.transport.quic;

import io.gsnode.libp2p.testing.TestProtocols;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.identify.IdentifyService;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A Kwik node's OS threads do not grow with its streams. Kwik gives each connection a handful of
 * threads of its own (sender, receiver, loss detection, idle timer, callbacks); a stream costs a
 * blocked reader, which on JDK 24+ is a virtual thread (see {@code BlockingIo}). The node here has
 * 50 peers, 25 dialing it and 25 dialed by it, with 20 open streams on each connection, opened by
 * the dialer; its threads are counted by the kernel, so virtual threads count only through the
 * carriers they share.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class KwikThreadBoundTest {

    private static final int PEERS = 50;
    private static final int STREAMS = 20;
    /** Kwik's own threads per connection: at most 6 on a dialed one, 5 on an accepted one (measured). */
    private static final int THREADS_PER_CONNECTION = 6;
    /** Shared threads the first connections start: the carrier pool, its schedulers, the engine's executors. */
    private static final int SHARED_THREADS = 48;

    @Test
    void fiftyPeersWithTwentyStreamsEachAddThreadsPerConnectionNotPerStream() throws Exception {
        Assumptions.assumeTrue(Runtime.version().feature() >= 24,
                "before JDK 24 each Kwik stream holds an OS thread (BlockingIo); this JVM is " + Runtime.version());
        QuicConfig config = QuicConfig.DEFAULT.withEngine("kwik");
        Host node = new Host(Ed25519.fromIndex(1), ConnectionLimits.DEFAULT, List.of(ctx -> new QuicTransport(ctx, config)));
        new IdentifyService(node, "kwik-node");
        TestProtocols.serve(node);
        Process peers = null;
        try {
            Multiaddr addr = node.listen(Multiaddr.parse("/ip4/127.0.0.1/udp/0/quic-v1")).get(10, TimeUnit.SECONDS)
                    .withPeerId(node.peerId());
            int before = osThreads();
            peers = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), KwikPeersMain.class.getName(),
                    addr.toString(), String.valueOf(PEERS), String.valueOf(PEERS / 2), String.valueOf(STREAMS))
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
            List<Multiaddr> listening = CompletableFuture.supplyAsync(readAddresses(peers)).get(120, TimeUnit.SECONDS);
            assertTrue(listening.size() == PEERS, "the peers' process printed " + listening.size() + " addresses and ready");

            List<CompletableFuture<?>> held = new ArrayList<>();
            // The peers that did not dial the node.
            for (Multiaddr peer : listening.subList(PEERS / 2, PEERS)) {
                Connection c = node.dial(peer).get(30, TimeUnit.SECONDS);
                for (int s = 0; s < STREAMS; s++) held.add(TestProtocols.holdEcho(node, c));
            }
            CompletableFuture.allOf(held.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
            int connections = node.connections().size();
            int after = osThreads();

            int bound = before + SHARED_THREADS + THREADS_PER_CONNECTION * connections;
            int streams = STREAMS * connections;
            assertTrue(connections == PEERS, connections + " connections");
            assertTrue(after <= bound, "OS threads " + before + " -> " + after + " with " + connections + " connections and "
                    + streams + " open streams; bound " + bound);
            System.out.printf("KwikThreadBoundTest: OS threads %d -> %d (bound %d) with %d connections, %d open streams%n",
                    before, after, bound, connections, streams);
        } finally {
            if (peers != null) {
                peers.getOutputStream().close();
                if (!peers.waitFor(20, TimeUnit.SECONDS)) peers.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            node.close().get(20, TimeUnit.SECONDS);
        }
    }

    /** Reads the peers' addresses up to their "ready"; throws if their process ends first. */
    private static Supplier<List<Multiaddr>> readAddresses(Process peers) {
        return () -> {
            BufferedReader out = new BufferedReader(new InputStreamReader(peers.getInputStream(), StandardCharsets.UTF_8));
            List<Multiaddr> listening = new ArrayList<>();
            try {
                for (String line; (line = out.readLine()) != null; ) {
                    if (line.equals("ready")) return listening;
                    if (line.startsWith("listening ")) listening.add(Multiaddr.parse(line.substring("listening ".length())));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            throw new IllegalStateException("the peers' process ended before it was ready (its stderr is above)");
        };
    }

    /** The threads the kernel counts for this process. */
    private static int osThreads() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("Threads:")) return Integer.parseInt(line.substring("Threads:".length()).trim());
        }
        throw new IOException("/proc/self/status has no Threads line");
    }
}
