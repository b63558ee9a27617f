package main

// The router of `gopeer params`: an initGossipSub instruction's
// gossipSubParams, named as go-libp2p-pubsub's GossipSubParams fields, over
// go's defaults, and the fixed options the harness's go node runs with.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	pubsub "github.com/libp2p/go-libp2p-pubsub"
	"github.com/libp2p/go-libp2p-pubsub/partialmessages"
)

const (
	harnessQueueSize      = 600
	harnessMaxMessageSize = 10 << 20
)

// gossipSetter stores one JSON number into its field.
type gossipSetter func(p *pubsub.GossipSubParams, n json.Number) error

func countField(f func(*pubsub.GossipSubParams) *int) gossipSetter {
	return func(p *pubsub.GossipSubParams, n json.Number) error {
		v, err := wholeNumber(n, math.MaxInt32)
		*f(p) = int(v)
		return err
	}
}

func tickField(f func(*pubsub.GossipSubParams) *uint64) gossipSetter {
	return func(p *pubsub.GossipSubParams, n json.Number) error {
		v, err := wholeNumber(n, math.MaxInt64)
		*f(p) = uint64(v)
		return err
	}
}

func ratioField(f func(*pubsub.GossipSubParams) *float64) gossipSetter {
	return func(p *pubsub.GossipSubParams, n json.Number) error {
		v, err := n.Float64()
		if err != nil || math.IsInf(v, 0) || v < 0 {
			return fmt.Errorf("want a number not below 0, got %s", n)
		}
		*f(p) = v
		return nil
	}
}

// nanosField takes nanoseconds as an integer or a float: the harness's
// Python model types the durations as floats, and go's own decoder would
// refuse 1.5e9 for a time.Duration.
func nanosField(f func(*pubsub.GossipSubParams) *time.Duration) gossipSetter {
	return func(p *pubsub.GossipSubParams, n json.Number) error {
		if v, err := strconv.ParseInt(string(n), 10, 64); err == nil {
			if v < 0 {
				return fmt.Errorf("want nanoseconds not below 0, got %s", n)
			}
			*f(p) = time.Duration(v)
			return nil
		}
		v, err := n.Float64()
		if err != nil || v < 0 || v >= math.MaxInt64 {
			return fmt.Errorf("want nanoseconds not below 0, got %s", n)
		}
		*f(p) = time.Duration(math.Round(v))
		return nil
	}
}

// wholeNumber accepts an integer written either way (6 or 6.0), since
// Python may write an int field as a float.
func wholeNumber(n json.Number, max int64) (int64, error) {
	if v, err := strconv.ParseInt(string(n), 10, 64); err == nil && v >= 0 && v <= max {
		return v, nil
	}
	v, err := n.Float64()
	if err != nil || v != math.Trunc(v) || v < 0 || v > float64(max) {
		return 0, fmt.Errorf("want a whole number from 0 to %d, got %s", max, n)
	}
	return int64(v), nil
}

var gossipFields = map[string]gossipSetter{
	"D":                         countField(func(p *pubsub.GossipSubParams) *int { return &p.D }),
	"Dlo":                       countField(func(p *pubsub.GossipSubParams) *int { return &p.Dlo }),
	"Dhi":                       countField(func(p *pubsub.GossipSubParams) *int { return &p.Dhi }),
	"Dscore":                    countField(func(p *pubsub.GossipSubParams) *int { return &p.Dscore }),
	"Dout":                      countField(func(p *pubsub.GossipSubParams) *int { return &p.Dout }),
	"HistoryLength":             countField(func(p *pubsub.GossipSubParams) *int { return &p.HistoryLength }),
	"HistoryGossip":             countField(func(p *pubsub.GossipSubParams) *int { return &p.HistoryGossip }),
	"Dlazy":                     countField(func(p *pubsub.GossipSubParams) *int { return &p.Dlazy }),
	"GossipFactor":              ratioField(func(p *pubsub.GossipSubParams) *float64 { return &p.GossipFactor }),
	"GossipRetransmission":      countField(func(p *pubsub.GossipSubParams) *int { return &p.GossipRetransmission }),
	"HeartbeatInitialDelay":     nanosField(func(p *pubsub.GossipSubParams) *time.Duration { return &p.HeartbeatInitialDelay }),
	"HeartbeatInterval":         nanosField(func(p *pubsub.GossipSubParams) *time.Duration { return &p.HeartbeatInterval }),
	"SlowHeartbeatWarning":      ratioField(func(p *pubsub.GossipSubParams) *float64 { return &p.SlowHeartbeatWarning }),
	"FanoutTTL":                 nanosField(func(p *pubsub.GossipSubParams) *time.Duration { return &p.FanoutTTL }),
	"PrunePeers":                countField(func(p *pubsub.GossipSubParams) *int { return &p.PrunePeers }),
	"PruneBackoff":              nanosField(func(p *pubsub.GossipSubParams) *time.Duration { return &p.PruneBackoff }),
	"UnsubscribeBackoff":        nanosField(func(p *pubsub.GossipSubParams) *time.Duration { return &p.UnsubscribeBackoff }),
	"Connectors":                countField(func(p *pubsub.GossipSubParams) *int { return &p.Connectors }),
	"MaxPendingConnections":     countField(func(p *pubsub.GossipSubParams) *int { return &p.MaxPendingConnections }),
	"ConnectionTimeout":         nanosField(func(p *pubsub.GossipSubParams) *time.Duration { return &p.ConnectionTimeout }),
	"DirectConnectTicks":        tickField(func(p *pubsub.GossipSubParams) *uint64 { return &p.DirectConnectTicks }),
	"DirectConnectInitialDelay": nanosField(func(p *pubsub.GossipSubParams) *time.Duration { return &p.DirectConnectInitialDelay }),
	"OpportunisticGraftTicks":   tickField(func(p *pubsub.GossipSubParams) *uint64 { return &p.OpportunisticGraftTicks }),
	"OpportunisticGraftPeers":   countField(func(p *pubsub.GossipSubParams) *int { return &p.OpportunisticGraftPeers }),
	"GraftFloodThreshold":       nanosField(func(p *pubsub.GossipSubParams) *time.Duration { return &p.GraftFloodThreshold }),
	"MaxIHaveLength":            countField(func(p *pubsub.GossipSubParams) *int { return &p.MaxIHaveLength }),
	"MaxIHaveMessages":          countField(func(p *pubsub.GossipSubParams) *int { return &p.MaxIHaveMessages }),
	"MaxIDontWantLength":        countField(func(p *pubsub.GossipSubParams) *int { return &p.MaxIDontWantLength }),
	"MaxIDontWantMessages":      countField(func(p *pubsub.GossipSubParams) *int { return &p.MaxIDontWantMessages }),
	"IWantFollowupTime":         nanosField(func(p *pubsub.GossipSubParams) *time.Duration { return &p.IWantFollowupTime }),
	"IDontWantMessageThreshold": countField(func(p *pubsub.GossipSubParams) *int { return &p.IDontWantMessageThreshold }),
	// Heartbeats, not a duration.
	"IDontWantMessageTTL": countField(func(p *pubsub.GossipSubParams) *int { return &p.IDontWantMessageTTL }),
}

// decodeGossipParams starts from go's defaults and overrides the keys
// present; a null counts as absent (the harness omits unset keys, but a
// null means the same). Unknown keys come back as warnings, not errors:
// the harness's set of keys may grow.
func decodeGossipParams(raw json.RawMessage) (pubsub.GossipSubParams, []string, error) {
	params := pubsub.DefaultGossipSubParams()
	obj, err := openObject(raw)
	if err != nil {
		return params, nil, err
	}
	var warnings []string
	names := make([]string, 0, len(obj))
	for name := range obj {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		value := bytes.TrimSpace(obj[name])
		set, known := gossipFields[name]
		if !known {
			warnings = append(warnings, fmt.Sprintf("gossipSubParams: unknown key %q ignored", name))
			continue
		}
		if string(value) == "null" {
			continue
		}
		if len(value) == 0 || value[0] == '"' {
			return params, warnings, fmt.Errorf("%s: want a number, got %s", name, value)
		}
		var n json.Number
		if err := json.Unmarshal(value, &n); err != nil {
			return params, warnings, fmt.Errorf("%s: want a number, got %s", name, value)
		}
		if err := set(&params, n); err != nil {
			return params, warnings, fmt.Errorf("%s: %v", name, err)
		}
	}
	return params, warnings, nil
}

// harnessRouterOptions are the harness go node's settings. Flood publishing
// is left at go-libp2p-pubsub's default, as the harness node leaves it
// (v0.19.0: off); peer scoring is not enabled.
func harnessRouterOptions(params pubsub.GossipSubParams, log *harnessLog, ext *partialmessages.PartialMessagesExtension[harnessPeerView]) []pubsub.Option {
	return []pubsub.Option{
		pubsub.WithMessageSignaturePolicy(pubsub.StrictNoSign),
		pubsub.WithNoAuthor(),
		pubsub.WithMessageIdFn(harnessMessageID),
		pubsub.WithPeerOutboundQueueSize(harnessQueueSize),
		pubsub.WithValidateQueueSize(harnessQueueSize),
		pubsub.WithMaxMessageSize(harnessMaxMessageSize),
		pubsub.WithGossipSubParams(params),
		pubsub.WithEventTracer(receiveTracer{log}),
		pubsub.WithPartialMessagesExtension(ext),
	}
}
