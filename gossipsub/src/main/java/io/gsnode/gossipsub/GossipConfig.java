package io.gsnode.gossipsub;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Every router parameter, with the report's values as defaults (docs/arms.md §5.2: Prysm's production
 * settings). Names follow go-libp2p-pubsub's fields in snake case, so a user can read a go
 * configuration across; {@link Builder#set} takes them as text for the command line.
 */
public record GossipConfig(
        int d, int dLo, int dHi, int dScore, int dOut, int dLazy, double gossipFactor,
        int historyLength, int historyGossip,
        Duration heartbeatInterval, Duration heartbeatInitialDelay,
        Duration fanoutTtl, Duration pruneBackoff, Duration unsubscribeBackoff, Duration graftFloodThreshold,
        int gossipRetransmission, int maxIHaveLength, int maxIHaveMessages,
        int maxIDontWantLength, int maxIDontWantMessages, int idontwantThreshold, int idontwantTtlHeartbeats,
        Duration iwantFollowupTime, int opportunisticGraftTicks, int opportunisticGraftPeers,
        Duration seenTtl, boolean floodPublish, int maxMessageSize, int outboundQueueSize,
        SignaturePolicy signaturePolicy, boolean partialMessages, Long seed, ScoreThresholds thresholds) {

    /**
     * Peer-score thresholds (docs/wire.md §7.10). The report's cells install no scoring: every
     * score is 0 and every threshold 0 (docs/arms.md §5.1), which these defaults reproduce.
     */
    public record ScoreThresholds(double gossip, double publish, double graylist, double acceptPx,
                                  double opportunisticGraft) {
        public static final ScoreThresholds NONE = new ScoreThresholds(0, 0, 0, 0, 0);

        public ScoreThresholds {
            if (!(graylist <= publish && publish <= gossip && gossip <= 0 && acceptPx >= 0 && opportunisticGraft >= 0)) {
                throw new IllegalArgumentException("need graylist <= publish <= gossip <= 0, accept_px >= 0 and "
                        + "opportunistic_graft >= 0 score thresholds");
            }
        }
    }

    /** Ethereum's max_message_size(): max(32 + n + n/6 + 1024, 1 MiB) for n = 10 MiB. */
    public static final int ETHEREUM_MAX_MESSAGE_SIZE = 32 + 10 * 1024 * 1024 + 10 * 1024 * 1024 / 6 + 1024;

    public static final GossipConfig DEFAULT = new Builder().build();

    public GossipConfig {
        require(dLo <= d && d <= dHi, "need d_lo <= d <= d_hi (got " + dLo + ", " + d + ", " + dHi + ")");
        require(dLo >= 0 && dOut >= 0 && dScore >= 0 && dLazy >= 0, "mesh degrees must not be negative");
        require(dOut <= dLo && (dOut == 0 || dOut <= d / 2), "need d_out <= d_lo and d_out <= d/2 (got d_out " + dOut + ")");
        require(dScore <= dHi, "need d_score <= d_hi");
        require(gossipFactor >= 0 && gossipFactor <= 1, "gossip_factor must be in [0, 1]");
        require(historyGossip >= 1 && historyGossip <= historyLength, "need 1 <= history_gossip <= history_length");
        require(heartbeatInterval.toMillis() > 0, "heartbeat_interval must be positive");
        require(maxMessageSize > 0 && outboundQueueSize > 0, "max_message_size and outbound_queue_size must be positive");
        require(maxIHaveLength > 0 && maxIHaveMessages > 0 && maxIDontWantLength > 0 && maxIDontWantMessages > 0,
                "IHAVE/IDONTWANT limits must be positive");
        require(idontwantThreshold >= 0 && idontwantTtlHeartbeats > 0 && gossipRetransmission > 0,
                "idontwant_threshold, idontwant_ttl and gossip_retransmission out of range");
    }

    private static void require(boolean ok, String message) {
        if (!ok) throw new IllegalArgumentException(message);
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Every value in effect, by its parameter name, for a node's record. */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        for (var e : PARAMS.entrySet()) m.put(e.getKey(), e.getValue().get.apply(this));
        return m;
    }

    /** The parameter names {@link Builder#set} accepts, in documentation order. */
    public static Iterable<String> parameterNames() {
        return PARAMS.keySet();
    }

    private record Param(Function<GossipConfig, Object> get, BiConsumer<Builder, String> set) {}

    private static final Map<String, Param> PARAMS = new LinkedHashMap<>();

    private static void intParam(String name, Function<GossipConfig, Object> get, BiConsumer<Builder, Integer> set) {
        PARAMS.put(name, new Param(get, (b, v) -> set.accept(b, Integer.parseInt(v.trim()))));
    }

    private static void msParam(String name, Function<GossipConfig, Duration> get, BiConsumer<Builder, Duration> set) {
        PARAMS.put(name + "_ms", new Param(c -> get.apply(c).toMillis(),
                (b, v) -> set.accept(b, Duration.ofMillis(Long.parseLong(v.trim())))));
    }

    static {
        intParam("d", GossipConfig::d, (b, v) -> b.d = v);
        intParam("d_lo", GossipConfig::dLo, (b, v) -> b.dLo = v);
        intParam("d_hi", GossipConfig::dHi, (b, v) -> b.dHi = v);
        intParam("d_score", GossipConfig::dScore, (b, v) -> b.dScore = v);
        intParam("d_out", GossipConfig::dOut, (b, v) -> b.dOut = v);
        intParam("d_lazy", GossipConfig::dLazy, (b, v) -> b.dLazy = v);
        PARAMS.put("gossip_factor", new Param(GossipConfig::gossipFactor, (b, v) -> b.gossipFactor = Double.parseDouble(v.trim())));
        intParam("history_length", GossipConfig::historyLength, (b, v) -> b.historyLength = v);
        intParam("history_gossip", GossipConfig::historyGossip, (b, v) -> b.historyGossip = v);
        msParam("heartbeat_interval", GossipConfig::heartbeatInterval, (b, v) -> b.heartbeatInterval = v);
        msParam("heartbeat_initial_delay", GossipConfig::heartbeatInitialDelay, (b, v) -> b.heartbeatInitialDelay = v);
        msParam("fanout_ttl", GossipConfig::fanoutTtl, (b, v) -> b.fanoutTtl = v);
        msParam("prune_backoff", GossipConfig::pruneBackoff, (b, v) -> b.pruneBackoff = v);
        msParam("unsubscribe_backoff", GossipConfig::unsubscribeBackoff, (b, v) -> b.unsubscribeBackoff = v);
        msParam("graft_flood_threshold", GossipConfig::graftFloodThreshold, (b, v) -> b.graftFloodThreshold = v);
        intParam("gossip_retransmission", GossipConfig::gossipRetransmission, (b, v) -> b.gossipRetransmission = v);
        intParam("max_ihave_length", GossipConfig::maxIHaveLength, (b, v) -> b.maxIHaveLength = v);
        intParam("max_ihave_messages", GossipConfig::maxIHaveMessages, (b, v) -> b.maxIHaveMessages = v);
        intParam("max_idontwant_length", GossipConfig::maxIDontWantLength, (b, v) -> b.maxIDontWantLength = v);
        intParam("max_idontwant_messages", GossipConfig::maxIDontWantMessages, (b, v) -> b.maxIDontWantMessages = v);
        intParam("idontwant_threshold", GossipConfig::idontwantThreshold, (b, v) -> b.idontwantThreshold = v);
        intParam("idontwant_ttl_heartbeats", GossipConfig::idontwantTtlHeartbeats, (b, v) -> b.idontwantTtlHeartbeats = v);
        msParam("iwant_followup_time", GossipConfig::iwantFollowupTime, (b, v) -> b.iwantFollowupTime = v);
        intParam("opportunistic_graft_ticks", GossipConfig::opportunisticGraftTicks, (b, v) -> b.opportunisticGraftTicks = v);
        intParam("opportunistic_graft_peers", GossipConfig::opportunisticGraftPeers, (b, v) -> b.opportunisticGraftPeers = v);
        msParam("seen_ttl", GossipConfig::seenTtl, (b, v) -> b.seenTtl = v);
        PARAMS.put("flood_publish", new Param(GossipConfig::floodPublish, (b, v) -> b.floodPublish = parseBool(v)));
        intParam("max_message_size", GossipConfig::maxMessageSize, (b, v) -> b.maxMessageSize = v);
        intParam("outbound_queue_size", GossipConfig::outboundQueueSize, (b, v) -> b.outboundQueueSize = v);
        PARAMS.put("signature_policy", new Param(c -> c.signaturePolicy().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                (b, v) -> b.signaturePolicy = SignaturePolicy.parse(v.trim())));
        PARAMS.put("partial_messages", new Param(GossipConfig::partialMessages, (b, v) -> b.partialMessages = parseBool(v)));
        PARAMS.put("seed", new Param(GossipConfig::seed, (b, v) -> b.seed = Long.parseLong(v.trim())));
        PARAMS.put("gossip_threshold", new Param(c -> c.thresholds().gossip(), (b, v) -> b.gossipThreshold = Double.parseDouble(v.trim())));
        PARAMS.put("publish_threshold", new Param(c -> c.thresholds().publish(), (b, v) -> b.publishThreshold = Double.parseDouble(v.trim())));
        PARAMS.put("graylist_threshold", new Param(c -> c.thresholds().graylist(), (b, v) -> b.graylistThreshold = Double.parseDouble(v.trim())));
        PARAMS.put("accept_px_threshold", new Param(c -> c.thresholds().acceptPx(), (b, v) -> b.acceptPxThreshold = Double.parseDouble(v.trim())));
        PARAMS.put("opportunistic_graft_threshold", new Param(c -> c.thresholds().opportunisticGraft(),
                (b, v) -> b.opportunisticGraftThreshold = Double.parseDouble(v.trim())));
    }

    private static boolean parseBool(String v) {
        return switch (v.trim().toLowerCase(Locale.ROOT)) {
            case "true", "1", "yes", "on" -> true;
            case "false", "0", "no", "off" -> false;
            default -> throw new IllegalArgumentException("not a boolean: '" + v + "'");
        };
    }

    /** Mutable staging for a config; {@link #build()} validates. */
    public static final class Builder {
        int d = 8, dLo = 6, dHi = 12, dScore = 4, dOut = 2, dLazy = 6;
        double gossipFactor = 0.25;
        int historyLength = 6, historyGossip = 3;
        Duration heartbeatInterval = Duration.ofMillis(700), heartbeatInitialDelay = Duration.ofMillis(100);
        Duration fanoutTtl = Duration.ofSeconds(60), pruneBackoff = Duration.ofMinutes(1);
        Duration unsubscribeBackoff = Duration.ofSeconds(10), graftFloodThreshold = Duration.ofSeconds(10);
        int gossipRetransmission = 3, maxIHaveLength = 5000, maxIHaveMessages = 10;
        int maxIDontWantLength = 10, maxIDontWantMessages = 1000, idontwantThreshold = 1024, idontwantTtlHeartbeats = 3;
        Duration iwantFollowupTime = Duration.ofSeconds(3);
        int opportunisticGraftTicks = 60, opportunisticGraftPeers = 2;
        // go-libp2p-pubsub's TimeCacheDuration; the harness does not apply Prysm's 768 s (docs/arms.md §5.2).
        Duration seenTtl = Duration.ofSeconds(120);
        boolean floodPublish = false;
        int maxMessageSize = ETHEREUM_MAX_MESSAGE_SIZE, outboundQueueSize = 600;
        SignaturePolicy signaturePolicy = SignaturePolicy.STRICT_NO_SIGN;
        boolean partialMessages = false;
        Long seed = null;
        double gossipThreshold, publishThreshold, graylistThreshold, acceptPxThreshold, opportunisticGraftThreshold;

        public Builder() {}

        private Builder(GossipConfig c) {
            for (var e : PARAMS.entrySet()) {
                Object v = e.getValue().get.apply(c);
                if (v != null) e.getValue().set.accept(this, String.valueOf(v));
            }
        }

        /**
         * Sets a parameter by name, from text ({@code d=8}, {@code heartbeat_interval_ms=700}).
         *
         * @throws IllegalArgumentException for an unknown name or a value that does not parse
         */
        public Builder set(String name, String value) {
            Param p = PARAMS.get(name.trim().toLowerCase(Locale.ROOT).replace('-', '_'));
            if (p == null) {
                throw new IllegalArgumentException("unknown gossipsub parameter '" + name + "'; known: "
                        + String.join(", ", PARAMS.keySet()));
            }
            try {
                p.set.accept(this, value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("gossipsub parameter " + name + ": not a number: '" + value + "'");
            }
            return this;
        }

        /** Sets the degrees, lowering Dout and Dscore where the new degrees no longer allow them. */
        public Builder mesh(int d, int dLo, int dHi) {
            this.d = d;
            this.dLo = dLo;
            this.dHi = dHi;
            this.dOut = Math.min(dOut, Math.min(dLo, d / 2));
            this.dScore = Math.min(dScore, dHi);
            return this;
        }

        public Builder heartbeat(Duration interval) {
            this.heartbeatInterval = interval;
            return this;
        }

        public Builder signaturePolicy(SignaturePolicy policy) {
            this.signaturePolicy = policy;
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder maxIHaveMessages(int n) {
            this.maxIHaveMessages = n;
            return this;
        }

        public Builder partialMessages(boolean on) {
            this.partialMessages = on;
            return this;
        }

        public GossipConfig build() {
            return new GossipConfig(d, dLo, dHi, dScore, dOut, dLazy, gossipFactor, historyLength, historyGossip,
                    heartbeatInterval, heartbeatInitialDelay, fanoutTtl, pruneBackoff, unsubscribeBackoff,
                    graftFloodThreshold, gossipRetransmission, maxIHaveLength, maxIHaveMessages,
                    maxIDontWantLength, maxIDontWantMessages, idontwantThreshold, idontwantTtlHeartbeats,
                    iwantFollowupTime, opportunisticGraftTicks, opportunisticGraftPeers, seenTtl, floodPublish,
                    maxMessageSize, outboundQueueSize, signaturePolicy, partialMessages, seed,
                    new ScoreThresholds(gossipThreshold, publishThreshold, graylistThreshold, acceptPxThreshold,
                            opportunisticGraftThreshold));
        }
    }
}
