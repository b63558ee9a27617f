package main

import (
	"bytes"
	"encoding/binary"
	"iter"
	"math/bits"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/libp2p/go-libp2p-pubsub/partialmessages"
	pb "github.com/libp2p/go-libp2p-pubsub/pb"
	"github.com/libp2p/go-libp2p/core/peer"
)

func TestGroupIDRoundTrip(t *testing.T) {
	for _, g := range []uint64{0, 7, 255, 1 << 40, 1<<64 - 1} {
		id := groupIDBytes(g)
		if got, err := groupIDNumber(id[:]); err != nil || got != g {
			t.Errorf("%d: %d %v", g, got, err)
		}
	}
	if id := groupIDBytes(0x0102); !bytes.Equal(id[:], []byte{0, 0, 0, 0, 0, 0, 1, 2}) {
		t.Errorf("group id is not big-endian: %x", id)
	}
	if _, err := groupIDNumber([]byte{1, 2, 3}); err == nil {
		t.Error("a 3-byte group id was accepted")
	}
}

func TestFillPartsCountsUpFromTheGroupID(t *testing.T) {
	g := &harnessGroup{id: groupIDBytes(1000)}
	g.fill(0b1000_0001)
	if g.held() != 0b1000_0001 || g.complete() {
		t.Fatalf("held %08b", g.held())
	}
	first, last := g.parts[0], g.parts[7]
	if len(first) != harnessPartSize || len(last) != harnessPartSize {
		t.Fatalf("parts of %d and %d bytes", len(first), len(last))
	}
	if v := binary.BigEndian.Uint64(first); v != 1000 {
		t.Errorf("part 0 starts at %d", v)
	}
	if v := binary.BigEndian.Uint64(first[8:]); v != 1001 {
		t.Errorf("part 0's second number is %d", v)
	}
	if v := binary.BigEndian.Uint64(last); v != 1000+7*128 {
		t.Errorf("part 7 starts at %d", v)
	}
	if v := binary.BigEndian.Uint64(last[harnessPartSize-8:]); v != 1000+1023 {
		t.Errorf("part 7 ends at %d", v)
	}
	g.fill(allParts)
	if !g.complete() || !bytes.Equal(g.parts[0], first) {
		t.Fatal("filling again is not idempotent")
	}
}

func TestEncodeCarriesWhatThePeerLacks(t *testing.T) {
	g := &harnessGroup{id: groupIDBytes(9)}
	g.fill(0b0000_1110)
	msg := g.encodeFor(0b0000_0110)
	if len(msg) != 1+harnessPartSize+groupIDSize || msg[0] != 0b0000_1000 {
		t.Fatalf("%d bytes, bitmap %08b", len(msg), msg[0])
	}
	if !bytes.Equal(msg[1:1+harnessPartSize], harnessPart(9, 3)) {
		t.Error("the message does not carry part 3")
	}
	if !bytes.Equal(msg[len(msg)-groupIDSize:], []byte{0, 0, 0, 0, 0, 0, 0, 9}) {
		t.Errorf("trailer %x", msg[len(msg)-groupIDSize:])
	}
	if g.encodeFor(0b0000_1111) != nil {
		t.Error("a message for a peer lacking nothing we hold")
	}

	full := &harnessGroup{id: groupIDBytes(9)}
	full.fill(allParts)
	receiver := &harnessGroup{id: groupIDBytes(9)}
	receiver.fill(0b0000_0001)
	// Parts it already holds are skipped over, not taken for the next one.
	if err := receiver.extend(full.encodeFor(0)); err != nil {
		t.Fatal(err)
	}
	if !receiver.complete() {
		t.Fatalf("held %08b after extending", receiver.held())
	}
	for i := range harnessParts {
		if !bytes.Equal(receiver.parts[i], harnessPart(9, i)) {
			t.Errorf("part %d differs", i)
		}
	}
}

func TestExtendRefusesBadMessages(t *testing.T) {
	source := &harnessGroup{id: groupIDBytes(5)}
	source.fill(0b11)
	good := source.encodeFor(0)
	otherGroup := slices.Clone(good)
	otherGroup[len(otherGroup)-1] = 6
	bad := map[string][]byte{
		"too short":        {0b1, 0, 0},
		"another group":    otherGroup,
		"missing a part":   append([]byte{0b111}, good[1:]...),
		"extra bytes":      append(append([]byte{0b11}, good[1:len(good)-groupIDSize]...), append([]byte{0}, good[len(good)-groupIDSize:]...)...),
		"bitmap with none": append([]byte{0}, good[1:]...),
	}
	for what, msg := range bad {
		g := &harnessGroup{id: groupIDBytes(5)}
		if err := g.extend(msg); err == nil {
			t.Errorf("%s: accepted", what)
		}
	}
}

// ---------------------------------------------------------------- exchange

// A fake of the router side of the extension: RPCs are queued for the test
// to deliver, every peer requests partial messages.
type queuedRouter struct {
	self peer.ID
	mesh []peer.ID
	net  *partialNet
}

func (r *queuedRouter) SendRPC(to peer.ID, rpc *pb.PartialMessagesExtension, _ bool) {
	r.net.wire = append(r.net.wire, partialRPC{r.self, to, rpc})
}
func (r *queuedRouter) MeshPeers(string) iter.Seq[peer.ID]         { return slices.Values(r.mesh) }
func (r *queuedRouter) PeerRequestsPartial(peer.ID, string) bool   { return true }
func (r *queuedRouter) PartialMessagesEnabledForTopic(string) bool { return true }

type partialRPC struct {
	from, to peer.ID
	rpc      *pb.PartialMessagesExtension
}

type partialNode struct {
	app *harnessPartials
	ext *partialmessages.PartialMessagesExtension[harnessPeerView]
	out *bytes.Buffer
}

type partialNet struct {
	nodes   map[peer.ID]*partialNode
	wire    []partialRPC
	pending []func() error
	parts   int // parts carried by all RPCs
}

const exchangeTopic = "partial-msg-chain"

// newPartialNet joins node i to node i+1, a chain.
func newPartialNet(t *testing.T, n int) (*partialNet, []peer.ID) {
	net := &partialNet{nodes: map[peer.ID]*partialNode{}}
	ids := make([]peer.ID, n)
	for i := range ids {
		id, err := harnessPeerID(i)
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = id
	}
	for i, id := range ids {
		var mesh []peer.ID
		if i > 0 {
			mesh = append(mesh, ids[i-1])
		}
		if i < n-1 {
			mesh = append(mesh, ids[i+1])
		}
		log, out := fixedLog(time.Unix(0, 0))
		node := &partialNode{app: newHarnessPartials(log), out: out}
		node.ext = node.app.extension()
		if err := node.ext.Init(&queuedRouter{id, mesh, net}); err != nil {
			t.Fatal(err)
		}
		node.app.republish = func(topic string, gid []byte) {
			gid = slices.Clone(gid)
			net.pending = append(net.pending, func() error {
				return node.ext.PublishPartial(topic, gid, node.app.actions(topic, gid, nil))
			})
		}
		net.nodes[id] = node
	}
	return net, ids
}

// settle delivers RPCs and runs republishes until nothing moves.
func (net *partialNet) settle(t *testing.T) {
	for round := 0; len(net.wire) > 0 || len(net.pending) > 0; round++ {
		if round > 1000 {
			t.Fatal("the exchange does not settle")
		}
		wire := net.wire
		net.wire = nil
		for _, m := range wire {
			if msg := m.rpc.GetPartialMessage(); len(msg) > 0 {
				net.parts += bits.OnesCount8(msg[0])
			}
			if err := net.nodes[m.to].ext.HandleRPC(m.from, m.rpc); err != nil {
				t.Fatalf("%s: %v", m.to, err)
			}
		}
		pending := net.pending
		net.pending = nil
		for _, publish := range pending {
			if err := publish(); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestTwoNodesCompleteEachOther(t *testing.T) {
	net, ids := newPartialNet(t, 2)
	a, b := net.nodes[ids[0]], net.nodes[ids[1]]
	a.app.add(exchangeTopic, 7, 0b0000_1111)
	b.app.add(exchangeTopic, 7, 0b1111_0000)
	gid := groupIDBytes(7)
	if err := a.ext.PublishPartial(exchangeTopic, gid[:], a.app.actions(exchangeTopic, gid[:], nil)); err != nil {
		t.Fatal(err)
	}
	net.settle(t)
	want := `{"time":"1970-01-01T00:00:00.000000Z","level":"INFO","msg":"All parts received","group id":7}` + "\n"
	for i, node := range []*partialNode{a, b} {
		if node.out.String() != want {
			t.Errorf("node %d logged %q", i, node.out)
		}
	}
	if net.parts != harnessParts {
		t.Errorf("%d parts went over the wire, want each missing part once (%d)", net.parts, harnessParts)
	}
}

// Parts travel along a chain through a node that starts with none, as in
// the harness's partial-messages-chain scenario.
func TestChainRelaysParts(t *testing.T) {
	net, ids := newPartialNet(t, 4)
	net.nodes[ids[0]].app.add(exchangeTopic, 3, 0b0000_0011)
	net.nodes[ids[2]].app.add(exchangeTopic, 3, 0b0011_1100)
	net.nodes[ids[3]].app.add(exchangeTopic, 3, 0b1100_0000)
	gid := groupIDBytes(3)
	for _, id := range ids {
		node := net.nodes[id]
		if err := node.ext.PublishPartial(exchangeTopic, gid[:], node.app.actions(exchangeTopic, gid[:], nil)); err != nil {
			t.Fatal(err)
		}
	}
	net.settle(t)
	for i, id := range ids {
		if got := strings.Count(net.nodes[id].out.String(), `"msg":"All parts received","group id":3}`); got != 1 {
			t.Errorf("node %d: %d completions", i, got)
		}
	}
}

// A publish limited to some peers (publishToNodeIDs) reaches only those.
func TestPublishToChosenPeersOnly(t *testing.T) {
	net, ids := newPartialNet(t, 3)
	middle := net.nodes[ids[1]]
	middle.app.add(exchangeTopic, 1, allParts)
	gid := groupIDBytes(1)
	if got := middle.out.String(); !strings.Contains(got, `"group id":1}`) {
		t.Fatalf("a group complete when added is not logged: %q", got)
	}
	only := []peer.ID{ids[2]}
	if err := middle.ext.PublishPartial(exchangeTopic, gid[:], middle.app.actions(exchangeTopic, gid[:], only)); err != nil {
		t.Fatal(err)
	}
	if len(net.wire) != 1 || net.wire[0].to != ids[2] || len(net.wire[0].rpc.GetPartsMetadata()) != 1 {
		t.Fatalf("sent %+v", net.wire)
	}
	net.settle(t)
	if !strings.Contains(net.nodes[ids[2]].out.String(), `"group id":1}`) {
		t.Error("the chosen peer did not complete")
	}
}
