package io.gsnode.harness;

import com.fasterxml.jackson.databind.JsonNode;
import io.gsnode.gossipsub.GossipConfig;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The router configuration of a harness node: go-libp2p-pubsub's {@code DefaultGossipSubParams}
 * and the harness's go node's options (StrictNoSign, outbound queue 600, 10 MiB messages, no
 * scoring, no flood publish), overridden by the {@code gossipSubParams} of {@code initGossipSub},
 * which use go's field names and give durations in nanoseconds (ints or floats: the harness staggers
 * heartbeats by 0.1 ms). gsnode's own defaults (Prysm's) differ and are not used here.
 */
public final class GoGossipParams {

    /** go: {@code WithMaxMessageSize(10 << 20)} in the harness's node. */
    static final int MAX_MESSAGE_SIZE = 10 << 20;

    /** How each go field sets the builder; durations arrive as nanoseconds. */
    private static final Map<String, BiConsumer<GossipConfig.Builder, JsonNode>> FIELDS = Map.ofEntries(
            Map.entry("D", (b, v) -> b.d(integer(v))),
            Map.entry("Dlo", (b, v) -> b.dLo(integer(v))),
            Map.entry("Dhi", (b, v) -> b.dHi(integer(v))),
            Map.entry("Dscore", (b, v) -> b.dScore(integer(v))),
            Map.entry("Dout", (b, v) -> b.dOut(integer(v))),
            Map.entry("HistoryLength", (b, v) -> b.historyLength(windows(v))),
            Map.entry("HistoryGossip", (b, v) -> b.historyGossip(windows(v))),
            Map.entry("Dlazy", (b, v) -> b.dLazy(integer(v))),
            Map.entry("GossipFactor", (b, v) -> b.gossipFactor(v.asDouble())),
            Map.entry("GossipRetransmission", (b, v) -> b.gossipRetransmission(integer(v))),
            Map.entry("HeartbeatInitialDelay", (b, v) -> b.heartbeatInitialDelay(nanos(v))),
            Map.entry("HeartbeatInterval", (b, v) -> b.heartbeatInterval(nanos(v))),
            Map.entry("FanoutTTL", (b, v) -> b.fanoutTtl(nanos(v))),
            Map.entry("PruneBackoff", (b, v) -> b.pruneBackoff(nanos(v))),
            Map.entry("UnsubscribeBackoff", (b, v) -> b.unsubscribeBackoff(nanos(v))),
            Map.entry("GraftFloodThreshold", (b, v) -> b.graftFloodThreshold(nanos(v))),
            Map.entry("OpportunisticGraftTicks", (b, v) -> b.opportunisticGraftTicks(integer(v))),
            Map.entry("OpportunisticGraftPeers", (b, v) -> b.opportunisticGraftPeers(integer(v))),
            Map.entry("MaxIHaveLength", (b, v) -> b.maxIHaveLength(integer(v))),
            Map.entry("MaxIHaveMessages", (b, v) -> b.maxIHaveMessages(integer(v))),
            Map.entry("MaxIDontWantLength", (b, v) -> b.maxIDontWantLength(integer(v))),
            Map.entry("MaxIDontWantMessages", (b, v) -> b.maxIDontWantMessages(integer(v))),
            Map.entry("IWantFollowupTime", (b, v) -> b.iwantFollowupTime(nanos(v))),
            Map.entry("IDontWantMessageThreshold", (b, v) -> b.idontwantThreshold(integer(v))),
            // go counts this TTL in heartbeats, as gsnode does.
            Map.entry("IDontWantMessageTTL", (b, v) -> b.idontwantTtlHeartbeats(integer(v))));

    /**
     * go fields gsnode's router has no counterpart for. None changes what the harness's scenarios
     * measure: peer exchange on PRUNE (PrunePeers and its connector settings), direct peers, and
     * a log threshold. Each is accepted with a warning.
     */
    static final Set<String> NOT_APPLIED = Set.of("SlowHeartbeatWarning", "PrunePeers", "Connectors",
            "MaxPendingConnections", "ConnectionTimeout", "DirectConnectTicks", "DirectConnectInitialDelay");

    private GoGossipParams() {
    }

    /** go's defaults and the harness node's options, before any {@code gossipSubParams}. */
    public static GossipConfig.Builder goDefaults() {
        return new GossipConfig.Builder()
                .d(6).dLo(5).dHi(12).dScore(4).dOut(2).dLazy(6).gossipFactor(0.25)
                .historyLength(5).historyGossip(3)
                .heartbeatInitialDelay(Duration.ofMillis(100)).heartbeatInterval(Duration.ofSeconds(1))
                .fanoutTtl(Duration.ofSeconds(60)).pruneBackoff(Duration.ofMinutes(1))
                .unsubscribeBackoff(Duration.ofSeconds(10)).graftFloodThreshold(Duration.ofSeconds(10))
                .gossipRetransmission(3).maxIHaveLength(5000).maxIHaveMessages(10)
                .maxIDontWantLength(10).maxIDontWantMessages(1000).idontwantThreshold(1024).idontwantTtlHeartbeats(3)
                .iwantFollowupTime(Duration.ofSeconds(3)).opportunisticGraftTicks(60).opportunisticGraftPeers(2)
                .seenTtl(Duration.ofSeconds(120)).floodPublish(false)
                .maxMessageSize(MAX_MESSAGE_SIZE).outboundQueueSize(600);
    }

    /**
     * The config for {@code params} (a JSON object of go field names). Fields gsnode does not
     * apply, and unknown ones, are reported to {@code warn}, one line each, and skipped.
     *
     * @throws IllegalArgumentException for a value of the wrong type or a combination go would refuse
     */
    public static GossipConfig toConfig(JsonNode params, Consumer<String> warn) {
        GossipConfig.Builder b = goDefaults();
        for (Iterator<Map.Entry<String, JsonNode>> it = params.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String name = e.getKey();
            BiConsumer<GossipConfig.Builder, JsonNode> set = FIELDS.get(name);
            if (set == null) {
                warn.accept(NOT_APPLIED.contains(name)
                        ? "gossipSubParams." + name + " is not applied: gsnode's router has no counterpart (ignored)"
                        : "gossipSubParams." + name + " is not a go-libp2p-pubsub parameter gsnode knows (ignored)");
                continue;
            }
            if (!e.getValue().isNumber()) throw new IllegalArgumentException("gossipSubParams." + name + " is not a number");
            try {
                set.accept(b, e.getValue());
            } catch (IllegalArgumentException bad) {
                throw new IllegalArgumentException("gossipSubParams." + name + ": " + bad.getMessage());
            }
        }
        try {
            return b.build();
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException("gossipSubParams: " + bad.getMessage());
        }
    }

    private static int integer(JsonNode v) {
        if (!v.isIntegralNumber() || !v.canConvertToInt()) throw new IllegalArgumentException("not an integer: " + v);
        return v.asInt();
    }

    /**
     * The message cache's windows: one list each, held for the node's life, so a count no scenario
     * needs (go would allocate 2^31 - 1 of them and die) is refused before the node starts.
     */
    static final int MAX_HISTORY_WINDOWS = 10_000;

    private static int windows(JsonNode v) {
        int n = integer(v);
        if (n > MAX_HISTORY_WINDOWS) throw new IllegalArgumentException("at most " + MAX_HISTORY_WINDOWS + " heartbeat windows, was " + n);
        return n;
    }

    /** Nanoseconds as go's {@code time.Duration}: an int, or a float rounded to the nanosecond. */
    private static Duration nanos(JsonNode v) {
        double n = v.asDouble();
        if (!(n >= 0) || n > Long.MAX_VALUE) throw new IllegalArgumentException("not a duration in nanoseconds >= 0: " + v);
        return Duration.ofNanos(v.isIntegralNumber() && v.canConvertToLong() ? v.asLong() : Math.round(n));
    }
}
