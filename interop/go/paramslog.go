package main

// Stdout of `gopeer params`: the three line kinds the gossipsub-interop
// analysis reads, byte for byte as the Java node writes them. Keys are
// written in a fixed order, with no spaces, because the harness's checks
// grep for `"msg":"All parts received"`; the time has exactly six fraction
// digits and a `Z`, so that comparing two times as strings (as the
// harness's checks do) orders them correctly.

import (
	"encoding/binary"
	"encoding/json"
	"io"
	"strconv"
	"sync"
	"time"

	pb "github.com/libp2p/go-libp2p-pubsub/pb"
	"github.com/libp2p/go-libp2p/core/peer"
)

const harnessTimeLayout = "2006-01-02T15:04:05.000000Z"

// harnessLog writes whole lines, each with one Write, so that lines from
// the router's event loop and the script never interleave.
type harnessLog struct {
	mu  sync.Mutex
	w   io.Writer
	now func() time.Time
}

func newHarnessLog(w io.Writer) *harnessLog {
	return &harnessLog{w: w, now: time.Now}
}

func harnessTime(t time.Time) string {
	return t.UTC().Format(harnessTimeLayout)
}

// start opens a line with its time, level and msg; the caller appends the
// remaining fields and end closes it.
func (l *harnessLog) start(msg string) []byte {
	b := make([]byte, 0, 192)
	b = append(b, `{"time":"`...)
	b = append(b, harnessTime(l.now())...)
	b = append(b, `","level":"INFO","msg":`...)
	return appendJSONString(b, msg)
}

func (l *harnessLog) end(b []byte) {
	b = append(b, '}', '\n')
	l.mu.Lock()
	defer l.mu.Unlock()
	// Nothing useful can be done when stdout is gone; the run goes on.
	_, _ = l.w.Write(b)
}

func (l *harnessLog) peerID(id peer.ID, node int) {
	b := l.start("PeerID")
	b = append(b, `,"id":`...)
	b = appendJSONString(b, id.String())
	b = append(b, `,"node_id":`...)
	b = strconv.AppendInt(b, int64(node), 10)
	l.end(b)
}

func (l *harnessLog) received(from peer.ID, topic string, msgID uint64) {
	b := l.start("Received Message")
	b = append(b, `,"service":"gossipsub","from":`...)
	b = appendJSONString(b, from.String())
	b = append(b, `,"topic":`...)
	b = appendJSONString(b, topic)
	b = append(b, `,"id":"`...)
	b = strconv.AppendUint(b, msgID, 10)
	b = append(b, '"')
	l.end(b)
}

func (l *harnessLog) allParts(group uint64) {
	b := l.start("All parts received")
	b = append(b, `,"group id":`...)
	b = strconv.AppendUint(b, group, 10)
	l.end(b)
}

func appendJSONString(b []byte, s string) []byte {
	q, err := json.Marshal(s)
	if err != nil {
		// json.Marshal of a string cannot fail; keep the line valid anyway.
		return append(b, `""`...)
	}
	return append(b, q...)
}

// harnessMessageID is the harness's message id: the first 8 bytes of the
// data, raw. IHAVE, IWANT and IDONTWANT carry these bytes, so every
// implementation in a run must compute exactly the same.
func harnessMessageID(m *pb.Message) string {
	data := m.GetData()
	return string(data[:min(len(data), 8)])
}

// messageNumber reads a message id as the harness prints it: a big-endian
// uint64. A shorter id (a message under 8 bytes, which the harness never
// sends) reads as if zero-padded, as a harness payload is.
func messageNumber(id []byte) uint64 {
	var full [8]byte
	copy(full[:], id)
	return binary.BigEndian.Uint64(full[:])
}

// receiveTracer logs every message entry of every RPC a peer sends us: first
// arrivals, duplicates and IWANT answers alike, before validation. The
// EventTracer is used, not a RawTracer, because only its RECV_RPC event
// names the peer the RPC came from.
type receiveTracer struct {
	log *harnessLog
}

func (t receiveTracer) Trace(evt *pb.TraceEvent) {
	if evt.GetType() != pb.TraceEvent_RECV_RPC {
		return
	}
	rpc := evt.GetRecvRPC()
	from := peer.ID(rpc.GetReceivedFrom())
	for _, m := range rpc.GetMeta().GetMessages() {
		t.log.received(from, m.GetTopic(), messageNumber(m.GetMessageID()))
	}
}
