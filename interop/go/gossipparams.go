package main

// Router parameters of `gopeer run` under gsnode's names (GossipConfig.java:
// the snake-case component names, `_ms` for durations), with the report's
// values as defaults (docs/arms.md §5.1, §5.2) and the same consistency
// checks, applied to go-libp2p-pubsub. The record lists them in GossipConfig's
// order so a go record's config.gossipsub reads like a Java one's.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	pubsub "github.com/libp2p/go-libp2p-pubsub"
)

// gossipParams holds every value in gsnode's units (durations in ms).
type gossipParams struct {
	D, Dlo, Dhi, Dscore, Dout, Dlazy                         int
	GossipFactor                                             float64
	HistoryLength, HistoryGossip                             int
	HeartbeatMs, HeartbeatInitialMs                          int64
	FanoutTTLMs, PruneBackoffMs, UnsubscribeMs, GraftFloodMs int64
	GossipRetransmission, MaxIHaveLength, MaxIHaveMessages   int
	MaxIDontWantLength, MaxIDontWantMessages                 int
	IDontWantThreshold, IDontWantTTLHeartbeats               int
	IWantFollowupMs                                          int64
	OpportunisticGraftTicks, OpportunisticGraftPeers         int
	SeenTTLMs                                                int64
	FloodPublish                                             bool
	MaxMessageSize, OutboundQueueSize                        int
	SignaturePolicy                                          string // gsnode's name: strict-sign, strict-no-sign, lax-no-sign
}

// defaultGossipParams is GossipConfig.Builder's defaults with RunCommand's
// lax-no-sign policy.
func defaultGossipParams() gossipParams {
	return gossipParams{D: 8, Dlo: 6, Dhi: 12, Dscore: 4, Dout: 2, Dlazy: 6, GossipFactor: 0.25,
		HistoryLength: 6, HistoryGossip: 3, HeartbeatMs: 700, HeartbeatInitialMs: 100,
		FanoutTTLMs: 60_000, PruneBackoffMs: 60_000, UnsubscribeMs: 10_000, GraftFloodMs: 10_000,
		GossipRetransmission: 3, MaxIHaveLength: 5000, MaxIHaveMessages: 10,
		MaxIDontWantLength: 10, MaxIDontWantMessages: 1000, IDontWantThreshold: 1024, IDontWantTTLHeartbeats: 3,
		IWantFollowupMs: 3000, OpportunisticGraftTicks: 60, OpportunisticGraftPeers: 2,
		SeenTTLMs: 120_000, FloodPublish: false, MaxMessageSize: maxRPCSize, OutboundQueueSize: peerOutboundQueue,
		SignaturePolicy: "lax-no-sign"}
}

// gossipParam is one named parameter: how the record shows it and how text sets it.
type gossipParam struct {
	name string
	get  func(*gossipParams) any
	set  func(*gossipParams, string) error
}

func intParam(name string, f func(*gossipParams) *int) gossipParam {
	return gossipParam{name, func(g *gossipParams) any { return *f(g) }, func(g *gossipParams, v string) error {
		n, err := strconv.ParseInt(v, 10, 32)
		*f(g) = int(n)
		return err
	}}
}

func msParam(name string, f func(*gossipParams) *int64) gossipParam {
	return gossipParam{name, func(g *gossipParams) any { return *f(g) }, func(g *gossipParams, v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		*f(g) = n
		return err
	}}
}

// gossipParamTable lists, in GossipConfig's order, the parameters the go
// router takes.
var gossipParamTable = []gossipParam{
	intParam("d", func(g *gossipParams) *int { return &g.D }),
	intParam("d_lo", func(g *gossipParams) *int { return &g.Dlo }),
	intParam("d_hi", func(g *gossipParams) *int { return &g.Dhi }),
	intParam("d_score", func(g *gossipParams) *int { return &g.Dscore }),
	intParam("d_out", func(g *gossipParams) *int { return &g.Dout }),
	intParam("d_lazy", func(g *gossipParams) *int { return &g.Dlazy }),
	{"gossip_factor", func(g *gossipParams) any { return g.GossipFactor }, func(g *gossipParams, v string) (err error) {
		g.GossipFactor, err = strconv.ParseFloat(v, 64)
		return err
	}},
	intParam("history_length", func(g *gossipParams) *int { return &g.HistoryLength }),
	intParam("history_gossip", func(g *gossipParams) *int { return &g.HistoryGossip }),
	msParam("heartbeat_interval_ms", func(g *gossipParams) *int64 { return &g.HeartbeatMs }),
	msParam("heartbeat_initial_delay_ms", func(g *gossipParams) *int64 { return &g.HeartbeatInitialMs }),
	msParam("fanout_ttl_ms", func(g *gossipParams) *int64 { return &g.FanoutTTLMs }),
	msParam("prune_backoff_ms", func(g *gossipParams) *int64 { return &g.PruneBackoffMs }),
	msParam("unsubscribe_backoff_ms", func(g *gossipParams) *int64 { return &g.UnsubscribeMs }),
	msParam("graft_flood_threshold_ms", func(g *gossipParams) *int64 { return &g.GraftFloodMs }),
	intParam("gossip_retransmission", func(g *gossipParams) *int { return &g.GossipRetransmission }),
	intParam("max_ihave_length", func(g *gossipParams) *int { return &g.MaxIHaveLength }),
	intParam("max_ihave_messages", func(g *gossipParams) *int { return &g.MaxIHaveMessages }),
	intParam("max_idontwant_length", func(g *gossipParams) *int { return &g.MaxIDontWantLength }),
	intParam("max_idontwant_messages", func(g *gossipParams) *int { return &g.MaxIDontWantMessages }),
	intParam("idontwant_threshold", func(g *gossipParams) *int { return &g.IDontWantThreshold }),
	intParam("idontwant_ttl_heartbeats", func(g *gossipParams) *int { return &g.IDontWantTTLHeartbeats }),
	msParam("iwant_followup_time_ms", func(g *gossipParams) *int64 { return &g.IWantFollowupMs }),
	intParam("opportunistic_graft_ticks", func(g *gossipParams) *int { return &g.OpportunisticGraftTicks }),
	intParam("opportunistic_graft_peers", func(g *gossipParams) *int { return &g.OpportunisticGraftPeers }),
	msParam("seen_ttl_ms", func(g *gossipParams) *int64 { return &g.SeenTTLMs }),
	{"flood_publish", func(g *gossipParams) any { return g.FloodPublish }, func(g *gossipParams, v string) error {
		switch strings.ToLower(v) {
		case "true", "1", "yes", "on":
			g.FloodPublish = true
		case "false", "0", "no", "off":
			g.FloodPublish = false
		default:
			return fmt.Errorf("not a boolean: '%s'", v)
		}
		return nil
	}},
	intParam("max_message_size", func(g *gossipParams) *int { return &g.MaxMessageSize }),
	intParam("outbound_queue_size", func(g *gossipParams) *int { return &g.OutboundQueueSize }),
	{"signature_policy", func(g *gossipParams) any { return g.SignaturePolicy }, func(g *gossipParams, v string) error {
		switch strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(v)) {
		case "strictsign":
			g.SignaturePolicy = "strict-sign"
		case "strictnosign":
			g.SignaturePolicy = "strict-no-sign"
		case "laxnosign":
			g.SignaturePolicy = "lax-no-sign"
		default:
			return fmt.Errorf("unknown signature policy '%s'; use strict-sign, strict-no-sign or lax-no-sign", v)
		}
		return nil
	}},
}

// unsupportedGossipParams are GossipConfig names the go router cannot take.
var unsupportedGossipParams = map[string]string{
	"partial_messages":              "the whole-message arm runs without the partial-messages extension",
	"seed":                          "go-libp2p-pubsub draws its shuffles from its own random source",
	"gossip_threshold":              "the go node installs no peer scoring, so no score thresholds",
	"publish_threshold":             "the go node installs no peer scoring, so no score thresholds",
	"graylist_threshold":            "the go node installs no peer scoring, so no score thresholds",
	"accept_px_threshold":           "the go node installs no peer scoring, so no score thresholds",
	"opportunistic_graft_threshold": "the go node installs no peer scoring, so no score thresholds",
}

func gossipParamNames() []string {
	names := make([]string, len(gossipParamTable))
	for i, p := range gossipParamTable {
		names[i] = p.name
	}
	return names
}

// set sets a parameter by gsnode's name (case and '-' for '_' forgiven, as GossipConfig.Builder.set).
func (g *gossipParams) set(name, value string) error {
	key := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(name)), "-", "_")
	if why, ok := unsupportedGossipParams[key]; ok {
		return fmt.Errorf("gossipsub parameter %s is not supported by the go node: %s", name, why)
	}
	for _, p := range gossipParamTable {
		if p.name == key {
			if err := p.set(g, strings.TrimSpace(value)); err != nil {
				return fmt.Errorf("gossipsub parameter %s: not a valid value: '%s'", name, value)
			}
			return nil
		}
	}
	return fmt.Errorf("unknown gossipsub parameter '%s'; known: %s", name, strings.Join(gossipParamNames(), ", "))
}

// check is GossipConfig's compact constructor's validation.
func (g *gossipParams) check() error {
	rules := []struct {
		ok  bool
		msg string
	}{
		{g.Dlo <= g.D && g.D <= g.Dhi, fmt.Sprintf("need d_lo <= d <= d_hi (got %d, %d, %d)", g.Dlo, g.D, g.Dhi)},
		{g.Dlo >= 0 && g.Dout >= 0 && g.Dscore >= 0 && g.Dlazy >= 0, "mesh degrees must not be negative"},
		{g.Dout <= g.Dlo && (g.Dout == 0 || g.Dout <= g.D/2), fmt.Sprintf("need d_out <= d_lo and d_out <= d/2 (got d_out %d)", g.Dout)},
		{g.Dscore <= g.Dhi, "need d_score <= d_hi"},
		{g.GossipFactor >= 0 && g.GossipFactor <= 1, "gossip_factor must be in [0, 1]"},
		{g.HistoryGossip >= 1 && g.HistoryGossip <= g.HistoryLength, "need 1 <= history_gossip <= history_length"},
		{g.HeartbeatMs > 0, "heartbeat_interval must be positive"},
		{g.MaxMessageSize > 0 && g.OutboundQueueSize > 0, "max_message_size and outbound_queue_size must be positive"},
		{g.MaxIHaveLength > 0 && g.MaxIHaveMessages > 0 && g.MaxIDontWantLength > 0 && g.MaxIDontWantMessages > 0,
			"IHAVE/IDONTWANT limits must be positive"},
		{g.IDontWantThreshold >= 0 && g.IDontWantTTLHeartbeats > 0 && g.GossipRetransmission > 0,
			"idontwant_threshold, idontwant_ttl and gossip_retransmission out of range"},
		// go-specific: durations it would take as 0 or negative, and counts it keeps unsigned.
		{g.HeartbeatInitialMs >= 0 && g.FanoutTTLMs >= 0 && g.PruneBackoffMs >= 0 && g.UnsubscribeMs >= 0 &&
			g.GraftFloodMs >= 0 && g.IWantFollowupMs >= 0 && g.SeenTTLMs > 0, "durations must not be negative (seen_ttl positive)"},
		{g.OpportunisticGraftTicks > 0 && g.OpportunisticGraftPeers >= 0, "opportunistic_graft_ticks must be positive"},
	}
	for _, r := range rules {
		if !r.ok {
			return errors.New(r.msg)
		}
	}
	return nil
}

// asMap is the record's config.gossipsub: every GossipConfig name, in its
// order; seed null (go has none), partial_messages false and the score
// thresholds 0 (no scoring), which is what the go router runs with.
func (g *gossipParams) asMap() orderedMap {
	m := orderedMap{}
	for _, p := range gossipParamTable {
		m.put(p.name, p.get(g))
		if p.name == "signature_policy" {
			m.put("partial_messages", false)
			m.put("seed", nil)
		}
	}
	for _, t := range []string{"gossip", "publish", "graylist", "accept_px", "opportunistic_graft"} {
		m.put(t+"_threshold", 0.0)
	}
	return m
}

func millis(v int64) time.Duration { return time.Duration(v) * time.Millisecond }

// options builds the go-libp2p-pubsub options for these parameters.
func (g *gossipParams) options() []pubsub.Option {
	p := pubsub.DefaultGossipSubParams()
	p.D, p.Dlo, p.Dhi, p.Dscore, p.Dout, p.Dlazy = g.D, g.Dlo, g.Dhi, g.Dscore, g.Dout, g.Dlazy
	p.GossipFactor = g.GossipFactor
	p.HistoryLength, p.HistoryGossip = g.HistoryLength, g.HistoryGossip
	p.HeartbeatInterval, p.HeartbeatInitialDelay = millis(g.HeartbeatMs), millis(g.HeartbeatInitialMs)
	p.FanoutTTL, p.PruneBackoff, p.UnsubscribeBackoff = millis(g.FanoutTTLMs), millis(g.PruneBackoffMs), millis(g.UnsubscribeMs)
	p.GraftFloodThreshold = millis(g.GraftFloodMs)
	p.GossipRetransmission = g.GossipRetransmission
	p.MaxIHaveLength, p.MaxIHaveMessages = g.MaxIHaveLength, g.MaxIHaveMessages
	p.MaxIDontWantLength, p.MaxIDontWantMessages = g.MaxIDontWantLength, g.MaxIDontWantMessages
	p.IDontWantMessageThreshold, p.IDontWantMessageTTL = g.IDontWantThreshold, g.IDontWantTTLHeartbeats
	p.IWantFollowupTime = millis(g.IWantFollowupMs)
	p.OpportunisticGraftTicks, p.OpportunisticGraftPeers = uint64(g.OpportunisticGraftTicks), g.OpportunisticGraftPeers

	opts := []pubsub.Option{
		pubsub.WithGossipSubParams(p),
		pubsub.WithSeenMessagesTTL(millis(g.SeenTTLMs)),
		pubsub.WithFloodPublish(g.FloodPublish),
		pubsub.WithMaxMessageSize(g.MaxMessageSize),
		pubsub.WithPeerOutboundQueueSize(g.OutboundQueueSize),
	}
	// gsnode's three policies are go's: lax-no-sign is go's LaxNoSign (from and
	// seqno, no signature, nothing checked); strict-no-sign needs no author.
	switch g.SignaturePolicy {
	case "strict-sign":
		opts = append(opts, pubsub.WithMessageSignaturePolicy(pubsub.StrictSign))
	case "strict-no-sign":
		opts = append(opts, pubsub.WithMessageSignaturePolicy(pubsub.StrictNoSign), pubsub.WithNoAuthor())
	default:
		opts = append(opts, pubsub.WithMessageSignaturePolicy(pubsub.LaxNoSign))
	}
	return opts
}
