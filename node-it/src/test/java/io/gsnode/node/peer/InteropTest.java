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
 * Real peers on loopback, each pair in both directions, over TCP and over QUIC. The dialer pings,
 * then transfers (TCP: 16 MiB with go and between Java peers, 1 MiB with js) or echoes (QUIC: 4 MiB);
 * both sides must report the expected security and muxer, identify the other correctly, and agree
 * on what crossed.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class InteropTest {

    private static final Duration STEP = Duration.ofSeconds(40);
    private static final long SIXTEEN_MIB = 16L << 20;
    private static final long FOUR_MIB = 4L << 20;

    enum Wire {
        TCP("/ip4/127.0.0.1/tcp/0", "noise", "yamux"),
        QUIC("/ip4/127.0.0.1/udp/0/quic-v1", "tls", "quic");

        final String listen;
        final String security;
        final String muxer;

        Wire(String listen, String security, String muxer) {
            this.listen = listen;
            this.security = security;
            this.muxer = muxer;
        }
    }

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (Wire wire : Wire.values()) {
            cases.add(Arguments.of(wire, Peers.JAVA, Peers.JAVA));
            cases.add(Arguments.of(wire, Peers.JAVA, Peers.GO));
            cases.add(Arguments.of(wire, Peers.GO, Peers.JAVA));
            cases.add(Arguments.of(wire, Peers.JAVA, Peers.JS));
            cases.add(Arguments.of(wire, Peers.JS, Peers.JAVA));
        }
        // The second QUIC engine against everyone, and against the first.
        for (Peers other : List.of(Peers.JAVA_NETTY, Peers.GO, Peers.JS, Peers.JAVA)) {
            cases.add(Arguments.of(Wire.QUIC, Peers.JAVA_NETTY, other));
            if (other != Peers.JAVA_NETTY) cases.add(Arguments.of(Wire.QUIC, other, Peers.JAVA_NETTY));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}: {1} dials {2}")
    @MethodSource("cases")
    void identifyPingAndMoveBytes(Wire wire, Peers dialerKind, Peers listenerKind) throws Exception {
        boolean withGo = dialerKind == Peers.GO || listenerKind == Peers.GO;
        long bytes = withGo || (dialerKind.java() && listenerKind.java()) ? SIXTEEN_MIB : 1L << 20;
        List<String> action = wire == Wire.TCP ? List.of("--send", Long.toString(bytes)) : List.of("--echo", Long.toString(FOUR_MIB));
        try (PeerProcess listener = PeerProcess.start(listenerKind.label() + "-listener",
                        listenerKind.command("--key-seed", "20", "--listen", wire.listen))) {
            JsonNode listening = listener.await("listening", STEP);
            String listenerId = listening.path("peer_id").asText();
            String listenerAddr = listening.path("addrs").get(0).asText();
            assertTrue(listenerAddr.endsWith("/p2p/" + listenerId), listenerAddr);

            List<String> args = new ArrayList<>(List.of("--key-seed", "21", "--dial", listenerAddr, "--ping", "10", "--seconds", "0"));
            args.addAll(action);
            // The name says which listener, so that a failure message names both sides.
            String dialerName = dialerKind.label() + "-dialer-of-" + listenerKind.label();
            try (PeerProcess dialer = PeerProcess.start(dialerName, dialerKind.command(args.toArray(String[]::new)))) {
                String dialerId = dialer.await("listening", STEP).path("peer_id").asText();
                assertEquals(0, dialer.waitFor(STEP.multipliedBy(2)), "dialer exit status\n" + dialer.diagnostics());

                JsonNode out = only(dialer, "connected");
                assertEquals(listenerId, out.path("peer_id").asText());
                assertSecured(wire, out, "outbound", true);

                JsonNode idOfListener = dialer.await("identify of the listener",
                        e -> "identify".equals(e.path("event").asText()) && listenerId.equals(e.path("peer_id").asText()), STEP);
                assertTrue(texts(idOfListener.path("protocols")).containsAll(List.of("/ipfs/id/1.0.0", "/ipfs/ping/1.0.0")),
                        idOfListener.toString());
                String listenerAddrNoP2p = listenerAddr.substring(0, listenerAddr.indexOf("/p2p/"));
                assertTrue(texts(idOfListener.path("listen_addrs")).contains(listenerAddrNoP2p), idOfListener.toString());

                List<JsonNode> pings = dialer.all("ping");
                assertEquals(10, pings.size(), dialer.diagnostics());
                for (JsonNode p : pings) assertTrue(p.path("rtt_ms").asDouble() > 0, p.toString());

                if (wire == Wire.QUIC) {
                    JsonNode echo = only(dialer, "echo");
                    assertTrue(echo.path("ok").asBoolean(), echo.toString());
                    assertEquals(FOUR_MIB, echo.path("bytes").asLong());
                }

                JsonNode in = listener.await("inbound connection", e -> "connected".equals(e.path("event").asText())
                        && dialerId.equals(e.path("peer_id").asText()), STEP);
                // Kwik's QUIC server cannot ask for the dialer's certificate: a Java listener on
                // Kwik binds the dialer through identify and says so; the netty engine, go and js
                // listeners verify it in TLS.
                assertSecured(wire, in, "inbound", wire == Wire.TCP || listenerKind != Peers.JAVA);
                JsonNode idOfDialer = listener.await("identify of the dialer",
                        e -> "identify".equals(e.path("event").asText()) && dialerId.equals(e.path("peer_id").asText()), STEP);
                assertTrue(texts(idOfDialer.path("protocols")).contains("/ipfs/id/1.0.0"), idOfDialer.toString());
                if (wire == Wire.TCP) {
                    JsonNode sent = only(dialer, "sent");
                    assertTrue(sent.path("match").asBoolean(), sent.toString());
                    assertEquals(bytes, sent.path("bytes").asLong());
                    JsonNode received = listener.await("received", STEP);
                    assertEquals(bytes, received.path("bytes").asLong());
                    assertEquals(sent.path("sha256").asText(), received.path("sha256").asText(), "digest on both sides");
                }
                assertTrue(dialer.badLines().isEmpty() && listener.badLines().isEmpty(), "stdout carries JSON only");
            }
            listener.terminate();
            assertEquals(0, listener.waitFor(STEP), listener.diagnostics());
            List<JsonNode> events = listener.events();
            assertEquals("done", events.get(events.size() - 1).path("event").asText(), "'done' comes last\n" + listener.diagnostics());
        }
    }

    private static void assertSecured(Wire wire, JsonNode connected, String direction, boolean authenticated) {
        assertEquals(direction, connected.path("direction").asText(), connected.toString());
        assertEquals(wire.security, connected.path("security").asText(), connected.toString());
        assertEquals(wire.muxer, connected.path("muxer").asText(), connected.toString());
        assertEquals(authenticated, connected.path("authenticated").asBoolean(), connected.toString());
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
