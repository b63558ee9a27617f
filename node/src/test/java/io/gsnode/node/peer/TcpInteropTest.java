package io.gsnode.node.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real peers over TCP on loopback, each pair in both directions: the dialer pings and transfers,
 * and both sides must report Noise + yamux, identify the other correctly, and agree on digests.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TcpInteropTest {

    private static final Duration STEP = Duration.ofSeconds(40);
    private static final long SIXTEEN_MIB = 16L << 20;

    static Stream<Arguments> pairs() {
        return Stream.of(
                Arguments.of(Peers.JAVA, Peers.JAVA),
                Arguments.of(Peers.JAVA, Peers.GO),
                Arguments.of(Peers.GO, Peers.JAVA),
                Arguments.of(Peers.JAVA, Peers.JS),
                Arguments.of(Peers.JS, Peers.JAVA));
    }

    @ParameterizedTest(name = "{0} dials {1}")
    @MethodSource("pairs")
    void identifyPingAndTransfer(Peers dialerKind, Peers listenerKind) throws Exception {
        // 16 MiB byte-identical in both directions is required between Java and go; elsewhere 1 MiB proves the path.
        boolean withGo = dialerKind == Peers.GO || listenerKind == Peers.GO;
        long bytes = withGo || (dialerKind == Peers.JAVA && listenerKind == Peers.JAVA) ? SIXTEEN_MIB : 1L << 20;
        try (PeerProcess listener = PeerProcess.start(listenerKind.label() + "-listener",
                        listenerKind.command("--key-seed", "20", "--listen", "/ip4/127.0.0.1/tcp/0"))) {
            JsonNode listening = listener.await("listening", STEP);
            String listenerId = listening.path("peer_id").asText();
            String listenerAddr = listening.path("addrs").get(0).asText();
            assertTrue(listenerAddr.endsWith("/p2p/" + listenerId), listenerAddr);

            try (PeerProcess dialer = PeerProcess.start(dialerKind.label() + "-dialer", dialerKind.command(
                    "--key-seed", "21", "--dial", listenerAddr, "--ping", "10", "--send", Long.toString(bytes), "--seconds", "0"))) {
                String dialerId = dialer.await("listening", STEP).path("peer_id").asText();
                assertEquals(0, dialer.waitFor(STEP.multipliedBy(2)), "dialer exit status\n" + dialer.diagnostics());

                JsonNode out = only(dialer, "connected");
                assertEquals(listenerId, out.path("peer_id").asText());
                assertSecuredWithNoiseAndYamux(out, "outbound");

                JsonNode idOfListener = dialer.await("identify of the listener",
                        e -> "identify".equals(e.path("event").asText()) && listenerId.equals(e.path("peer_id").asText()), STEP);
                assertTrue(texts(idOfListener.path("protocols")).containsAll(List.of("/ipfs/id/1.0.0", "/ipfs/ping/1.0.0")),
                        idOfListener.toString());
                String listenerAddrNoP2p = listenerAddr.substring(0, listenerAddr.indexOf("/p2p/"));
                assertTrue(texts(idOfListener.path("listen_addrs")).contains(listenerAddrNoP2p), idOfListener.toString());

                List<JsonNode> pings = dialer.all("ping");
                assertEquals(10, pings.size(), dialer.diagnostics());
                for (JsonNode p : pings) assertTrue(p.path("rtt_ms").asDouble() > 0, p.toString());

                JsonNode sent = only(dialer, "sent");
                assertTrue(sent.path("match").asBoolean(), sent.toString());
                assertEquals(bytes, sent.path("bytes").asLong());

                JsonNode in = listener.await("inbound connection", e -> "connected".equals(e.path("event").asText())
                        && dialerId.equals(e.path("peer_id").asText()), STEP);
                assertSecuredWithNoiseAndYamux(in, "inbound");
                JsonNode idOfDialer = listener.await("identify of the dialer",
                        e -> "identify".equals(e.path("event").asText()) && dialerId.equals(e.path("peer_id").asText()), STEP);
                assertTrue(texts(idOfDialer.path("protocols")).contains("/ipfs/id/1.0.0"), idOfDialer.toString());
                JsonNode received = listener.await("received", STEP);
                assertEquals(bytes, received.path("bytes").asLong());
                assertEquals(sent.path("sha256").asText(), received.path("sha256").asText(), "digest on both sides");
                assertTrue(dialer.badLines().isEmpty() && listener.badLines().isEmpty(), "stdout carries JSON only");
            }
            listener.terminate();
            assertEquals(0, listener.waitFor(STEP), listener.diagnostics());
            List<JsonNode> events = listener.events();
            assertEquals("done", events.get(events.size() - 1).path("event").asText(), "'done' comes last\n" + listener.diagnostics());
        }
    }

    private static void assertSecuredWithNoiseAndYamux(JsonNode connected, String direction) {
        assertEquals(direction, connected.path("direction").asText(), connected.toString());
        assertEquals("noise", connected.path("security").asText(), connected.toString());
        assertEquals("yamux", connected.path("muxer").asText(), connected.toString());
        assertTrue(connected.path("authenticated").asBoolean(), connected.toString());
    }

    private static JsonNode only(PeerProcess p, String event) {
        List<JsonNode> all = p.all(event);
        assertEquals(1, all.size(), "one '" + event + "' event expected\n" + p.diagnostics());
        return all.get(0);
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
