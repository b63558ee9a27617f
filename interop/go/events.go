package main

import (
	"bytes"
	"encoding/json"
	"os"
	"sync"
)

// Event structs: field order is the key order on the wire, "event" first.

type simpleEvent struct {
	Event string `json:"event"`
}

type listeningEvent struct {
	Event  string   `json:"event"`
	PeerID string   `json:"peer_id"`
	Addrs  []string `json:"addrs"`
}

type connEvent struct {
	Event         string `json:"event"`
	PeerID        string `json:"peer_id"`
	Addr          string `json:"addr"`
	Direction     string `json:"direction"`
	Security      string `json:"security"`
	Muxer         string `json:"muxer"`
	Authenticated bool   `json:"authenticated"`
}

type identifyEvent struct {
	Event       string   `json:"event"`
	PeerID      string   `json:"peer_id"`
	Protocols   []string `json:"protocols"`
	ListenAddrs []string `json:"listen_addrs"`
	Agent       string   `json:"agent"`
}

type dialedEvent struct {
	Event  string  `json:"event"`
	PeerID string  `json:"peer_id"`
	Ms     float64 `json:"ms"`
}

type pingEvent struct {
	Event  string  `json:"event"`
	PeerID string  `json:"peer_id"`
	RTTms  float64 `json:"rtt_ms"`
}

type sentEvent struct {
	Event    string  `json:"event"`
	PeerID   string  `json:"peer_id"`
	Protocol string  `json:"protocol"`
	Bytes    int64   `json:"bytes"`
	SHA256   string  `json:"sha256"`
	Match    bool    `json:"match"`
	Ms       float64 `json:"ms"`
}

type receivedEvent struct {
	Event    string  `json:"event"`
	PeerID   string  `json:"peer_id"`
	Protocol string  `json:"protocol"`
	Bytes    int64   `json:"bytes"`
	SHA256   string  `json:"sha256"`
	Ms       float64 `json:"ms"`
}

type echoEvent struct {
	Event  string  `json:"event"`
	PeerID string  `json:"peer_id"`
	Bytes  int64   `json:"bytes"`
	OK     bool    `json:"ok"`
	Ms     float64 `json:"ms"`
}

type messageEvent struct {
	Event string  `json:"event"`
	Topic string  `json:"topic"`
	ID    string  `json:"id"`
	From  string  `json:"from"`
	Size  int     `json:"size"`
	TMs   float64 `json:"t_ms"`
}

type publishedEvent struct {
	Event      string  `json:"event"`
	Topic      string  `json:"topic"`
	ID         string  `json:"id"`
	Size       int     `json:"size"`
	Recipients int     `json:"recipients"`
	TMs        float64 `json:"t_ms"`
}

type meshEvent struct {
	Event string   `json:"event"`
	Topic string   `json:"topic"`
	Peers []string `json:"peers"`
}

type gossipCountersEvent struct {
	Event      string    `json:"event"`
	Sent       rpcCounts `json:"sent"`
	Received   rpcCounts `json:"received"`
	Duplicates int64     `json:"duplicates"`
}

type errorEvent struct {
	Event string `json:"event"`
	What  string `json:"what"`
}

// emitter writes one JSON object per line to stdout. os.Stdout is not
// buffered in Go, so each line reaches the pipe with a single write.
// After close nothing more is written, so "done" stays the last line.
type emitter struct {
	mu     sync.Mutex
	closed bool
}

func newEmitter() *emitter { return &emitter{} }

func (e *emitter) emit(v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf) // Encode appends the newline
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		logf("encoding event: %v", err)
		return
	}
	b := buf.Bytes()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return
	}
	if _, err := os.Stdout.Write(b); err != nil {
		logf("writing event: %v", err)
	}
}

// event writes {"event": name, k1: v1, ...} with the keys in the order
// given, as gsnode run's EventLog does.
func (e *emitter) event(name string, kv ...any) {
	m := orderedMap{}
	m.put("event", name)
	for i := 0; i+1 < len(kv); i += 2 {
		m.put(kv[i].(string), kv[i+1])
	}
	e.emit(m)
}

// line writes one pre-encoded line (the record, when it goes to stdout).
func (e *emitter) line(b []byte) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return
	}
	if _, err := os.Stdout.Write(append(b, '\n')); err != nil {
		logf("writing record: %v", err)
	}
}

func (e *emitter) close() {
	e.mu.Lock()
	e.closed = true
	e.mu.Unlock()
}
