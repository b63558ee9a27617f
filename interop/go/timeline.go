package main

// The record's timeline (docs/records.md §1.5; Java: node/.../run/TimelineRecorder.java)
// as a go node keeps it, from go-libp2p-pubsub's RawTracer: the copies of
// the cell's message this node wrote and the first copy it received, from the
// publish instant on, and its heartbeats.
//
// Where go's tracer says less than the Java router's, the record takes what
// go's own code guarantees:
//   - A copy's instants: SendRPC is the push onto the peer's queue, and
//     SendRPCCompleted comes from the peer's writer with the time spent in
//     the stream's Write, so start = completion - write time.
//   - Push or IWANT answer: go pushes a message only when it first has it
//     (publish or first arrival) and gossips it with IHAVE only from the next
//     heartbeat on, so a copy to a peer we had sent an IHAVE for it answers
//     that peer's IWANT (RecvRPC does not say who sent an IWANT).
//   - Heartbeats: go's tracer reports none; the router runs its first one
//     HeartbeatInitialDelay after it started and then one per
//     HeartbeatInterval on a ticker, so those are the instants recorded.
//   - Only the cell's message counts: on the arm's topic the validator
//     accepts nothing else, so every publish entry on it is that message.

import (
	"encoding/hex"
	"sync"
	"time"

	pubsub "github.com/libp2p/go-libp2p-pubsub"
	"github.com/libp2p/go-libp2p/core/peer"
	"github.com/libp2p/go-libp2p/core/protocol"
)

// timelineCap is NodeRecord.TIMELINE_CAP: the most entries a list holds.
const timelineCap = 20000

// heartbeatsBefore is TimelineRecorder.HEARTBEATS_BEFORE_NANOS.
const heartbeatsBefore = 3 * time.Second

type recordTimeline struct {
	HeartbeatsMs []float64           `json:"heartbeats_ms"`
	FirstCopies  []timelineFirstCopy `json:"first_copies"`
	Copies       []timelineCopy      `json:"copies"`
	Truncated    bool                `json:"truncated"`
}

type timelineFirstCopy struct {
	ID   string  `json:"id"`
	From string  `json:"from"`
	AtMs float64 `json:"at_ms"`
}

type timelineCopy struct {
	ID       string  `json:"id"`
	To       string  `json:"to"`
	Kind     string  `json:"kind"`
	QueuedMs float64 `json:"queued_ms"`
	StartMs  float64 `json:"start_ms"`
	DoneMs   float64 `json:"done_ms"`
}

// sendKey is one RPC on one peer's queue: go queues the same RPC to every
// peer of a push.
type sendKey struct {
	rpc *pubsub.RPC
	to  peer.ID
}

type queuedCopy struct {
	at   time.Time
	kind string
}

type arrival struct {
	from peer.ID
	at   time.Time
}

type written struct {
	to                  peer.ID
	kind                string
	queued, start, done time.Time
}

// runTimeline implements pubsub.RawTracer; callbacks come from the pubsub
// event loop and the peers' writers, so all state is under mu.
type runTimeline struct {
	armID, topic string

	mu        sync.Mutex
	from      time.Time // the publish instant; zero until then, and nothing counts before it
	announced map[peer.ID]bool
	queued    map[sendKey]queuedCopy
	arrivals  []arrival
	copies    []written
	truncated bool
}

var _ pubsub.RawTracer = (*runTimeline)(nil)

func newRunTimeline(armID, topic string) *runTimeline {
	return &runTimeline{armID: armID, topic: topic, announced: map[peer.ID]bool{}, queued: map[sendKey]queuedCopy{}}
}

// startAt opens the timeline at the publish instant.
func (t *runTimeline) startAt(publish time.Time) {
	t.mu.Lock()
	t.from = publish
	t.mu.Unlock()
}

func (t *runTimeline) counting(now time.Time) bool {
	return !t.from.IsZero() && !now.Before(t.from)
}

func (t *runTimeline) SendRPC(rpc *pubsub.RPC, p peer.ID) {
	now := time.Now()
	carries := false
	for _, m := range rpc.GetPublish() {
		if m.GetTopic() == t.topic {
			carries = true
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, ih := range rpc.GetControl().GetIhave() {
		for _, id := range ih.GetMessageIDs() {
			if id == t.armID {
				t.announced[p] = true
			}
		}
	}
	if !carries || !t.counting(now) {
		return
	}
	kind := "push"
	if t.announced[p] {
		kind = "iwant"
	}
	t.queued[sendKey{rpc, p}] = queuedCopy{at: now, kind: kind}
}

func (t *runTimeline) SendRPCCompleted(rpc *pubsub.RPC, p peer.ID, writeDuration time.Duration) {
	done := time.Now()
	t.mu.Lock()
	defer t.mu.Unlock()
	q, ok := t.queued[sendKey{rpc, p}]
	if !ok {
		return
	}
	delete(t.queued, sendKey{rpc, p})
	if len(t.copies) == timelineCap {
		t.truncated = true
		return
	}
	t.copies = append(t.copies, written{to: p, kind: q.kind, queued: q.at, start: done.Add(-writeDuration), done: done})
}

func (t *runTimeline) DropRPC(rpc *pubsub.RPC, p peer.ID) {
	t.mu.Lock()
	delete(t.queued, sendKey{rpc, p})
	t.mu.Unlock()
}

// ValidateMessage is a first arrival, before validation (Java's arrived).
func (t *runTimeline) ValidateMessage(m *pubsub.Message) {
	if m.Local || m.ID != t.armID {
		return
	}
	now := time.Now()
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.counting(now) {
		return
	}
	if len(t.arrivals) == timelineCap {
		t.truncated = true
		return
	}
	t.arrivals = append(t.arrivals, arrival{from: m.ReceivedFrom, at: now})
}

func (t *runTimeline) AddPeer(peer.ID, protocol.ID)             {}
func (t *runTimeline) RemovePeer(peer.ID)                       {}
func (t *runTimeline) OnNewOutboundStream(peer.ID, protocol.ID) {}
func (t *runTimeline) OnClosedOutboundStream(peer.ID)           {}
func (t *runTimeline) Join(string)                              {}
func (t *runTimeline) Leave(string)                             {}
func (t *runTimeline) Graft(peer.ID, string)                    {}
func (t *runTimeline) Prune(peer.ID, string)                    {}
func (t *runTimeline) DeliverMessage(*pubsub.Message)           {}
func (t *runTimeline) RejectMessage(*pubsub.Message, string)    {}
func (t *runTimeline) DuplicateMessage(*pubsub.Message)         {}
func (t *runTimeline) ThrottlePeer(peer.ID)                     {}
func (t *runTimeline) RecvRPC(*pubsub.RPC)                      {}
func (t *runTimeline) UndeliverableMessage(*pubsub.Message)     {}

// record is the timeline in milliseconds since publish; heartbeats are the
// router's schedule from its start until end.
func (t *runTimeline) record(publish, routerStart time.Time, initialDelay, interval time.Duration, end time.Time) *recordTimeline {
	t.mu.Lock()
	defer t.mu.Unlock()
	ms := func(at time.Time) float64 {
		return float64(at.Sub(publish).Round(time.Microsecond).Microseconds()) / 1000
	}
	r := &recordTimeline{HeartbeatsMs: []float64{}, FirstCopies: []timelineFirstCopy{}, Copies: []timelineCopy{},
		Truncated: t.truncated}
	if interval > 0 {
		for at := routerStart.Add(initialDelay); !at.After(end) && len(r.HeartbeatsMs) < timelineCap; at = at.Add(interval) {
			if !at.Before(publish.Add(-heartbeatsBefore)) {
				r.HeartbeatsMs = append(r.HeartbeatsMs, ms(at))
			}
		}
	}
	id := hex.EncodeToString([]byte(t.armID))
	for _, a := range t.arrivals {
		r.FirstCopies = append(r.FirstCopies, timelineFirstCopy{ID: id, From: a.from.String(), AtMs: ms(a.at)})
	}
	for _, c := range t.copies {
		r.Copies = append(r.Copies, timelineCopy{ID: id, To: c.to.String(), Kind: c.kind,
			QueuedMs: ms(c.queued), StartMs: ms(c.start), DoneMs: ms(c.done)})
	}
	return r
}
