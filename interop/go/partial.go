package main

// The partial-messages side of the peer (--partial TOPIC): go-libp2p-pubsub's
// partialmessages extension with a small application that speaks gsnode's
// variant B formats (docs/arms.md §8.2, docs/wire.md §10.4–10.5), so a Java node and this peer
// exchange parts metadata and partial messages in both directions. It is a
// relay, not gsnode's broadcaster: it keeps every segment it receives, serves
// what a peer's metadata requests, and asks (request bits in its own
// metadata) for every missing index from the first peer that announced it.

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"iter"
	"log/slog"
	"slices"

	"github.com/golang/snappy"
	pubsub "github.com/libp2p/go-libp2p-pubsub"
	"github.com/libp2p/go-libp2p-pubsub/partialmessages"
	pb "github.com/libp2p/go-libp2p-pubsub/pb"
	"github.com/libp2p/go-libp2p/core/peer"
)

const (
	descriptorBytes    = 50 // version, hash id, count u32, segment size u32, total u64, root
	maxPartsCount      = 16384
	maxSegmentMsgBytes = 50 + 4 + 1 + 14*32 + 4 + 1<<20
	metadataPlain      = 1
	metadataCoded      = 2
	partialRaw         = 1
	partialSnappy      = 3
)

// partPeer is what we know of one peer for one group.
type partPeer struct {
	count     int // -1 before its first metadata
	available map[int]bool
	requests  map[int]bool
	pushed    map[int]bool
	sent      []byte // the metadata we last sent it
}

func newPartPeer() *partPeer {
	return &partPeer{count: -1, available: map[int]bool{}, requests: map[int]bool{}, pushed: map[int]bool{}}
}

// partGroup is one group: its width, the segments we hold and who we asked.
type partGroup struct {
	count, required int
	version         byte // partial message version to answer in (that of the first we got)
	parts           map[int][]byte
	claimed         map[int]peer.ID
	complete        bool
}

type partialEvent struct {
	Event    string           `json:"event"`
	Topic    string           `json:"topic"`
	Group    string           `json:"group"`
	From     string           `json:"from"`
	Parts    []int            `json:"parts"`
	Metadata *metadataSummary `json:"metadata"`
}

type partialSentEvent struct {
	Event    string           `json:"event"`
	Topic    string           `json:"topic"`
	Group    string           `json:"group"`
	To       string           `json:"to"`
	Parts    []int            `json:"parts"`
	Metadata *metadataSummary `json:"metadata"`
}

type partialCompleteEvent struct {
	Event    string `json:"event"`
	Topic    string `json:"topic"`
	Group    string `json:"group"`
	Held     int    `json:"held"`
	Count    int    `json:"count"`
	Required int    `json:"required"`
}

type partialErrorEvent struct {
	Event string `json:"event"`
	From  string `json:"from"`
	What  string `json:"what"`
}

type metadataSummary struct {
	Count     int   `json:"count"`
	Required  int   `json:"required"`
	Available []int `json:"available"`
	Requests  []int `json:"requests"`
}

type partsMetadata struct {
	count, required     int
	available, requests map[int]bool
}

// All callbacks run on the pubsub event loop, so the relay's state needs no
// lock; publishing is handed to a goroutine because PublishPartial waits for
// that same loop.
type partialRelay struct {
	out    *emitter
	topic  string
	ps     *pubsub.PubSub
	groups map[string]*partGroup
}

func newPartialRelay(out *emitter, topic string) (*partialRelay, *partialmessages.PartialMessagesExtension[*partPeer]) {
	r := &partialRelay{out: out, topic: topic, groups: map[string]*partGroup{}}
	ext := &partialmessages.PartialMessagesExtension[*partPeer]{
		Logger:        slog.New(slog.NewTextHandler(discard{}, nil)),
		OnIncomingRPC: r.onIncoming,
		OnEmitGossip: func(topic string, groupID []byte, _ []peer.ID, _ map[peer.ID]*partPeer) {
			r.publishLater(groupID)
		},
	}
	return r, ext
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

func (r *partialRelay) onIncoming(from peer.ID, states map[peer.ID]*partPeer, rpc *pb.PartialMessagesExtension) error {
	err := r.incoming(from, states, rpc)
	if err != nil {
		r.out.emit(partialErrorEvent{"partial_error", from.String(), err.Error()})
	}
	return err
}

func (r *partialRelay) incoming(from peer.ID, states map[peer.ID]*partPeer, rpc *pb.PartialMessagesExtension) error {
	st := states[from]
	if st == nil {
		st = newPartPeer()
		states[from] = st
	}
	gid := string(rpc.GetGroupID())
	g := r.groups[gid]
	if g == nil {
		g = &partGroup{count: -1, parts: map[int][]byte{}, claimed: map[int]peer.ID{}}
		r.groups[gid] = g
	}
	var summary *metadataSummary
	if md := rpc.GetPartsMetadata(); len(md) > 0 {
		m, err := decodeMetadata(md)
		if err != nil {
			return err
		}
		if st.count >= 0 && st.count != m.count {
			return fmt.Errorf("parts metadata count changed from %d to %d", st.count, m.count)
		}
		st.count, st.available, st.requests = m.count, m.available, m.requests
		if g.count < 0 {
			g.count, g.required = m.count, m.required
		}
		summary = summarize(m)
	}
	var got []int
	if pm := rpc.GetPartialMessage(); len(pm) > 0 {
		version, segments, err := decodePartial(pm)
		if err != nil {
			return err
		}
		if g.version == 0 {
			g.version = version
		}
		for _, s := range segments {
			idx, count, required, err := segmentIndex(s)
			if err != nil {
				return err
			}
			if g.count < 0 {
				g.count, g.required = count, required
			}
			if idx >= g.count {
				return fmt.Errorf("segment index %d out of range %d", idx, g.count)
			}
			g.parts[idx] = s
			delete(g.claimed, idx)
			st.available[idx] = true
			delete(st.requests, idx)
			got = append(got, idx)
		}
	}
	slices.Sort(got)
	r.out.emit(partialEvent{"partial", rpc.GetTopicID(), hex.EncodeToString([]byte(gid)), from.String(), nonNil(got), summary})
	if !g.complete && g.count > 0 && len(g.parts) >= g.required {
		g.complete = true
		r.out.emit(partialCompleteEvent{"partial_complete", r.topic, hex.EncodeToString([]byte(gid)), len(g.parts), g.count, g.required})
	}
	r.publishLater([]byte(gid))
	return nil
}

func (r *partialRelay) publishLater(groupID []byte) {
	gid := slices.Clone(groupID)
	go func() {
		if err := pubsub.PublishPartial(r.ps, r.topic, gid, r.actions(gid)); err != nil {
			logf("publish partial: %v", err)
		}
	}()
}

// actions serves what each peer requested and claims every missing index
// from the first peer (in peer id order) that holds it.
func (r *partialRelay) actions(gid []byte) partialmessages.PublishActionsFn[*partPeer] {
	return func(states map[peer.ID]*partPeer, requestsPartial func(peer.ID) bool) iter.Seq2[peer.ID, partialmessages.PublishAction] {
		g := r.groups[string(gid)]
		peers := make([]peer.ID, 0, len(states))
		for p := range states {
			peers = append(peers, p)
		}
		slices.Sort(peers)
		type action struct {
			p peer.ID
			a partialmessages.PublishAction
		}
		var out []action
		if g != nil && g.count > 0 {
			for _, p := range peers {
				st := states[p]
				if st == nil {
					st = newPartPeer()
					states[p] = st
				}
				var send [][]byte
				var sentIdx []int
				if requestsPartial(p) {
					for idx := 0; idx < g.count; idx++ {
						if s, ok := g.parts[idx]; ok && st.requests[idx] && !st.pushed[idx] {
							send = append(send, s)
							sentIdx = append(sentIdx, idx)
							st.pushed[idx] = true
							st.available[idx] = true
							delete(st.requests, idx)
						}
					}
				}
				requests := map[int]bool{}
				if !g.complete {
					for idx := 0; idx < g.count; idx++ {
						if _, held := g.parts[idx]; held || !st.available[idx] {
							continue
						}
						if who, ok := g.claimed[idx]; !ok || who == p {
							g.claimed[idx] = p
							requests[idx] = true
						}
					}
				}
				available := map[int]bool{}
				for idx := range g.parts {
					available[idx] = true
				}
				m := partsMetadata{g.count, g.required, available, requests}
				md := encodeMetadata(m)
				if bytes.Equal(md, st.sent) {
					md = nil
				} else {
					st.sent = md
				}
				var pm []byte
				if len(send) > 0 {
					pm = encodePartial(g.version, send)
				}
				if pm == nil && md == nil {
					continue
				}
				var summary *metadataSummary
				if md != nil {
					summary = summarize(m)
				}
				r.out.emit(partialSentEvent{"partial_sent", r.topic, hex.EncodeToString(gid), p.String(), nonNil(sentIdx), summary})
				out = append(out, action{p, partialmessages.PublishAction{EncodedPartialMessage: pm, EncodedPartsMetadata: md}})
			}
		}
		return func(yield func(peer.ID, partialmessages.PublishAction) bool) {
			for _, a := range out {
				if !yield(a.p, a.a) {
					return
				}
			}
		}
	}
}

// ---------------------------------------------------------------- formats (docs/wire.md §10.4–10.5)

func decodeMetadata(b []byte) (partsMetadata, error) {
	var m partsMetadata
	if len(b) < 5 {
		return m, errors.New("parts metadata too short")
	}
	version := b[0]
	if version != metadataPlain && version != metadataCoded {
		return m, fmt.Errorf("parts metadata version %d", version)
	}
	count := binary.LittleEndian.Uint32(b[1:5])
	if count == 0 || count > maxPartsCount {
		return m, fmt.Errorf("parts metadata count %d", count)
	}
	rest := b[5:]
	required := count
	if version == metadataCoded {
		if len(rest) < 4 {
			return m, errors.New("coded parts metadata without required")
		}
		required = binary.LittleEndian.Uint32(rest[:4])
		rest = rest[4:]
		if required == 0 || required >= count {
			return m, fmt.Errorf("coded parts metadata requires %d of %d", required, count)
		}
	}
	n := int(count+7) / 8
	if len(rest) != 2*n {
		return m, fmt.Errorf("parts metadata bitmaps of %d bytes, want %d", len(rest), 2*n)
	}
	avail, err := decodeBitmap(rest[:n], int(count))
	if err != nil {
		return m, err
	}
	reqs, err := decodeBitmap(rest[n:], int(count))
	if err != nil {
		return m, err
	}
	return partsMetadata{int(count), int(required), avail, reqs}, nil
}

func decodeBitmap(b []byte, count int) (map[int]bool, error) {
	out := map[int]bool{}
	for i := 0; i < 8*len(b); i++ {
		if b[i/8]&(1<<(i%8)) != 0 {
			if i >= count {
				return nil, fmt.Errorf("bitmap padding bit %d set", i)
			}
			out[i] = true
		}
	}
	return out, nil
}

func encodeMetadata(m partsMetadata) []byte {
	n := (m.count + 7) / 8
	var b []byte
	if m.required < m.count {
		b = append(b, metadataCoded)
		b = binary.LittleEndian.AppendUint32(b, uint32(m.count))
		b = binary.LittleEndian.AppendUint32(b, uint32(m.required))
	} else {
		b = append(b, metadataPlain)
		b = binary.LittleEndian.AppendUint32(b, uint32(m.count))
	}
	for _, bits := range []map[int]bool{m.available, m.requests} {
		bitmap := make([]byte, n)
		for i := range bits {
			bitmap[i/8] |= 1 << (i % 8)
		}
		b = append(b, bitmap...)
	}
	return b
}

func decodePartial(b []byte) (byte, [][]byte, error) {
	if len(b) < 3 {
		return 0, nil, errors.New("partial message too short")
	}
	version := b[0]
	if version != partialRaw && version != partialSnappy {
		return 0, nil, fmt.Errorf("partial message version %d", version)
	}
	n := int(binary.LittleEndian.Uint16(b[1:3]))
	rest := b[3:]
	var out [][]byte
	for i := 0; i < n; i++ {
		if len(rest) < 4 {
			return 0, nil, fmt.Errorf("segment %d: no length", i)
		}
		l := int(binary.LittleEndian.Uint32(rest[:4]))
		rest = rest[4:]
		if l > len(rest) || l > 2*maxSegmentMsgBytes {
			return 0, nil, fmt.Errorf("segment %d: %d bytes, %d left", i, l, len(rest))
		}
		s := rest[:l]
		rest = rest[l:]
		if version == partialSnappy {
			if dl, err := snappy.DecodedLen(s); err != nil || dl > maxSegmentMsgBytes {
				return 0, nil, fmt.Errorf("segment %d: bad snappy length", i)
			}
			d, err := snappy.Decode(nil, s)
			if err != nil {
				return 0, nil, fmt.Errorf("segment %d: %v", i, err)
			}
			s = d
		} else {
			s = slices.Clone(s)
		}
		out = append(out, s)
	}
	if len(rest) != 0 || n == 0 {
		return 0, nil, fmt.Errorf("partial message: %d segments, %d trailing bytes", n, len(rest))
	}
	return version, out, nil
}

func encodePartial(version byte, segments [][]byte) []byte {
	if version == 0 {
		version = partialRaw
	}
	b := []byte{version}
	b = binary.LittleEndian.AppendUint16(b, uint16(len(segments)))
	for _, s := range segments {
		if version == partialSnappy {
			s = snappy.Encode(nil, s)
		}
		b = binary.LittleEndian.AppendUint32(b, uint32(len(s)))
		b = append(b, s...)
	}
	return b
}

// segmentIndex reads a SegmentMessage's index and its group's width from the
// descriptor in front of it (docs/arms.md §3.4, docs/wire.md §10.2). The relay does not verify
// proofs: the Java receivers do.
func segmentIndex(s []byte) (idx, count, required int, err error) {
	if len(s) < descriptorBytes+4 {
		return 0, 0, 0, errors.New("segment message too short")
	}
	count = int(binary.LittleEndian.Uint32(s[2:6]))
	size := int64(binary.LittleEndian.Uint32(s[6:10]))
	total := int64(binary.LittleEndian.Uint64(s[10:18]))
	if count <= 0 || count > maxPartsCount || size <= 0 || total <= 0 {
		return 0, 0, 0, errors.New("bad descriptor")
	}
	required = count
	if s[0] == 2 {
		required = int((total + size - 1) / size)
	}
	return int(binary.LittleEndian.Uint32(s[descriptorBytes : descriptorBytes+4])), count, required, nil
}

func summarize(m partsMetadata) *metadataSummary {
	return &metadataSummary{m.count, m.required, sortedKeys(m.available), sortedKeys(m.requests)}
}

func sortedKeys(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func nonNil(s []int) []int {
	if s == nil {
		return []int{}
	}
	return s
}
