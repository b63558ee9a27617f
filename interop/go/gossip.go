package main

// Gossipsub side of the peer: router construction with the settings that the
// contract shares between the three implementations, a RawTracer that keeps
// the mesh view and the RPC counters, subscription readers and the publisher.

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"sync"
	"time"

	pubsub "github.com/libp2p/go-libp2p-pubsub"
	"github.com/libp2p/go-libp2p-pubsub/partialmessages"
	pb "github.com/libp2p/go-libp2p-pubsub/pb"
	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/peer"
	"github.com/libp2p/go-libp2p/core/protocol"
)

const (
	gossipD              = 8
	maxRPCSize           = 12_234_442 // Ethereum's max_message_size()
	peerOutboundQueue    = 600
	subscriptionBuffer   = 4096
	idontwantThreshold   = 1024
	heartbeatFirstDelay  = 100 * time.Millisecond
	messageIDLen         = 20
	defaultHeartbeatMs   = 700
	defaultPublishCount  = 1
	defaultPublishIntvMs = 1000
)

// messageID is the contract's message id: the first 20 bytes of SHA-256 of
// the message data, as a raw (binary) string.
func messageID(data []byte) string {
	sum := sha256.Sum256(data)
	return string(sum[:messageIDLen])
}

func newGossipSub(ctx context.Context, h host.Host, heartbeat time.Duration, tr *gossipTracer, extra ...pubsub.Option) (*pubsub.PubSub, error) {
	params := pubsub.DefaultGossipSubParams()
	params.D = gossipD
	params.Dlo = 6
	params.Dhi = 12
	params.Dlazy = 6
	params.Dscore = 4
	params.Dout = 2
	params.GossipFactor = 0.25
	params.HistoryLength = 6
	params.HistoryGossip = 3
	params.HeartbeatInterval = heartbeat
	params.HeartbeatInitialDelay = heartbeatFirstDelay
	params.IDontWantMessageThreshold = idontwantThreshold

	opts := []pubsub.Option{
		pubsub.WithGossipSubParams(params),
		pubsub.WithMessageSignaturePolicy(pubsub.StrictNoSign),
		pubsub.WithNoAuthor(),
		pubsub.WithMessageIdFn(func(m *pb.Message) string { return messageID(m.GetData()) }),
		pubsub.WithFloodPublish(false),
		pubsub.WithMaxMessageSize(maxRPCSize),
		pubsub.WithPeerOutboundQueueSize(peerOutboundQueue),
		pubsub.WithRawTracer(tr),
	}
	return pubsub.NewGossipSub(ctx, h, append(opts, extra...)...)
}

// ---------------------------------------------------------------- tracer

type rpcCounts struct {
	Publish   int64 `json:"publish"`
	IHave     int64 `json:"ihave"`
	IWant     int64 `json:"iwant"`
	IDontWant int64 `json:"idontwant"`
	Graft     int64 `json:"graft"`
	Prune     int64 `json:"prune"`
}

func (c *rpcCounts) add(rpc *pubsub.RPC) {
	c.Publish += int64(len(rpc.GetPublish()))
	ctl := rpc.GetControl()
	if ctl == nil {
		return
	}
	for _, ih := range ctl.GetIhave() {
		c.IHave += int64(len(ih.GetMessageIDs()))
	}
	for _, iw := range ctl.GetIwant() {
		c.IWant += int64(len(iw.GetMessageIDs()))
	}
	for _, idw := range ctl.GetIdontwant() {
		c.IDontWant += int64(len(idw.GetMessageIDs()))
	}
	c.Graft += int64(len(ctl.GetGraft()))
	c.Prune += int64(len(ctl.GetPrune()))
}

// gossipTracer mirrors the router's mesh (Join/Graft/Prune, and peers
// dropped when their stream closes, which the router does without a Prune
// trace) and counts RPC entries. Most callbacks come from the pubsub event
// loop, DuplicateMessage also from validation workers: everything is under mu.
type gossipTracer struct {
	out *emitter

	mu       sync.Mutex
	quiet    bool // shutting down: no more mesh events
	mesh     map[string]map[peer.ID]struct{}
	sent     rpcCounts
	received rpcCounts
	dups     int64
}

var _ pubsub.RawTracer = (*gossipTracer)(nil)

func newGossipTracer(out *emitter) *gossipTracer {
	return &gossipTracer{out: out, mesh: map[string]map[peer.ID]struct{}{}}
}

// emitMeshLocked prints the mesh of topic; mu must be held, so events for
// one topic come out in the order of the changes.
func (t *gossipTracer) emitMeshLocked(topic string) {
	if t.quiet {
		return
	}
	peers := make([]string, 0, len(t.mesh[topic]))
	for p := range t.mesh[topic] {
		peers = append(peers, p.String())
	}
	slices.Sort(peers)
	t.out.emit(meshEvent{"mesh", topic, peers})
}

func (t *gossipTracer) Join(topic string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.mesh[topic]; !ok {
		t.mesh[topic] = map[peer.ID]struct{}{}
	}
}

func (t *gossipTracer) Leave(topic string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	m, ok := t.mesh[topic]
	delete(t.mesh, topic)
	if ok && len(m) > 0 && !t.quiet {
		t.out.emit(meshEvent{"mesh", topic, []string{}})
	}
}

func (t *gossipTracer) Graft(p peer.ID, topic string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	m, ok := t.mesh[topic]
	if !ok {
		return
	}
	if _, in := m[p]; in {
		return
	}
	m[p] = struct{}{}
	t.emitMeshLocked(topic)
}

func (t *gossipTracer) Prune(p peer.ID, topic string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	m, ok := t.mesh[topic]
	if !ok {
		return
	}
	if _, in := m[p]; !in {
		return
	}
	delete(m, p)
	t.emitMeshLocked(topic)
}

func (t *gossipTracer) OnClosedOutboundStream(p peer.ID) {
	t.mu.Lock()
	defer t.mu.Unlock()
	topics := make([]string, 0, len(t.mesh))
	for topic, m := range t.mesh {
		if _, in := m[p]; in {
			delete(m, p)
			topics = append(topics, topic)
		}
	}
	slices.Sort(topics)
	for _, topic := range topics {
		t.emitMeshLocked(topic)
	}
}

func (t *gossipTracer) RecvRPC(rpc *pubsub.RPC) {
	t.mu.Lock()
	t.received.add(rpc)
	t.mu.Unlock()
}

func (t *gossipTracer) SendRPC(rpc *pubsub.RPC, _ peer.ID) {
	t.mu.Lock()
	t.sent.add(rpc)
	t.mu.Unlock()
}

func (t *gossipTracer) DuplicateMessage(*pubsub.Message) {
	t.mu.Lock()
	t.dups++
	t.mu.Unlock()
}

func (t *gossipTracer) OnNewOutboundStream(peer.ID, protocol.ID)             {}
func (t *gossipTracer) ValidateMessage(*pubsub.Message)                      {}
func (t *gossipTracer) DeliverMessage(*pubsub.Message)                       {}
func (t *gossipTracer) RejectMessage(*pubsub.Message, string)                {}
func (t *gossipTracer) ThrottlePeer(peer.ID)                                 {}
func (t *gossipTracer) SendRPCCompleted(*pubsub.RPC, peer.ID, time.Duration) {}
func (t *gossipTracer) DropRPC(*pubsub.RPC, peer.ID)                         {}
func (t *gossipTracer) UndeliverableMessage(*pubsub.Message)                 {}

// meshInfo reports whether we joined the topic's mesh and its current size.
func (t *gossipTracer) meshInfo(topic string) (joined bool, size int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	m, ok := t.mesh[topic]
	return ok, len(m)
}

// stop silences mesh events and returns the counters event.
func (t *gossipTracer) stop() gossipCountersEvent {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.quiet = true
	return gossipCountersEvent{"gossip_counters", t.sent, t.received, t.dups}
}

func (t *gossipTracer) stopped() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.quiet
}

// ---------------------------------------------------------------- readers

// readSubscription prints a message event for every message delivered on
// sub that we did not publish ourselves, until ctx ends.
func readSubscription(ctx context.Context, out *emitter, tr *gossipTracer, self peer.ID, sub *pubsub.Subscription) {
	for {
		msg, err := sub.Next(ctx)
		if err != nil {
			return
		}
		t := wallMs()
		if msg.ReceivedFrom == self || tr.stopped() {
			continue
		}
		out.emit(messageEvent{"message", msg.GetTopic(), hex.EncodeToString([]byte(msg.ID)),
			msg.ReceivedFrom.String(), len(msg.GetData()), t})
	}
}

// ---------------------------------------------------------------- publisher

// publish sends opts.count messages of opts.size random bytes on th, the
// first at start+after, then one every interval (a fixed schedule: a slow
// publish does not push the later ones back). It reports failures through
// fail and returns when done or when ctx ends.
func publish(ctx context.Context, out *emitter, tr *gossipTracer, th *pubsub.Topic, opts *options, start time.Time, fail func(string, ...any)) {
	topic := th.String()
	for i := 0; i < opts.count; i++ {
		offset := min(opts.after+int64(i)*opts.interval, 1000*maxMs) // no Duration overflow
		due := start.Add(time.Duration(offset) * time.Millisecond)
		if d := time.Until(due); d > 0 {
			timer := time.NewTimer(d)
			select {
			case <-timer.C:
			case <-ctx.Done():
				timer.Stop()
			}
		}
		if ctx.Err() != nil {
			fail("publish %d of %d on %s: interrupted", i+1, opts.count, topic)
			return
		}
		data := make([]byte, opts.size)
		if _, err := rand.Read(data); err != nil {
			fail("publish %d of %d on %s: random data: %v", i+1, opts.count, topic, err)
			continue
		}
		recipients := publishRecipients(tr, th)
		t := wallMs()
		if err := th.Publish(ctx, data); err != nil {
			fail("publish %d of %d on %s: %v", i+1, opts.count, topic, err)
			continue
		}
		out.emit(publishedEvent{"published", topic, hex.EncodeToString([]byte(messageID(data))),
			len(data), recipients, t})
	}
}

// publishRecipients approximates how many peers a publish goes to right now:
// on a joined topic the mesh size (flood publish is off, so that is exactly
// who the router sends to, IDONTWANT aside); on a topic we only publish to,
// the fanout, which the router fills with up to D of the topic's peers.
func publishRecipients(tr *gossipTracer, th *pubsub.Topic) int {
	if joined, n := tr.meshInfo(th.String()); joined {
		return n
	}
	return min(gossipD, len(th.ListPeers()))
}

// ---------------------------------------------------------------- setup

type gossip struct {
	ps      *pubsub.PubSub
	tracer  *gossipTracer
	pubTh   *pubsub.Topic // nil without --publish
	cancel  context.CancelFunc
	readers sync.WaitGroup
}

// startGossip creates the router and joins and subscribes to every
// --subscribe topic; the --publish topic gets a handle too (joined as a
// subscription only when it is also subscribed).
func startGossip(ctx context.Context, out *emitter, h host.Host, opts *options) (*gossip, error) {
	g := &gossip{tracer: newGossipTracer(out)}
	ctx, g.cancel = context.WithCancel(ctx)
	var extra []pubsub.Option
	var relay *partialRelay
	if opts.partial != "" {
		var ext *partialmessages.PartialMessagesExtension[*partPeer]
		relay, ext = newPartialRelay(out, opts.partial)
		extra = append(extra, pubsub.WithPartialMessagesExtension(ext))
	}
	ps, err := newGossipSub(ctx, h, time.Duration(opts.heartbeatMs)*time.Millisecond, g.tracer, extra...)
	if err != nil {
		g.cancel()
		return nil, fmt.Errorf("creating gossipsub: %w", err)
	}
	g.ps = ps
	if relay != nil {
		relay.ps = ps
		th, err := ps.Join(opts.partial, pubsub.RequestPartialMessages())
		if err != nil {
			g.cancel()
			return nil, fmt.Errorf("joining %s with partial messages: %w", opts.partial, err)
		}
		sub, err := th.Subscribe(pubsub.WithBufferSize(subscriptionBuffer))
		if err != nil {
			g.cancel()
			return nil, fmt.Errorf("subscribing to %s: %w", opts.partial, err)
		}
		g.readers.Add(1)
		go func() {
			defer g.readers.Done()
			readSubscription(ctx, out, g.tracer, h.ID(), sub)
		}()
	}
	for _, topic := range opts.subscribe {
		th, err := ps.Join(topic)
		if err != nil {
			g.cancel()
			return nil, fmt.Errorf("joining %s: %w", topic, err)
		}
		sub, err := th.Subscribe(pubsub.WithBufferSize(subscriptionBuffer))
		if err != nil {
			g.cancel()
			return nil, fmt.Errorf("subscribing to %s: %w", topic, err)
		}
		if topic == opts.publish {
			g.pubTh = th
		}
		g.readers.Add(1)
		go func() {
			defer g.readers.Done()
			readSubscription(ctx, out, g.tracer, h.ID(), sub)
		}()
	}
	if opts.publish != "" && g.pubTh == nil {
		g.pubTh, err = ps.Join(opts.publish)
		if err != nil {
			g.cancel()
			return nil, fmt.Errorf("joining %s: %w", opts.publish, err)
		}
	}
	return g, nil
}

// stop silences mesh and message events, stops the router and returns the
// counters event, to be printed just before done.
func (g *gossip) stop() gossipCountersEvent {
	ev := g.tracer.stop()
	g.cancel()
	g.readers.Wait()
	return ev
}

func wallMs() float64 {
	return float64(time.Now().UnixNano()) / 1e6
}
