package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The by-name registry derived from the record: the names records carry, text in and out, copies. */
class GossipConfigTest {

    /** The names nodes have always written into their records, in this order: they must not drift. */
    private static final List<String> NAMES = List.of("d", "d_lo", "d_hi", "d_score", "d_out", "d_lazy", "gossip_factor",
            "history_length", "history_gossip", "heartbeat_interval_ms", "heartbeat_initial_delay_ms", "fanout_ttl_ms",
            "prune_backoff_ms", "unsubscribe_backoff_ms", "graft_flood_threshold_ms", "gossip_retransmission", "max_ihave_length",
            "max_ihave_messages", "max_idontwant_length", "max_idontwant_messages", "idontwant_threshold", "idontwant_ttl_heartbeats",
            "iwant_followup_time_ms", "opportunistic_graft_ticks", "opportunistic_graft_peers", "seen_ttl_ms", "flood_publish",
            "max_message_size", "outbound_queue_size", "signature_policy", "partial_messages", "seed", "gossip_threshold",
            "publish_threshold", "graylist_threshold", "accept_px_threshold", "opportunistic_graft_threshold");

    @Test
    void everyComponentHasItsRecordedNameInDeclarationOrder() {
        List<String> names = new ArrayList<>();
        GossipConfig.parameterNames().forEach(names::add);
        assertEquals(NAMES, names);
        assertEquals(NAMES, List.copyOf(GossipConfig.DEFAULT.asMap().keySet()));
    }

    @Test
    void theDefaultsAsRecordsShowThem() {
        Map<String, Object> m = GossipConfig.DEFAULT.asMap();
        assertEquals(8, m.get("d"));
        assertEquals(0.25, m.get("gossip_factor"));
        assertEquals(700L, m.get("heartbeat_interval_ms"));
        assertEquals(120_000L, m.get("seen_ttl_ms"));
        assertEquals(false, m.get("flood_publish"));
        assertEquals("strict-no-sign", m.get("signature_policy"));
        assertNull(m.get("seed"));
        assertEquals(0.0, m.get("graylist_threshold"));
        assertEquals(GossipConfig.ETHEREUM_MAX_MESSAGE_SIZE, m.get("max_message_size"));
    }

    @Test
    void textSetsEveryKindOfParameterAndToBuilderCopiesWithoutText() {
        GossipConfig c = new GossipConfig.Builder()
                .set("d", "10").set("D-LO", " 7 ").set("d_hi", "14").set("gossip_factor", "0.5")
                .set("heartbeat_interval_ms", "250").set("flood_publish", "on").set("signature_policy", "strict-sign")
                .set("seed", "42").set("gossip_threshold", "-10").set("publish_threshold", "-20").set("graylist_threshold", "-30")
                .build();
        assertEquals(10, c.d());
        assertEquals(7, c.dLo());
        assertEquals(0.5, c.gossipFactor());
        assertEquals(Duration.ofMillis(250), c.heartbeatInterval());
        assertTrue(c.floodPublish());
        assertEquals(SignaturePolicy.STRICT_SIGN, c.signaturePolicy());
        assertEquals(42L, c.seed());
        assertEquals(new GossipConfig.ScoreThresholds(-10, -20, -30, 0, 0), c.thresholds());
        assertEquals(c, c.toBuilder().build());
        assertEquals(c.asMap(), c.toBuilder().build().asMap());
        for (String name : NAMES) {
            Object shown = GossipConfig.DEFAULT.asMap().get(name);
            if (shown == null) continue;
            assertEquals(GossipConfig.DEFAULT, new GossipConfig.Builder().set(name, String.valueOf(shown)).build(),
                    name + ": what a record shows sets the same value back");
        }
    }

    @Test
    void badTextIsAClearError() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> new GossipConfig.Builder().set("dd", "1"));
        assertTrue(unknown.getMessage().startsWith("unknown gossipsub parameter 'dd'; known: d, d_lo,"), unknown.getMessage());
        IllegalArgumentException number = assertThrows(IllegalArgumentException.class, () -> new GossipConfig.Builder().set("d", "x"));
        assertEquals("gossipsub parameter d: not a number: 'x'", number.getMessage());
        IllegalArgumentException bool = assertThrows(IllegalArgumentException.class, () -> new GossipConfig.Builder().set("flood_publish", "maybe"));
        assertEquals("not a boolean: 'maybe'", bool.getMessage());
        IllegalArgumentException range = assertThrows(IllegalArgumentException.class, () -> new GossipConfig.Builder().d(20).build());
        assertTrue(range.getMessage().contains("need d_lo <= d <= d_hi"), range.getMessage());
    }

    @Test
    void snakeCaseKeepsIHaveAndIDontWantOneWord() {
        assertEquals("max_ihave_length", GossipConfig.snakeCase("maxIHaveLength"));
        assertEquals("max_idontwant_messages", GossipConfig.snakeCase("maxIDontWantMessages"));
        assertEquals("d_lo", GossipConfig.snakeCase("dLo"));
        assertEquals("accept_px", GossipConfig.snakeCase("acceptPx"));
    }
}
