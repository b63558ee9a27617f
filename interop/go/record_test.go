package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// keys returns an object's keys in document order.
func keys(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %s", raw)
	}
	var out []string
	for dec.More() {
		k, _ := dec.Token()
		out = append(out, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// The field names of docs/records.md §1 (NodeRecord's components, snake case,
// in order), with "impl" after the schema.
func TestRecordShapeMatchesRecordsMd(t *testing.T) {
	engine := "quic-go"
	r := &nodeRecord{Schema: nodeRecordSchema, Impl: "go", QuicEngine: &engine,
		Connections: &recordConns{Refused: orderedMap{}}, Snapshots: []snapshot{{}}, Extras: orderedMap{}, Config: orderedMap{}}
	line, err := r.line()
	if err != nil {
		t.Fatal(err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(line, &top); err != nil {
		t.Fatal(err)
	}
	want := []string{"schema", "impl", "cell", "backend", "arm", "alias", "transport", "quic_engine", "queue", "delay",
		"seed", "n", "payload_bytes", "scenario", "run", "index", "peer_id", "role", "status", "completed",
		"completion_ms", "wire_form", "bytes", "msgs", "mesh", "connections", "cpu_ms", "rss_max_bytes", "pss_bytes",
		"threads", "jit_warmup", "times", "snapshots", "timeline", "extras", "config", "build"}
	if got := keys(t, line); !slices.Equal(got, want) {
		t.Fatalf("record keys\n got %v\nwant %v", got, want)
	}
	nested := map[string][]string{
		"wire_form": {"msgs", "need", "unit", "total", "id_bytes"},
		"bytes":     {"rx", "tx", "rx_data", "tx_data", "rx_control", "tx_control", "rx_partial", "tx_partial"},
		"msgs": {"received", "duplicates", "ihave_sent", "ihave_received", "iwant_sent", "iwant_received",
			"idontwant_sent", "idontwant_received", "graft_sent", "graft_received", "prune_sent", "prune_received",
			"queue_drops", "rejected", "malformed"},
		"mesh":        {"at_publish", "peers_at_publish", "at_end"},
		"connections": {"accepted", "identify_bound", "refused"},
		"times":       {"start_ms", "publish_ms", "end_ms"},
	}
	for field, w := range nested {
		if got := keys(t, top[field]); !slices.Equal(got, w) {
			t.Errorf("%s keys %v, want %v", field, got, w)
		}
	}
	var snaps []json.RawMessage
	_ = json.Unmarshal(top["snapshots"], &snaps)
	if got := keys(t, snaps[0]); !slices.Equal(got, []string{"t_ms", "rx", "tx", "rx_data", "tx_data", "distinct", "duplicates"}) {
		t.Errorf("snapshot keys %v", got)
	}
	// Unknown values are null, not absent and not 0.
	for _, k := range []string{"completion_ms", "cpu_ms", "jit_warmup"} {
		if string(top[k]) != "null" {
			t.Errorf("%s = %s, want null", k, top[k])
		}
	}
}

func TestGossipConfigListsGsnodeNames(t *testing.T) {
	g := defaultGossipParams()
	m := g.asMap()
	want := []string{"d", "d_lo", "d_hi", "d_score", "d_out", "d_lazy", "gossip_factor", "history_length",
		"history_gossip", "heartbeat_interval_ms", "heartbeat_initial_delay_ms", "fanout_ttl_ms", "prune_backoff_ms",
		"unsubscribe_backoff_ms", "graft_flood_threshold_ms", "gossip_retransmission", "max_ihave_length",
		"max_ihave_messages", "max_idontwant_length", "max_idontwant_messages", "idontwant_threshold",
		"idontwant_ttl_heartbeats", "iwant_followup_time_ms", "opportunistic_graft_ticks", "opportunistic_graft_peers",
		"seen_ttl_ms", "flood_publish", "max_message_size", "outbound_queue_size", "signature_policy",
		"partial_messages", "seed", "gossip_threshold", "publish_threshold", "graylist_threshold",
		"accept_px_threshold", "opportunistic_graft_threshold"}
	if !slices.Equal(m.keys, want) {
		t.Fatalf("config.gossipsub keys\n got %v\nwant %v", m.keys, want)
	}
	if m.vals["max_message_size"] != 12234442 || m.vals["heartbeat_interval_ms"] != int64(700) || m.vals["seed"] != nil {
		t.Fatalf("values: %v", m.vals)
	}
}

func TestWriteAtomically(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "nodes", "node-1.json")
	if err := writeAtomically(target, []byte("{}\n")); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(target); err != nil || string(b) != "{}\n" {
		t.Fatalf("read back %q %v", b, err)
	}
	left, _ := os.ReadDir(filepath.Dir(target))
	if len(left) != 1 {
		t.Fatalf("temporary files left: %v", left)
	}
}
