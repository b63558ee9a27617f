package io.gsnode.gossipsub;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Every router parameter, with the report's values as defaults (docs/arms.md §5.2: Prysm's
 * production settings). The defaults live in one place, the {@link Builder}'s fields. Each
 * parameter also has a text name, its component's name in snake case ({@code _ms} added for
 * durations), which is how a node's record lists them and how {@link Builder#set} takes them from
 * the command line; the names follow go-libp2p-pubsub's fields, so a user can read a go
 * configuration across.
 *
 * @param d mesh degree D: peers kept in a topic's mesh. Default 8; d_lo <= d <= d_hi. go: {@code D}
 * @param dLo fewest mesh peers before the heartbeat grafts more. Default 6; >= 0. go: {@code Dlo}
 * @param dHi most mesh peers before the heartbeat prunes down to d. Default 12. go: {@code Dhi}
 * @param dScore mesh peers kept by score when pruning. Default 4; <= d_hi. go: {@code Dscore}.
 *     Not read by the router: no scoring is installed, so pruning keeps peers by a seeded shuffle
 * @param dOut outbound peers the mesh keeps. Default 2; <= d_lo and <= d/2 (or 0). go: {@code Dout}
 * @param dLazy peers that get IHAVE gossip per heartbeat, at least. Default 6; >= 0. go: {@code Dlazy}
 * @param gossipFactor share of the non-mesh peers that get IHAVE gossip. Default 0.25; in [0, 1].
 *     go: {@code GossipFactor}
 * @param historyLength heartbeats a message stays in the message cache. Default 6; >= history_gossip.
 *     go: {@code HistoryLength}
 * @param historyGossip heartbeats of the cache IHAVE announces. Default 3; >= 1. go: {@code HistoryGossip}
 * @param heartbeatInterval time between heartbeats. Default 700 ms (Prysm); positive. go: {@code HeartbeatInterval}
 * @param heartbeatInitialDelay time from start to the first heartbeat. Default 100 ms.
 *     go: {@code HeartbeatInitialDelay}
 * @param fanoutTtl how long a fanout set outlives the last publish to its topic. Default 60 s.
 *     go: {@code FanoutTTL}
 * @param pruneBackoff how long a pruned peer may not graft back. Default 1 min. go: {@code PruneBackoff}
 * @param unsubscribeBackoff the backoff our PRUNEs ask for when we leave a topic. Default 10 s.
 *     go: {@code UnsubscribeBackoff}
 * @param graftFloodThreshold a GRAFT this soon after a PRUNE earns a score penalty. Default 10 s.
 *     go: {@code GraftFloodThreshold}. Not read by the router: without scoring there is no penalty
 * @param gossipRetransmission times a message id may be asked for by one peer in IWANT. Default 3;
 *     > 0. go: {@code GossipRetransmission}
 * @param maxIHaveLength most message ids we announce to one peer per heartbeat, and accept from
 *     one. Default 5000; > 0. go: {@code MaxIHaveLength}
 * @param maxIHaveMessages most IHAVE messages we accept from one peer per heartbeat. Default 10;
 *     > 0. go: {@code MaxIHaveMessages}
 * @param maxIDontWantLength most ids per IDONTWANT message. Default 10; > 0. go: {@code MaxIDontWantLength}
 * @param maxIDontWantMessages most IDONTWANT messages accepted from one peer per heartbeat.
 *     Default 1000; > 0. go: {@code MaxIDontWantMessages}
 * @param idontwantThreshold bytes from which a received message is announced with IDONTWANT.
 *     Default 1024; >= 0. go: {@code IDontWantMessageThreshold}
 * @param idontwantTtlHeartbeats heartbeats an IDONTWANT is remembered. Default 3; > 0.
 *     go: {@code IDontWantMessageTTL}
 * @param iwantFollowupTime how long a peer that announced an id has to deliver it once asked;
 *     past it the promise is broken. Default 3 s. go: {@code IWantFollowupTime}
 * @param opportunisticGraftTicks heartbeats between opportunistic grafts. Default 60.
 *     go: {@code OpportunisticGraftTicks}
 * @param opportunisticGraftPeers peers grafted at a time opportunistically. Default 2.
 *     go: {@code OpportunisticGraftPeers}
 * @param seenTtl how long a message id is remembered as seen. Default 120 s (go's
 *     {@code TimeCacheDuration}; the harness does not apply Prysm's 768 s, docs/arms.md §5.2).
 *     go: {@code WithSeenMessagesTTL}
 * @param floodPublish whether our own publishes go to every topic peer, not only the mesh.
 *     Default false. go: {@code WithFloodPublish}
 * @param maxMessageSize largest RPC frame, bytes, either way. Default
 *     {@link #ETHEREUM_MAX_MESSAGE_SIZE}; > 0. go: {@code WithMaxMessageSize}
 * @param outboundQueueSize RPCs queued per peer before more are dropped. Default 600; > 0.
 *     go: {@code WithPeerOutboundQueueSize}
 * @param signaturePolicy how messages are authored and checked. Default strict-no-sign.
 *     go: {@code WithMessageSignaturePolicy}
 * @param partialMessages whether we negotiate the partial-messages extension (v1.3). Default false
 * @param seed the seed of every random choice (mesh draws, gossip targets), or null for a fresh one
 *     per run. No go equivalent: go draws from its own source
 * @param thresholds peer-score thresholds; all 0 without scoring. go: {@code PeerScoreThresholds}
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
     * Peer-score thresholds (docs/wire.md §7.10), named {@code <component>_threshold} as text. The
     * report's cells install no scoring: every score is 0 and every threshold 0 (docs/arms.md
     * §5.1), which these defaults reproduce.
     *
     * @param gossip below it a peer gets no gossip and its IHAVE/IWANT are ignored; <= 0. go: {@code GossipThreshold}
     * @param publish below it a peer gets no flood publish; <= gossip. go: {@code PublishThreshold}
     * @param graylist below it a peer's RPCs are ignored; <= publish. go: {@code GraylistThreshold}
     * @param acceptPx above it PRUNE peer exchange is accepted; >= 0. go: {@code AcceptPXThreshold}
     * @param opportunisticGraft a mesh median below it triggers opportunistic grafting; >= 0.
     *     go: {@code OpportunisticGraftThreshold}
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

    // ----- the by-name registry, derived from the record's components -----

    /** One text-named parameter: its value as the record shows it, and how text sets it on a builder. */
    private record Param(Function<GossipConfig, Object> get, BiConsumer<Builder, String> set) {}

    private static final Map<String, Param> PARAMS = registry();

    /**
     * One entry per component, in declaration order; {@code thresholds} contributes one per
     * threshold. Each is set through the builder's typed setter of the same name, so the builder
     * stays the only place that knows the defaults.
     */
    private static Map<String, Param> registry() {
        Map<String, Param> params = new LinkedHashMap<>();
        for (RecordComponent c : GossipConfig.class.getRecordComponents()) {
            if (c.getType() == ScoreThresholds.class) {
                for (RecordComponent t : ScoreThresholds.class.getRecordComponents()) {
                    Method setter = setter(t.getName() + "Threshold", double.class);
                    params.put(snakeCase(t.getName()) + "_threshold",
                            new Param(config -> read(t, config.thresholds()), (b, v) -> call(setter, b, parse(double.class, v))));
                }
                continue;
            }
            Method setter = setter(c.getName(), c.getType());
            String name = snakeCase(c.getName()) + (c.getType() == Duration.class ? "_ms" : "");
            params.put(name, new Param(config -> shown(read(c, config)), (b, v) -> call(setter, b, parse(c.getType(), v))));
        }
        return Collections.unmodifiableMap(params);
    }

    /** {@code maxIHaveLength} -> {@code max_ihave_length}: IHAVE and IDONTWANT are one word each, as in go. */
    static String snakeCase(String camel) {
        String words = camel.replace("IHave", "Ihave").replace("IDontWant", "Idontwant");
        return words.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }

    /** How a value appears in records: durations in milliseconds, the policy by its command-line name. */
    private static Object shown(Object value) {
        if (value instanceof Duration d) return d.toMillis();
        if (value instanceof SignaturePolicy p) return p.name().toLowerCase(Locale.ROOT).replace('_', '-');
        return value;
    }

    private static Object parse(Class<?> type, String text) {
        String v = text.trim();
        if (type == int.class) return Integer.parseInt(v);
        if (type == double.class) return Double.parseDouble(v);
        if (type == boolean.class) return parseBool(v);
        if (type == Long.class) return Long.parseLong(v);
        if (type == Duration.class) return Duration.ofMillis(Long.parseLong(v));
        if (type == SignaturePolicy.class) return SignaturePolicy.parse(v);
        throw new IllegalStateException("no text form for a parameter of type " + type.getName());
    }

    private static boolean parseBool(String v) {
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "true", "1", "yes", "on" -> true;
            case "false", "0", "no", "off" -> false;
            default -> throw new IllegalArgumentException("not a boolean: '" + v + "'");
        };
    }

    private static Method setter(String name, Class<?> type) {
        try {
            return Builder.class.getMethod(name, type);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("GossipConfig.Builder lacks a setter " + name + "(" + type.getSimpleName() + ")", e);
        }
    }

    private static Object read(RecordComponent component, Object record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component.getName(), e);
        }
    }

    private static void call(Method setter, Builder builder, Object value) {
        try {
            setter.invoke(builder, value);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot call " + setter.getName(), e);
        }
    }

    /** Mutable staging for a config, holding every default; {@link #build()} validates. */
    public static final class Builder {
        private int d = 8, dLo = 6, dHi = 12, dScore = 4, dOut = 2, dLazy = 6;
        private double gossipFactor = 0.25;
        private int historyLength = 6, historyGossip = 3;
        private Duration heartbeatInterval = Duration.ofMillis(700), heartbeatInitialDelay = Duration.ofMillis(100);
        private Duration fanoutTtl = Duration.ofSeconds(60), pruneBackoff = Duration.ofMinutes(1);
        private Duration unsubscribeBackoff = Duration.ofSeconds(10), graftFloodThreshold = Duration.ofSeconds(10);
        private int gossipRetransmission = 3, maxIHaveLength = 5000, maxIHaveMessages = 10;
        private int maxIDontWantLength = 10, maxIDontWantMessages = 1000, idontwantThreshold = 1024, idontwantTtlHeartbeats = 3;
        private Duration iwantFollowupTime = Duration.ofSeconds(3);
        private int opportunisticGraftTicks = 60, opportunisticGraftPeers = 2;
        private Duration seenTtl = Duration.ofSeconds(120);
        private boolean floodPublish = false;
        private int maxMessageSize = ETHEREUM_MAX_MESSAGE_SIZE, outboundQueueSize = 600;
        private SignaturePolicy signaturePolicy = SignaturePolicy.STRICT_NO_SIGN;
        private boolean partialMessages = false;
        private Long seed = null;
        // Kept apart until build(): the thresholds are checked together, and by-name setting comes one at a time.
        private double gossipThreshold, publishThreshold, graylistThreshold, acceptPxThreshold, opportunisticGraftThreshold;

        public Builder() {}

        private Builder(GossipConfig c) {
            d = c.d; dLo = c.dLo; dHi = c.dHi; dScore = c.dScore; dOut = c.dOut; dLazy = c.dLazy;
            gossipFactor = c.gossipFactor;
            historyLength = c.historyLength; historyGossip = c.historyGossip;
            heartbeatInterval = c.heartbeatInterval; heartbeatInitialDelay = c.heartbeatInitialDelay;
            fanoutTtl = c.fanoutTtl; pruneBackoff = c.pruneBackoff;
            unsubscribeBackoff = c.unsubscribeBackoff; graftFloodThreshold = c.graftFloodThreshold;
            gossipRetransmission = c.gossipRetransmission; maxIHaveLength = c.maxIHaveLength; maxIHaveMessages = c.maxIHaveMessages;
            maxIDontWantLength = c.maxIDontWantLength; maxIDontWantMessages = c.maxIDontWantMessages;
            idontwantThreshold = c.idontwantThreshold; idontwantTtlHeartbeats = c.idontwantTtlHeartbeats;
            iwantFollowupTime = c.iwantFollowupTime;
            opportunisticGraftTicks = c.opportunisticGraftTicks; opportunisticGraftPeers = c.opportunisticGraftPeers;
            seenTtl = c.seenTtl; floodPublish = c.floodPublish;
            maxMessageSize = c.maxMessageSize; outboundQueueSize = c.outboundQueueSize;
            signaturePolicy = c.signaturePolicy; partialMessages = c.partialMessages; seed = c.seed;
            gossipThreshold = c.thresholds.gossip(); publishThreshold = c.thresholds.publish();
            graylistThreshold = c.thresholds.graylist(); acceptPxThreshold = c.thresholds.acceptPx();
            opportunisticGraftThreshold = c.thresholds.opportunisticGraft();
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

        // One typed setter per parameter, named as its component; see the record for units and limits.

        public Builder d(int v) { d = v; return this; }
        public Builder dLo(int v) { dLo = v; return this; }
        public Builder dHi(int v) { dHi = v; return this; }
        public Builder dScore(int v) { dScore = v; return this; }
        public Builder dOut(int v) { dOut = v; return this; }
        public Builder dLazy(int v) { dLazy = v; return this; }
        public Builder gossipFactor(double v) { gossipFactor = v; return this; }
        public Builder historyLength(int v) { historyLength = v; return this; }
        public Builder historyGossip(int v) { historyGossip = v; return this; }
        public Builder heartbeatInterval(Duration v) { heartbeatInterval = v; return this; }
        public Builder heartbeatInitialDelay(Duration v) { heartbeatInitialDelay = v; return this; }
        public Builder fanoutTtl(Duration v) { fanoutTtl = v; return this; }
        public Builder pruneBackoff(Duration v) { pruneBackoff = v; return this; }
        public Builder unsubscribeBackoff(Duration v) { unsubscribeBackoff = v; return this; }
        public Builder graftFloodThreshold(Duration v) { graftFloodThreshold = v; return this; }
        public Builder gossipRetransmission(int v) { gossipRetransmission = v; return this; }
        public Builder maxIHaveLength(int v) { maxIHaveLength = v; return this; }
        public Builder maxIHaveMessages(int v) { maxIHaveMessages = v; return this; }
        public Builder maxIDontWantLength(int v) { maxIDontWantLength = v; return this; }
        public Builder maxIDontWantMessages(int v) { maxIDontWantMessages = v; return this; }
        public Builder idontwantThreshold(int v) { idontwantThreshold = v; return this; }
        public Builder idontwantTtlHeartbeats(int v) { idontwantTtlHeartbeats = v; return this; }
        public Builder iwantFollowupTime(Duration v) { iwantFollowupTime = v; return this; }
        public Builder opportunisticGraftTicks(int v) { opportunisticGraftTicks = v; return this; }
        public Builder opportunisticGraftPeers(int v) { opportunisticGraftPeers = v; return this; }
        public Builder seenTtl(Duration v) { seenTtl = v; return this; }
        public Builder floodPublish(boolean v) { floodPublish = v; return this; }
        public Builder maxMessageSize(int v) { maxMessageSize = v; return this; }
        public Builder outboundQueueSize(int v) { outboundQueueSize = v; return this; }
        public Builder signaturePolicy(SignaturePolicy v) { signaturePolicy = v; return this; }
        public Builder partialMessages(boolean v) { partialMessages = v; return this; }
        public Builder seed(Long v) { seed = v; return this; }
        public Builder gossipThreshold(double v) { gossipThreshold = v; return this; }
        public Builder publishThreshold(double v) { publishThreshold = v; return this; }
        public Builder graylistThreshold(double v) { graylistThreshold = v; return this; }
        public Builder acceptPxThreshold(double v) { acceptPxThreshold = v; return this; }
        public Builder opportunisticGraftThreshold(double v) { opportunisticGraftThreshold = v; return this; }

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
