package io.gsnode.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gsnode.gossipsub.GossipConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** go's names, go's defaults, nanosecond durations, and warnings for what gsnode does not apply. */
class GoGossipParamsTest {

    private final List<String> warnings = new ArrayList<>();

    private GossipConfig config(String json) throws Exception {
        JsonNode params = new ObjectMapper().readTree(json);
        return GoGossipParams.toConfig(params, warnings::add);
    }

    @Test
    void absentKeysTakeGoLibp2pPubsubsDefaults() throws Exception {
        GossipConfig c = config("{}");
        assertEquals(List.of(6, 5, 12, 4, 2, 6), List.of(c.d(), c.dLo(), c.dHi(), c.dScore(), c.dOut(), c.dLazy()));
        assertEquals(List.of(5, 3, 3), List.of(c.historyLength(), c.historyGossip(), c.gossipRetransmission()));
        assertEquals(0.25, c.gossipFactor());
        assertEquals(Duration.ofMillis(100), c.heartbeatInitialDelay());
        assertEquals(Duration.ofSeconds(1), c.heartbeatInterval());
        assertEquals(List.of(Duration.ofSeconds(60), Duration.ofMinutes(1), Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(3)),
                List.of(c.fanoutTtl(), c.pruneBackoff(), c.unsubscribeBackoff(), c.graftFloodThreshold(), c.iwantFollowupTime()));
        assertEquals(List.of(60, 2, 5000, 10, 10, 1000, 1024, 3), List.of(c.opportunisticGraftTicks(), c.opportunisticGraftPeers(),
                c.maxIHaveLength(), c.maxIHaveMessages(), c.maxIDontWantLength(), c.maxIDontWantMessages(),
                c.idontwantThreshold(), c.idontwantTtlHeartbeats()));
        assertEquals(10 << 20, c.maxMessageSize());
        assertEquals(600, c.outboundQueueSize());
        assertEquals(false, c.floodPublish());
        assertEquals(List.of(), warnings);
    }

    @Test
    void durationsAreNanosecondsAsIntegersOrFloats() throws Exception {
        // The harness staggers node i's first heartbeat to 100.1 ms + 0.1 ms * i.
        GossipConfig c = config("{\"HeartbeatInitialDelay\":100100000,\"HeartbeatInterval\":7e8,\"FanoutTTL\":1.5e9,\"IWantFollowupTime\":2500000.4}");
        assertEquals(Duration.ofNanos(100_100_000), c.heartbeatInitialDelay());
        assertEquals(Duration.ofMillis(700), c.heartbeatInterval());
        assertEquals(Duration.ofMillis(1500), c.fanoutTtl());
        assertEquals(Duration.ofNanos(2_500_000), c.iwantFollowupTime());
    }

    @Test
    void countsAndFactorsByGoName() throws Exception {
        GossipConfig c = config("{\"D\":8,\"Dlo\":6,\"Dhi\":12,\"Dlazy\":0,\"GossipFactor\":0,\"IDontWantMessageThreshold\":2048,\"IDontWantMessageTTL\":5}");
        assertEquals(List.of(8, 6, 12, 0), List.of(c.d(), c.dLo(), c.dHi(), c.dLazy()));
        assertEquals(0.0, c.gossipFactor());
        assertEquals(2048, c.idontwantThreshold());
        assertEquals(5, c.idontwantTtlHeartbeats());
    }

    @Test
    void keysGsnodeDoesNotApplyOrKnowWarnAndAreSkipped() throws Exception {
        GossipConfig c = config("{\"PrunePeers\":16,\"SlowHeartbeatWarning\":0.1,\"Dfoo\":1,\"D\":7}");
        assertEquals(7, c.d());
        assertEquals(3, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("gossipSubParams.PrunePeers is not applied"), warnings.get(0));
        assertTrue(warnings.get(2).startsWith("gossipSubParams.Dfoo is not a go-libp2p-pubsub parameter"), warnings.get(2));
    }

    @Test
    void wrongTypesAndImpossibleCombinationsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> config("{\"D\":\"six\"}"));
        assertThrows(IllegalArgumentException.class, () -> config("{\"D\":6.5}"));
        assertThrows(IllegalArgumentException.class, () -> config("{\"HeartbeatInterval\":-1}"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> config("{\"Dlo\":9}"));
        assertTrue(e.getMessage().startsWith("gossipSubParams: need d_lo <= d <= d_hi"), e.getMessage());
    }
}
