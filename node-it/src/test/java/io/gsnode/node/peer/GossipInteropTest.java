package io.gsnode.node.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Gossipsub across implementations, each node its own process on loopback: meshes form across
 * implementations, every published message reaches every node exactly once, a node outside every
 * mesh gets them through IHAVE/IWANT, and IDONTWANT flows between Java and go.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class GossipInteropTest {

    private static final Duration STEP = Duration.ofSeconds(60);
    private static final String TOPIC = "interop";
    private static final String TCP = "/ip4/127.0.0.1/tcp/0";
    private static final String QUIC = "/ip4/127.0.0.1/udp/0/quic-v1";

    /** One process of the network. */
    private record Member(String name, Peers kind, PeerProcess process, String peerId, String addr) {}

    private final Map<String, Member> members = new LinkedHashMap<>();

    @AfterEach
    void closeAll() {
        for (Member m : members.values()) m.process().close();
    }

    @Test
    void mixedNetworkOverTcp() throws Exception {
        // Not fully connected; every node has at most 4 neighbours, below D = 8, so every edge
        // should end up in both ends' meshes, whichever implementation grafted first.
        mixedNetwork(TCP, List.of(Peers.JAVA, Peers.JAVA, Peers.JAVA, Peers.GO, Peers.GO, Peers.JS, Peers.JS, Peers.JAVA));
    }

    @Test
    void javaAndGoOverQuic() throws Exception {
        // Both QUIC engines: nodes 2 and 7 run Kwik (against go and netty peers), the other Java nodes netty.
        mixedNetwork(QUIC, List.of(Peers.JAVA_NETTY, Peers.JAVA_NETTY, Peers.JAVA, Peers.GO, Peers.GO, Peers.GO,
                Peers.JAVA_NETTY, Peers.JAVA));
    }

    /**
     * Nodes 0..7 of the given kinds; node 7 (Java) is a loner whose mesh degree is 0, so it is in
     * no mesh and must pull everything with IWANT. Nodes 2, 4 and 6 publish, one message each.
     */
    private void mixedNetwork(String listen, List<Peers> kinds) throws Exception {
        int[][] edges = {{0, 1}, {0, 3}, {0, 5}, {1, 3}, {1, 6}, {2, 4}, {2, 5}, {2, 6}, {3, 6}, {4, 5}, {1, 2}, {7, 3}, {7, 1}};
        Set<Integer> publishers = Set.of(2, 4, 6);
        int n = kinds.size();
        // Publishers start last, so that every other node, the loner included, is up and meshed
        // before the first publish: gossip only announces the last 3 heartbeats' messages.
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) if (!publishers.contains(i)) order.add(i);
        order.addAll(new TreeSet<>(publishers));
        Set<Integer> started = new HashSet<>();
        for (int i : order) {
            Peers kind = kinds.get(i);
            List<String> args = new ArrayList<>(List.of("--key-seed", Integer.toString(40 + i), "--listen", listen,
                    "--subscribe", TOPIC));
            for (int[] e : edges) {
                int other = e[0] == i ? e[1] : e[1] == i ? e[0] : -1;
                if (started.contains(other)) args.addAll(List.of("--dial", member(other).addr()));
            }
            if (i == 7) args.addAll(List.of("--gossip", "d=0", "--gossip", "d_lo=0", "--gossip", "d_hi=0",
                    "--gossip", "d_out=0", "--gossip", "d_score=0"));
            if (publishers.contains(i)) {
                // 15 s gives every mesh many heartbeats to form, even on a loaded 2-core machine
                // where a cold JVM's first QUIC handshakes can take several seconds: a publisher
                // whose mesh is still empty sends its message to nobody.
                args.addAll(List.of("--publish", TOPIC, "--size", "20000", "--after", "15000", "--seconds", "600"));
            }
            start("n" + i + "-" + kind.label(), kind, args);
            started.add(i);
        }
        List<String> ids = new ArrayList<>();
        for (int p : publishers) {
            ids.add(member(p).process().await("published", STEP).path("id").asText());
        }
        for (int i = 0; i < n; i++) {
            Member m = member(i);
            int expected = publishers.contains(i) ? publishers.size() - 1 : publishers.size();
            m.process().await(expected + " messages", e -> messages(m).size() >= expected, STEP);
        }
        Thread.sleep(1500); // time for any duplicate delivery to show
        // Meshes are checked while everyone is up: a peer that exits leaves the others' meshes.
        for (int[] e : edges) {
            if (e[0] == 7 || e[1] == 7) continue;
            Member a = member(e[0]), b = member(e[1]);
            assertTrue(lastMesh(a).contains(b.peerId()), a.name() + " has " + b.name() + " in its mesh\n" + meshStory(a, b));
            assertTrue(lastMesh(b).contains(a.peerId()), b.name() + " has " + a.name() + " in its mesh\n" + meshStory(b, a));
        }
        Member loner = member(7);
        assertTrue(lastMesh(loner).isEmpty(), "the loner is in no mesh: " + lastMesh(loner));
        stopAll(); // every process prints gossip_counters, then done

        for (int i = 0; i < n; i++) {
            Member m = member(i);
            List<String> got = messages(m);
            List<String> want = new ArrayList<>();
            int k = 0;
            for (int p : publishers) {
                if (p != i) want.add(ids.get(k));
                k++;
            }
            assertEquals(new HashSet<>(want), new HashSet<>(got), m.name() + " got every message");
            assertEquals(want.size(), got.size(), m.name() + " got each message exactly once");
        }
        JsonNode lonerCounters = loner.process().await("gossip_counters", STEP);
        // It pulled with IWANT what its neighbours announced. Not necessarily every message:
        // runs were seen where one of the three arrived pushed (cause not yet pinned down).
        assertTrue(lonerCounters.path("sent").path("iwant").asLong() >= 1, lonerCounters.toString());
        assertTrue(lonerCounters.path("received").path("ihave").asLong() >= 1, lonerCounters.toString());
    }

    @Test
    void idontwantFlowsBetweenJavaAndGo() throws Exception {
        // A Java publisher, two go relays and a Java receiver joined to both relays. Each relay
        // tells the receiver it holds a message before pushing it, so the receiver gets
        // IDONTWANTs from go, sends its own to go, and skips forwarding to the relay that
        // already announced the message.
        Member publisher = start("publisher-java", Peers.JAVA, List.of("--key-seed", "60", "--listen", TCP, "--subscribe", TOPIC));
        Member relay1 = start("relay1-go", Peers.GO, List.of("--key-seed", "61", "--listen", TCP, "--subscribe", TOPIC,
                "--dial", publisher.addr()));
        Member relay2 = start("relay2-go", Peers.GO, List.of("--key-seed", "62", "--listen", TCP, "--subscribe", TOPIC,
                "--dial", publisher.addr()));
        Member receiver = start("receiver-java", Peers.JAVA, List.of("--key-seed", "63", "--listen", TCP, "--subscribe", TOPIC,
                "--dial", relay1.addr(), "--dial", relay2.addr()));
        for (Member m : List.of(relay1, relay2)) {
            m.process().await("mesh with both", e -> "mesh".equals(e.path("event").asText()) && e.path("peers").size() == 2, STEP);
        }
        // Publishing through a second Java process keeps the publisher's flags simple: it joins
        // and publishes 5 messages of 256 KiB. --after counts from the process's start, in every
        // implementation's peer; a cold JVM on a host busy with other modules' tests was seen to
        // take over 9 s to listen, and then published before it had dialled (to no one), so the
        // first publish is 20 s after the start.
        Member source = start("source-java", Peers.JAVA, List.of("--key-seed", "64", "--listen", TCP, "--dial", publisher.addr(),
                "--publish", TOPIC, "--size", Integer.toString(256 * 1024), "--count", "5", "--interval", "300",
                "--after", "20000", "--seconds", "600"));
        awaitSeeingAll(receiver, "5 messages", e -> messages(receiver).size() >= 5, STEP.plusSeconds(20));
        awaitSeeingAll(source, "5 publishes", e -> source.process().all("published").size() >= 5, STEP);
        for (JsonNode p : source.process().all("published")) {
            assertTrue(p.path("recipients").asInt() >= 1, "the source sent each message to the publisher: " + p);
        }
        Thread.sleep(1000);
        stopAll();
        JsonNode rc = receiver.process().await("gossip_counters", STEP);
        JsonNode r1 = relay1.process().await("gossip_counters", STEP);
        JsonNode r2 = relay2.process().await("gossip_counters", STEP);
        assertTrue(rc.path("received").path("idontwant").asLong() >= 5, "go -> Java IDONTWANT: " + rc);
        assertTrue(rc.path("sent").path("idontwant").asLong() >= 5, "Java sent IDONTWANT: " + rc);
        assertTrue(r1.path("received").path("idontwant").asLong() + r2.path("received").path("idontwant").asLong() >= 5,
                "Java -> go IDONTWANT: " + r1 + " " + r2);
        assertTrue(rc.path("idontwant_suppressed").asLong() >= 1, "the Java receiver skipped a push: " + rc);
        assertEquals(5, messages(receiver).size());
    }

    private Member start(String name, Peers kind, List<String> args) throws Exception {
        PeerProcess p = PeerProcess.start(name, kind.command(args.toArray(String[]::new)));
        JsonNode listening = p.await("listening", STEP);
        Member m = new Member(name, kind, p, listening.path("peer_id").asText(), listening.path("addrs").get(0).asText());
        members.put(name, m);
        return m;
    }

    /**
     * Awaits an event of {@code m}; if it does not come, the failure shows what every process of
     * the network said, since the cause is usually upstream of the one that waited (seen once in
     * CI: the receiver got none of the 5 messages, and its own events could not say why).
     */
    private void awaitSeeingAll(Member m, String description, Predicate<JsonNode> test, Duration timeout)
            throws InterruptedException {
        try {
            m.process().await(description, test, timeout);
        } catch (AssertionError e) {
            StringBuilder sb = new StringBuilder(e.getMessage());
            for (Member other : members.values()) {
                if (other != m) sb.append("\n== ").append(other.name()).append('\n').append(other.process().diagnostics());
            }
            throw new AssertionError(sb.toString(), e);
        }
    }

    private Member member(int index) {
        for (Member m : members.values()) {
            if (m.name().startsWith("n" + index + "-")) return m;
        }
        throw new IllegalArgumentException("no member " + index);
    }

    /** SIGTERM to everyone; each prints its counters and 'done', and exits 0. */
    private void stopAll() throws InterruptedException {
        for (Member m : members.values()) m.process().terminate();
        for (Member m : members.values()) {
            assertEquals(0, m.process().waitFor(STEP), m.name() + " exit status\n" + m.process().diagnostics());
            m.process().await("done", STEP);
        }
    }

    private static List<String> messages(Member m) {
        List<String> ids = new ArrayList<>();
        for (JsonNode e : m.process().all("message")) {
            if (TOPIC.equals(e.path("topic").asText())) ids.add(e.path("id").asText());
        }
        return ids;
    }

    /** What {@code a} and {@code b} said about their meshes and counters, for a failure message. */
    private static String meshStory(Member a, Member b) {
        StringBuilder sb = new StringBuilder();
        for (Member m : List.of(a, b)) {
            sb.append(m.name()).append(" (").append(m.peerId()).append("):\n");
            for (JsonNode e : m.process().events()) {
                String kind = e.path("event").asText();
                if (kind.equals("mesh") || kind.equals("gossip_counters") || kind.equals("connected")) sb.append("  ").append(e).append('\n');
            }
        }
        return sb.toString();
    }

    private static Set<String> lastMesh(Member m) {
        Set<String> peers = new HashSet<>();
        List<JsonNode> meshes = m.process().all("mesh");
        for (int i = meshes.size() - 1; i >= 0; i--) {
            if (TOPIC.equals(meshes.get(i).path("topic").asText())) {
                meshes.get(i).path("peers").forEach(p -> peers.add(p.asText()));
                break;
            }
        }
        return peers;
    }
}
