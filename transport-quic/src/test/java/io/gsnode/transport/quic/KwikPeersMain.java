package io.gsnode.transport.quic;

import io.gsnode.libp2p.testing.TestProtocols;
import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.identify.IdentifyService;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The far side of {@link KwikThreadBoundTest}, in its own JVM so that its threads are not counted
 * as the node's: {@code PEERS} Kwik hosts that serve the echo protocol and print their addresses;
 * the first {@code DIALERS} dial the node and open {@code STREAMS} held echo streams to it. Runs
 * until stdin closes.
 *
 * <p>Arguments: the node's multiaddr, PEERS, DIALERS, STREAMS.
 */
public final class KwikPeersMain {

    private KwikPeersMain() {}

    public static void main(String[] args) {
        try {
            run(args);
            System.exit(0);
        } catch (Exception | AssertionError e) {
            // Kwik's threads would keep the JVM alive; the test reads our end of output as failure.
            e.printStackTrace();
            System.exit(1);
        }
    }

    private static void run(String[] args) throws Exception {
        Multiaddr node = Multiaddr.parse(args[0]);
        int peers = Integer.parseInt(args[1]);
        int dialers = Integer.parseInt(args[2]);
        int streams = Integer.parseInt(args[3]);
        QuicConfig config = QuicConfig.DEFAULT.withEngine("kwik");
        List<Host> hosts = new ArrayList<>();
        for (int i = 0; i < peers; i++) {
            Host h = new Host(Ed25519.fromIndex(1000 + i), ConnectionLimits.DEFAULT, List.of(ctx -> new QuicTransport(ctx, config)));
            new IdentifyService(h, "kwik-peers");
            TestProtocols.serve(h);
            Multiaddr addr = h.listen(Multiaddr.parse("/ip4/127.0.0.1/udp/0/quic-v1")).get(10, TimeUnit.SECONDS);
            hosts.add(h);
            System.out.println("listening " + addr.withPeerId(h.peerId()));
        }
        List<CompletableFuture<?>> held = new ArrayList<>();
        for (int i = 0; i < dialers; i++) {
            Host h = hosts.get(i);
            // One dial at a time: the node caps handshakes pending from one address.
            Connection c = h.dial(node).get(30, TimeUnit.SECONDS);
            for (int s = 0; s < streams; s++) held.add(TestProtocols.holdEcho(h, c));
        }
        CompletableFuture.allOf(held.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        System.out.println("ready");
        // Streams stay open until the test closes our stdin.
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        for (Host h : hosts) h.close().get(10, TimeUnit.SECONDS);
    }
}
