package io.gsnode.node.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.GossipRouter;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.identify.IdentifyService;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.libp2p.ping.PingService;
import io.gsnode.segmentation.arm.Arm;
import io.gsnode.segmentation.arm.ArmCatalogue;
import io.gsnode.segmentation.arm.ArmContext;
import io.gsnode.segmentation.arm.ArmNode;
import io.gsnode.segmentation.arm.Diffusion;
import io.gsnode.segmentation.ids.Topics;
import io.gsnode.transport.tcp.TcpConfig;
import io.gsnode.transport.tcp.TcpTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The partial-messages extension across implementations: a Java publisher and a Java receiver,
 * each running a variant B arm, connected only through a go-libp2p-pubsub peer that runs go's
 * {@code partialmessages} extension ({@code interop/go --partial}). Everything the receiver gets
 * crosses go both ways: the publisher pushes partial messages and metadata to go, the receiver
 * sends go metadata whose request bits claim segments, go answers with partial messages and its
 * own metadata, and the receiver Merkle-verifies and rebuilds the group.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class PartialMessagesInteropTest {

    private static final Duration STEP = Duration.ofSeconds(60);
    private static final int PAYLOAD = 256 * 1024;
    private static final String TOPIC = Topics.envelope();

    /** One in-process Java node: a host, a router and the arm on it. */
    private record JavaNode(Host host, GossipRouter router, ArmNode arm, CountDownLatch completed) {

        static JavaNode start(Arm arm, int index, boolean publisher) throws Exception {
            Host host = new Host(Ed25519.fromIndex(90 + index), ConnectionLimits.DEFAULT,
                    List.of(ctx -> new TcpTransport(ctx, TcpConfig.DEFAULT)));
            new IdentifyService(host, AgentVersion.GSNODE);
            new PingService(host);
            host.listen(Multiaddr.parse("/ip4/127.0.0.1/tcp/0")).get(10, TimeUnit.SECONDS);
            ArmNode node = arm.instantiate(new ArmContext(index, publisher, PAYLOAD, 7, 3));
            GossipRouter.Builder builder = GossipRouter.builder(host).config(node.config(GossipConfig.DEFAULT));
            node.install(builder);
            GossipRouter router = builder.start();
            CountDownLatch completed = new CountDownLatch(1);
            node.join(router, (d, at) -> completed.countDown());
            return new JavaNode(host, router, node, completed);
        }

        void close() {
            router.close();
            host.close().orTimeout(5, TimeUnit.SECONDS).exceptionally(e -> null).join();
        }
    }

    private final List<JavaNode> javaNodes = new ArrayList<>();
    private PeerProcess go;

    @AfterEach
    void closeAll() {
        for (JavaNode n : javaNodes) n.close();
        if (go != null) go.close();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bfixed_32k", "bcodedfc1_32k"})
    void javaAndGoExchangePartialMessagesAndMetadataBothWays(String armName) throws Exception {
        Arm arm = ArmCatalogue.get(armName);
        go = PeerProcess.start("go-partial", Peers.GO.command("--key-seed", "89", "--listen", "/ip4/127.0.0.1/tcp/0",
                "--partial", TOPIC, "--heartbeat-ms", "700"));
        JsonNode listening = go.await("listening", STEP);
        String goId = listening.path("peer_id").asText();
        Multiaddr goAddr = Multiaddr.parse(listening.path("addrs").get(0).asText());

        JavaNode publisher = JavaNode.start(arm, 0, true);
        javaNodes.add(publisher);
        JavaNode receiver = JavaNode.start(arm, 2, false);
        javaNodes.add(receiver);
        for (JavaNode n : javaNodes) n.host().dial(goAddr).get(20, TimeUnit.SECONDS);
        PeerId goPeer = PeerId.parse(goId);
        for (JavaNode n : javaNodes) {
            long deadline = System.nanoTime() + STEP.toNanos();
            while (!n.router().meshPeers(TOPIC).join().contains(goPeer)) {
                assertTrue(System.nanoTime() < deadline, "go joins the Java node's mesh of the envelope topic");
                Thread.sleep(100);
            }
        }
        go.await("both Java nodes in go's mesh", e -> "mesh".equals(e.path("event").asText())
                && TOPIC.equals(e.path("topic").asText()) && e.path("peers").size() == 2, STEP);

        int published = publisher.arm().publish(publisher.router(), Diffusion.MEASURED);
        assertTrue(receiver.completed().await(STEP.toSeconds(), TimeUnit.SECONDS),
                "the receiver rebuilt the group from what go relayed; receiver " + receiver.arm().extras()
                        + "\ngo:\n" + go.diagnostics());
        int need = receiver.arm().wireForm().need();
        String publisherId = publisher.host().peerId().toString();
        String receiverId = receiver.host().peerId().toString();

        // Java -> go: partial messages (pushed segments) and parts metadata from the publisher.
        go.await("segments from the Java publisher", e -> "partial".equals(e.path("event").asText())
                && publisherId.equals(e.path("from").asText()) && e.path("parts").size() > 0, STEP);
        go.await("metadata from the Java publisher holding every index", e -> "partial".equals(e.path("event").asText())
                && publisherId.equals(e.path("from").asText())
                && e.path("metadata").path("available").size() == published, STEP);
        // Java -> go: the receiver's metadata claims segments through its request bits.
        go.await("claims from the Java receiver", e -> "partial".equals(e.path("event").asText())
                && receiverId.equals(e.path("from").asText()) && e.path("metadata").path("requests").size() > 0, STEP);
        // go -> Java: go's metadata and the partial messages answering the claims.
        go.await("go's metadata to the receiver", e -> "partial_sent".equals(e.path("event").asText())
                && receiverId.equals(e.path("to").asText()) && e.path("metadata").path("available").size() > 0, STEP);
        int partsToReceiver = 0;
        for (JsonNode e : go.all("partial_sent")) {
            if (receiverId.equals(e.path("to").asText())) partsToReceiver += e.path("parts").size();
        }
        assertTrue(partsToReceiver >= need, "go served at least " + need + " segments: " + partsToReceiver);
        go.await("partial_complete", STEP);

        Map<String, Object> r = receiver.arm().extras();
        assertTrue(((Number) r.get("received")).intValue() >= need, r.toString());
        assertTrue(((Number) r.get("requested")).longValue() >= 1, "the receiver claimed from go: " + r);
        assertEquals(1, ((Number) r.get("partial_peers")).intValue(), "the extension is negotiated with go: " + r);
        assertEquals(0L, r.get("metadata_errors"), r.toString());
        assertEquals(0L, r.get("invalid_segments"), r.toString());
        assertEquals(0, go.all("partial_error").size(), "go refused nothing: " + go.all("partial_error"));
        Map<String, Object> p = publisher.arm().extras();
        assertTrue(((Number) p.get("pushed")).longValue() >= published, "the publisher pushed every segment to go: " + p);
    }
}
