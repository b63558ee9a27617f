package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	pb "github.com/libp2p/go-libp2p-pubsub/pb"
	"github.com/libp2p/go-libp2p/core/peer"
)

func fixedLog(at time.Time) (*harnessLog, *bytes.Buffer) {
	var out bytes.Buffer
	l := newHarnessLog(&out)
	l.now = func() time.Time { return at }
	return l, &out
}

func TestHarnessLinesByteForByte(t *testing.T) {
	node0, err := peer.Decode("12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN")
	if err != nil {
		t.Fatal(err)
	}
	// A time in another zone: the line says UTC all the same.
	at := time.Date(2000, 1, 1, 1, 2, 0, 143771_400, time.FixedZone("CET", 3600))
	l, out := fixedLog(at)
	l.peerID(node0, 0)
	l.received(node0, "a-subnet", 0)
	l.allParts(7)
	want := `{"time":"2000-01-01T00:02:00.143771Z","level":"INFO","msg":"PeerID","id":"12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN","node_id":0}
{"time":"2000-01-01T00:02:00.143771Z","level":"INFO","msg":"Received Message","service":"gossipsub","from":"12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN","topic":"a-subnet","id":"0"}
{"time":"2000-01-01T00:02:00.143771Z","level":"INFO","msg":"All parts received","group id":7}
`
	if out.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}

// Six fraction digits even when they are zeros, so that the times compare
// as strings.
func TestHarnessTimeHasFixedWidth(t *testing.T) {
	for at, want := range map[time.Time]string{
		time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC):         "2000-01-01T00:00:00.000000Z",
		time.Date(2000, 1, 1, 0, 0, 0, 4210_000, time.UTC):  "2000-01-01T00:00:00.004210Z",
		time.Date(2000, 1, 1, 0, 0, 9, 999999999, time.UTC): "2000-01-01T00:00:09.999999Z",
	} {
		if got := harnessTime(at); got != want {
			t.Errorf("%v: %s, want %s", at, got, want)
		}
	}
}

func TestHarnessPayloadAndMessageID(t *testing.T) {
	data := harnessPayload(0x0102030405060708, 98304)
	if len(data) != 98304 || !bytes.Equal(data[:8], []byte{1, 2, 3, 4, 5, 6, 7, 8}) ||
		bytes.Count(data[8:], []byte{0}) != len(data)-8 {
		t.Fatalf("payload starts %x, %d bytes", data[:16], len(data))
	}
	id := harnessMessageID(&pb.Message{Data: data})
	if id != "\x01\x02\x03\x04\x05\x06\x07\x08" {
		t.Fatalf("message id %x", id)
	}
	l, out := fixedLog(time.Unix(0, 0))
	l.received("", "t", messageNumber([]byte(id)))
	var line map[string]any
	if err := json.Unmarshal(out.Bytes(), &line); err != nil || line["id"] != "72623859790382856" {
		t.Fatalf("%v %v", line["id"], err)
	}
	if got := messageNumber([]byte{1}); got != 1<<56 {
		t.Fatalf("a short id reads as %d", got)
	}
}

// Every message entry of a received RPC is a line, duplicates included;
// other events are not.
func TestReceiveTracerLogsEachCopy(t *testing.T) {
	l, out := fixedLog(time.Unix(0, 0))
	tr := receiveTracer{l}
	from, err := harnessPeerID(1)
	if err != nil {
		t.Fatal(err)
	}
	topic := "a-subnet"
	meta := &pb.TraceEvent_RPCMeta{Messages: []*pb.TraceEvent_MessageMeta{
		{MessageID: []byte{0, 0, 0, 0, 0, 0, 0, 3}, Topic: &topic},
		{MessageID: []byte{0, 0, 0, 0, 0, 0, 0, 3}, Topic: &topic},
	}}
	tr.Trace(&pb.TraceEvent{Type: pb.TraceEvent_RECV_RPC.Enum(),
		RecvRPC: &pb.TraceEvent_RecvRPC{ReceivedFrom: []byte(from), Meta: meta}})
	tr.Trace(&pb.TraceEvent{Type: pb.TraceEvent_SEND_RPC.Enum(),
		SendRPC: &pb.TraceEvent_SendRPC{SendTo: []byte(from), Meta: meta}})
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines: %q", len(lines), lines)
	}
	for _, line := range lines {
		if !strings.Contains(line, `"from":"`+from.String()+`","topic":"a-subnet","id":"3"}`) {
			t.Errorf("line %s", line)
		}
	}
}
