package main

// The counters of a `gopeer run` record, kept by a pubsub RawTracer (Java:
// gossipsub/.../trace/GossipCounters.java and RpcParts.java), and the
// completion watcher of the whole-message arm (DistinctMessages.java).

import (
	"crypto/sha256"
	"sync"
	"time"

	pubsub "github.com/libp2p/go-libp2p-pubsub"
	"github.com/libp2p/go-libp2p/core/peer"
	"github.com/libp2p/go-libp2p/core/protocol"
	"google.golang.org/protobuf/proto"
)

// direction is one direction's RPC counts, split as RpcParts splits them:
// data bytes are the publish entries, control bytes the control part plus
// subscriptions, partial bytes the extension part, each with its protobuf
// tag and length; ids are counted per control entry.
type direction struct {
	dataBytes, controlBytes, partialBytes          int64
	ihave, iwant, idontwant, graft, prune, publish int64
}

// fieldSize is the encoded size of a length-delimited field with a one-byte
// tag (field numbers 1..15) and a body of n bytes.
func fieldSize(n int) int64 { return int64(1 + varintLen(uint64(n)) + n) }

func (d *direction) add(rpc *pubsub.RPC) {
	for _, m := range rpc.GetPublish() {
		d.dataBytes += fieldSize(proto.Size(m))
	}
	d.publish += int64(len(rpc.GetPublish()))
	for _, s := range rpc.GetSubscriptions() {
		d.controlBytes += fieldSize(proto.Size(s))
	}
	if c := rpc.GetControl(); c != nil {
		d.controlBytes += fieldSize(proto.Size(c))
		for _, ih := range c.GetIhave() {
			d.ihave += int64(len(ih.GetMessageIDs()))
		}
		for _, iw := range c.GetIwant() {
			d.iwant += int64(len(iw.GetMessageIDs()))
		}
		for _, idw := range c.GetIdontwant() {
			d.idontwant += int64(len(idw.GetMessageIDs()))
		}
		d.graft += int64(len(c.GetGraft()))
		d.prune += int64(len(c.GetPrune()))
	}
	if p := rpc.GetPartial(); p != nil {
		d.partialBytes += fieldSize(proto.Size(p))
	}
}

// runCounters implements pubsub.RawTracer. Callbacks come from the pubsub
// event loop, validation workers and RPC writers: all state is under mu.
type runCounters struct {
	armID      string // the cell's message id: its first arrival is the completion instant
	topic      string
	receiver   bool
	onComplete func(at time.Time) // called once, outside mu

	mu         sync.Mutex
	sent, recv direction
	delivered  int64
	duplicates int64
	queueDrops int64
	rejected   map[string]int64
	distinct   map[[32]byte]struct{}
	arrived    time.Time // first ValidateMessage of armID
	completed  bool
	mesh       map[peer.ID]struct{} // the arm's topic; nil until joined
}

var _ pubsub.RawTracer = (*runCounters)(nil)

func newRunCounters(armID, topic string, receiver bool, onComplete func(time.Time)) *runCounters {
	return &runCounters{armID: armID, topic: topic, receiver: receiver, onComplete: onComplete,
		rejected: map[string]int64{}, distinct: map[[32]byte]struct{}{}}
}

func (c *runCounters) SendRPC(rpc *pubsub.RPC, _ peer.ID) {
	c.mu.Lock()
	c.sent.add(rpc)
	c.mu.Unlock()
}

func (c *runCounters) RecvRPC(rpc *pubsub.RPC) {
	c.mu.Lock()
	c.recv.add(rpc)
	c.mu.Unlock()
}

func (c *runCounters) DropRPC(*pubsub.RPC, peer.ID) {
	c.mu.Lock()
	c.queueDrops++
	c.mu.Unlock()
}

func (c *runCounters) DuplicateMessage(*pubsub.Message) {
	c.mu.Lock()
	c.duplicates++
	c.mu.Unlock()
}

// rejectReason names go's reasons as the Java router does where they mean
// the same: a validator's REJECT is "invalid".
func rejectReason(reason string) string {
	if reason == pubsub.RejectValidationFailed {
		return "invalid"
	}
	return reason
}

func (c *runCounters) RejectMessage(_ *pubsub.Message, reason string) {
	c.mu.Lock()
	c.rejected[rejectReason(reason)]++
	c.mu.Unlock()
}

// ValidateMessage is the first arrival of a message not seen before, before
// validation: Java's arrivedNanos (the RPC decoded), less go's inbound queueing.
func (c *runCounters) ValidateMessage(m *pubsub.Message) {
	if m.Local || m.ID != c.armID {
		return
	}
	now := time.Now()
	c.mu.Lock()
	if c.arrived.IsZero() {
		c.arrived = now
	}
	c.mu.Unlock()
}

// DeliverMessage is a message that passed validation, delivered once. The
// publisher's own message does not count (Java counts deliveries from peers).
func (c *runCounters) DeliverMessage(m *pubsub.Message) {
	if m.Local {
		return
	}
	sum := sha256.Sum256(m.GetData())
	var at time.Time
	c.mu.Lock()
	c.delivered++
	if m.GetTopic() == c.topic {
		c.distinct[sum] = struct{}{}
	}
	if c.receiver && !c.completed && len(c.distinct) >= 1 {
		c.completed = true
		at = c.arrived
		if at.IsZero() {
			at = time.Now()
		}
	}
	c.mu.Unlock()
	if !at.IsZero() {
		c.onComplete(at)
	}
}

func (c *runCounters) Join(topic string) {
	if topic != c.topic {
		return
	}
	c.mu.Lock()
	if c.mesh == nil {
		c.mesh = map[peer.ID]struct{}{}
	}
	c.mu.Unlock()
}

func (c *runCounters) Leave(topic string) {
	if topic != c.topic {
		return
	}
	c.mu.Lock()
	c.mesh = nil
	c.mu.Unlock()
}

func (c *runCounters) Graft(p peer.ID, topic string) {
	c.mu.Lock()
	if topic == c.topic && c.mesh != nil {
		c.mesh[p] = struct{}{}
	}
	c.mu.Unlock()
}

func (c *runCounters) Prune(p peer.ID, topic string) {
	c.mu.Lock()
	if topic == c.topic && c.mesh != nil {
		delete(c.mesh, p)
	}
	c.mu.Unlock()
}

// OnClosedOutboundStream: the router drops a peer whose stream closed from
// its mesh without a Prune trace.
func (c *runCounters) OnClosedOutboundStream(p peer.ID) {
	c.mu.Lock()
	delete(c.mesh, p)
	c.mu.Unlock()
}

func (c *runCounters) OnNewOutboundStream(peer.ID, protocol.ID)             {}
func (c *runCounters) ThrottlePeer(peer.ID)                                 {}
func (c *runCounters) SendRPCCompleted(*pubsub.RPC, peer.ID, time.Duration) {}
func (c *runCounters) UndeliverableMessage(*pubsub.Message)                 {}

func (c *runCounters) meshSize() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.mesh)
}

// countersView is a consistent copy of the counters for a snapshot or the record.
type countersView struct {
	sent, recv                   direction
	delivered, duplicates, drops int64
	distinct                     int64
	rejected                     map[string]int64
}

func (c *runCounters) view() countersView {
	c.mu.Lock()
	defer c.mu.Unlock()
	rej := make(map[string]int64, len(c.rejected))
	for k, v := range c.rejected {
		rej[k] = v
	}
	return countersView{sent: c.sent, recv: c.recv, delivered: c.delivered, duplicates: c.duplicates,
		drops: c.queueDrops, distinct: int64(len(c.distinct)), rejected: rej}
}
