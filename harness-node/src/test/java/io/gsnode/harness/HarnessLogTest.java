package io.gsnode.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.libp2p.peer.PeerId;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The three lines, byte for byte against the harness's examples, at fixed instants. */
class HarnessLogTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    private HarnessLog at(String instant) {
        return new HarnessLog(new PrintStream(bytes, true, StandardCharsets.UTF_8), Clock.fixed(Instant.parse(instant), ZoneOffset.UTC));
    }

    private List<String> lines() {
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void peerIdLine() {
        PeerId id = PeerId.parse("12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN");
        at("2000-01-01T00:00:00.004210Z").peerId(id, 0);
        assertEquals(List.of("{\"time\":\"2000-01-01T00:00:00.004210Z\",\"level\":\"INFO\",\"msg\":\"PeerID\","
                + "\"id\":\"12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN\",\"node_id\":0}"), lines());
    }

    @Test
    void receivedMessageLine() {
        PeerId from = ScriptedNode.peerIdOf(1);
        at("2000-01-01T00:02:00.143771Z").received(from, "a-subnet",
                HarnessMessages.FIRST_8_BYTES.apply(io.gsnode.gossipsub.rpc.PubMessage.unsigned("a-subnet", new byte[16])));
        assertEquals(List.of("{\"time\":\"2000-01-01T00:02:00.143771Z\",\"level\":\"INFO\",\"msg\":\"Received Message\","
                + "\"service\":\"gossipsub\",\"from\":\"" + from + "\",\"topic\":\"a-subnet\",\"id\":\"0\"}"), lines());
    }

    @Test
    void allPartsReceivedLineAndAFixedWidthTime() {
        HarnessLog log = at("2000-01-01T00:00:31Z");
        log.allPartsReceived(7);
        assertEquals(List.of("{\"time\":\"2000-01-01T00:00:31.000000Z\",\"level\":\"INFO\",\"msg\":\"All parts received\",\"group id\":7}"),
                lines());
    }

    @Test
    void aTopicWithQuotesStaysOneJsonString() {
        at("2000-01-01T00:00:00Z").received(ScriptedNode.peerIdOf(2), "a \"quoted\" topic\n",
                HarnessMessages.FIRST_8_BYTES.apply(io.gsnode.gossipsub.rpc.PubMessage.unsigned("t", new byte[8])));
        String line = lines().get(0);
        assertEquals(true, line.contains("\"topic\":\"a \\\"quoted\\\" topic\\n\""), line);
    }
}
