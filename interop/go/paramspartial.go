package main

// Partial messages as the gossipsub-interop harness's scenarios use them,
// on go-libp2p-pubsub's partialmessages extension (a different format from
// gsnode's variant B in partial.go):
//
//   - a group id is 8 bytes, a big-endian uint64;
//   - a group has 8 parts of 1024 bytes; part i of group g holds 128
//     big-endian uint64s counting up from g + 128*i (nobody checks them);
//   - parts metadata is one byte, bit i set when part i is held;
//   - a partial message is [bitmap of the parts it carries][those parts in
//     index order][group id].
//
// A node sends each peer the parts it lacks, once the peer has told us what
// it has, and tells a peer its own bitmap whenever that grew past what the
// peer knows of it. Every incoming RPC is answered by republishing the
// group, which is how parts travel on.

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"log/slog"
	"maps"
	"math/bits"
	"os"
	"slices"
	"sync"

	"github.com/libp2p/go-libp2p-pubsub/partialmessages"
	pb "github.com/libp2p/go-libp2p-pubsub/pb"
	"github.com/libp2p/go-libp2p/core/peer"
)

const (
	harnessParts    = 8
	harnessPartSize = 1024
	groupIDSize     = 8
	allParts        = 1<<harnessParts - 1
)

func groupIDBytes(g uint64) [groupIDSize]byte {
	var id [groupIDSize]byte
	binary.BigEndian.PutUint64(id[:], g)
	return id
}

func groupIDNumber(id []byte) (uint64, error) {
	if len(id) != groupIDSize {
		return 0, fmt.Errorf("group id of %d bytes, want %d", len(id), groupIDSize)
	}
	return binary.BigEndian.Uint64(id), nil
}

// harnessPart is part i of group g as the harness defines its content.
func harnessPart(g uint64, i int) []byte {
	part := make([]byte, harnessPartSize)
	first := g + uint64(i)*harnessPartSize/8
	for j := range harnessPartSize / 8 {
		binary.BigEndian.PutUint64(part[8*j:], first+uint64(j))
	}
	return part
}

// harnessGroup is the parts this node holds of one group. A part, once
// held, is never changed, so its slice may be shared.
type harnessGroup struct {
	id    [groupIDSize]byte
	parts [harnessParts][]byte
}

func (g *harnessGroup) number() uint64 { return binary.BigEndian.Uint64(g.id[:]) }

func (g *harnessGroup) held() uint8 {
	var bitmap uint8
	for i, part := range g.parts {
		if part != nil {
			bitmap |= 1 << i
		}
	}
	return bitmap
}

func (g *harnessGroup) complete() bool { return g.held() == allParts }

// fill gives the group the parts in bitmap, keeping those it has.
func (g *harnessGroup) fill(bitmap uint8) {
	for i := range harnessParts {
		if bitmap&(1<<i) != 0 && g.parts[i] == nil {
			g.parts[i] = harnessPart(g.number(), i)
		}
	}
}

// encodeFor is the partial message for a peer holding theirs: every part we
// hold and it lacks. nil when there is none.
func (g *harnessGroup) encodeFor(theirs uint8) []byte {
	carried := g.held() &^ theirs
	if carried == 0 {
		return nil
	}
	msg := make([]byte, 0, 1+bits.OnesCount8(carried)*harnessPartSize+groupIDSize)
	msg = append(msg, carried)
	for i := range harnessParts {
		if carried&(1<<i) != 0 {
			msg = append(msg, g.parts[i]...)
		}
	}
	return append(msg, g.id[:]...)
}

// extend takes the parts of msg that the group lacks.
func (g *harnessGroup) extend(msg []byte) error {
	if len(msg) < 1+groupIDSize {
		return fmt.Errorf("partial message of %d bytes is too short", len(msg))
	}
	carried := msg[0]
	body := msg[1 : len(msg)-groupIDSize]
	if !bytes.Equal(msg[len(msg)-groupIDSize:], g.id[:]) {
		return errors.New("partial message for another group")
	}
	if want := bits.OnesCount8(carried) * harnessPartSize; len(body) != want {
		return fmt.Errorf("partial message carries %d bytes of parts, its bitmap %08b says %d", len(body), carried, want)
	}
	for i := range harnessParts {
		if carried&(1<<i) == 0 {
			continue
		}
		if g.parts[i] == nil {
			g.parts[i] = slices.Clone(body[:harnessPartSize])
		}
		body = body[harnessPartSize:]
	}
	return nil
}

// harnessPeerView is what we know of one peer for one group; the extension
// keeps one per peer and group and hands them to our callbacks.
type harnessPeerView struct {
	heard    bool  // the peer has sent its metadata
	theirs   uint8 // parts the peer holds, as far as we know
	told     bool  // we have sent the peer our metadata
	ourKnown uint8 // parts the peer knows we hold
}

type groupKey struct {
	topic string
	id    [groupIDSize]byte
}

// harnessPartials holds the groups. The extension's callbacks run on the
// router's event loop and the script's steps on the main goroutine, hence
// the lock; the peer views belong to the extension and are only touched on
// its loop.
type harnessPartials struct {
	mu     sync.Mutex
	groups map[groupKey]*harnessGroup
	log    *harnessLog
	// republish publishes a group again, later: the event loop that asks
	// for it is the one PublishPartial waits on.
	republish func(topic string, id []byte)
}

func newHarnessPartials(log *harnessLog) *harnessPartials {
	return &harnessPartials{groups: map[groupKey]*harnessGroup{}, log: log}
}

func (a *harnessPartials) extension() *partialmessages.PartialMessagesExtension[harnessPeerView] {
	return &partialmessages.PartialMessagesExtension[harnessPeerView]{
		Logger:        slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
		OnIncomingRPC: a.incoming,
		// New gossip peers for a group of ours: tell them what we have.
		OnEmitGossip: func(topic string, id []byte, _ []peer.ID, _ map[peer.ID]harnessPeerView) {
			a.republish(topic, id)
		},
	}
}

// groupLocked returns the group, creating it empty.
func (a *harnessPartials) groupLocked(topic string, id [groupIDSize]byte) *harnessGroup {
	key := groupKey{topic, id}
	g := a.groups[key]
	if g == nil {
		g = &harnessGroup{id: id}
		a.groups[key] = g
	}
	return g
}

// track makes the group known, with no parts if it is new: publishing a
// group we hold nothing of still tells peers so, and they answer with parts.
func (a *harnessPartials) track(topic string, id [groupIDSize]byte) {
	a.mu.Lock()
	a.groupLocked(topic, id)
	a.mu.Unlock()
}

// add gives this node the parts in bitmap (addPartialMessage).
func (a *harnessPartials) add(topic string, group uint64, bitmap uint8) {
	a.mu.Lock()
	g := a.groupLocked(topic, groupIDBytes(group))
	wasComplete := g.complete()
	g.fill(bitmap)
	completed := !wasComplete && g.complete()
	a.mu.Unlock()
	if completed {
		a.log.allParts(group)
	}
}

func (a *harnessPartials) incoming(from peer.ID, views map[peer.ID]harnessPeerView, rpc *pb.PartialMessagesExtension) error {
	number, err := groupIDNumber(rpc.GetGroupID())
	if err != nil {
		return err
	}
	topic := rpc.GetTopicID()
	view := views[from]
	if md := rpc.GetPartsMetadata(); len(md) > 0 {
		view.heard = true
		view.theirs |= md[0]
	}
	msg := rpc.GetPartialMessage()
	if len(msg) > 0 {
		// What it sent, it has; and it knows we now have it.
		view.theirs |= msg[0]
		view.ourKnown |= msg[0]
	}
	views[from] = view

	a.mu.Lock()
	g := a.groupLocked(topic, groupIDBytes(number))
	wasComplete := g.complete()
	if len(msg) > 0 {
		err = g.extend(msg)
	}
	completed := !wasComplete && g.complete()
	a.mu.Unlock()
	if err != nil {
		return err
	}
	if completed {
		a.log.allParts(number)
	}
	a.republish(topic, rpc.GetGroupID())
	return nil
}

// actions is what a publish of the group sends: to the given peers, or when
// none are given to every peer the extension tracks for the group.
func (a *harnessPartials) actions(topic string, id []byte, only []peer.ID) partialmessages.PublishActionsFn[harnessPeerView] {
	return func(views map[peer.ID]harnessPeerView, requestsPartial func(peer.ID) bool) iter.Seq2[peer.ID, partialmessages.PublishAction] {
		return func(yield func(peer.ID, partialmessages.PublishAction) bool) {
			var key [groupIDSize]byte
			if copy(key[:], id) != groupIDSize {
				return
			}
			a.mu.Lock()
			g, ok := a.groups[groupKey{topic, key}]
			var snapshot harnessGroup
			if ok {
				snapshot = *g
			}
			a.mu.Unlock()
			if !ok {
				return
			}
			targets := only
			if len(targets) == 0 {
				targets = slices.Sorted(maps.Keys(views))
			}
			for _, p := range targets {
				view := views[p]
				action := snapshot.actionFor(&view, requestsPartial(p))
				views[p] = view
				if action.EncodedPartialMessage == nil && action.EncodedPartsMetadata == nil {
					continue
				}
				if !yield(p, action) {
					return
				}
			}
		}
	}
}

// actionFor decides what one peer gets and updates our view of it.
func (g *harnessGroup) actionFor(view *harnessPeerView, wantsParts bool) partialmessages.PublishAction {
	var action partialmessages.PublishAction
	held := g.held()
	// Parts go only to a peer that has told us what it has, so that it is
	// never sent a part twice.
	if wantsParts && view.heard && held&^view.theirs != 0 {
		action.EncodedPartialMessage = g.encodeFor(view.theirs)
		view.theirs |= held
		view.ourKnown |= held
	}
	if !view.told || held&^view.ourKnown != 0 {
		view.told = true
		view.ourKnown |= held
		action.EncodedPartsMetadata = []byte{view.ourKnown}
	}
	return action
}
