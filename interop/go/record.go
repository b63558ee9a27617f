package main

// The gsnode.node/1 record (docs/records.md §1; Java: node/.../record/NodeRecord.java)
// as a go node writes it: the same keys in the same order, null where the
// Java record allows null and go cannot see the value, plus "impl": "go".

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
)

const nodeRecordSchema = "gsnode.node/1"

type nodeRecord struct {
	Schema      string  `json:"schema"`
	Impl        string  `json:"impl"`
	Cell        string  `json:"cell"`
	Backend     string  `json:"backend"`
	Arm         string  `json:"arm"`
	Alias       string  `json:"alias"`
	Transport   string  `json:"transport"`
	QuicEngine  *string `json:"quic_engine"`
	Queue       string  `json:"queue"`
	Delay       string  `json:"delay"`
	Seed        int64   `json:"seed"`
	N           int     `json:"n"`
	PayloadSize int     `json:"payload_bytes"`
	Scenario    string  `json:"scenario"`
	Run         int     `json:"run"`

	Index  int    `json:"index"`
	PeerID string `json:"peer_id"`
	Role   string `json:"role"`

	Status       string          `json:"status"`
	Completed    bool            `json:"completed"`
	CompletionMs *float64        `json:"completion_ms"`
	WireForm     wireForm        `json:"wire_form"`
	Bytes        recordBytes     `json:"bytes"`
	Msgs         recordMsgs      `json:"msgs"`
	Mesh         recordMesh      `json:"mesh"`
	Connections  *recordConns    `json:"connections"`
	CPUMs        *int64          `json:"cpu_ms"`
	RSSMaxBytes  *int64          `json:"rss_max_bytes"`
	PSSBytes     *int64          `json:"pss_bytes"`
	Threads      *int64          `json:"threads"`
	JITWarmup    any             `json:"jit_warmup"` // always null: go has no JIT
	Times        recordTimes     `json:"times"`
	Snapshots    []snapshot      `json:"snapshots"`
	Timeline     *recordTimeline `json:"timeline"`
	Extras       orderedMap      `json:"extras"`
	Config       orderedMap      `json:"config"`
	Build        recordBuild     `json:"build"`
}

// recordBuild is the record's build (docs/records.md §5): which go peer wrote it.
// Its version names the libp2p modules, so the two go references differ in it.
type recordBuild struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	Commit  string `json:"commit"`
	Dirty   *bool  `json:"dirty"`
	Runtime string `json:"runtime"`
}

type wireForm struct {
	Msgs    int   `json:"msgs"`
	Need    int   `json:"need"`
	Unit    int   `json:"unit"`
	Total   int64 `json:"total"`
	IDBytes int   `json:"id_bytes"`
}

type recordBytes struct {
	Rx        *int64 `json:"rx"`
	Tx        *int64 `json:"tx"`
	RxData    int64  `json:"rx_data"`
	TxData    int64  `json:"tx_data"`
	RxControl int64  `json:"rx_control"`
	TxControl int64  `json:"tx_control"`
	RxPartial int64  `json:"rx_partial"`
	TxPartial int64  `json:"tx_partial"`
}

type recordMsgs struct {
	Received          int64 `json:"received"`
	Duplicates        int64 `json:"duplicates"`
	IHaveSent         int64 `json:"ihave_sent"`
	IHaveReceived     int64 `json:"ihave_received"`
	IWantSent         int64 `json:"iwant_sent"`
	IWantReceived     int64 `json:"iwant_received"`
	IDontWantSent     int64 `json:"idontwant_sent"`
	IDontWantReceived int64 `json:"idontwant_received"`
	GraftSent         int64 `json:"graft_sent"`
	GraftReceived     int64 `json:"graft_received"`
	PruneSent         int64 `json:"prune_sent"`
	PruneReceived     int64 `json:"prune_received"`
	QueueDrops        int64 `json:"queue_drops"`
	Rejected          int64 `json:"rejected"`
	Malformed         int64 `json:"malformed"`
}

type recordMesh struct {
	AtPublish      int `json:"at_publish"`
	PeersAtPublish int `json:"peers_at_publish"`
	AtEnd          int `json:"at_end"`
}

// recordConns is NodeRecord.Connections; refused lists every layer the Java
// host names, null where go-libp2p does not expose the failure.
type recordConns struct {
	Accepted      int64      `json:"accepted"`
	IdentifyBound int64      `json:"identify_bound"`
	Refused       orderedMap `json:"refused"`
}

type recordTimes struct {
	StartMs   int64 `json:"start_ms"`
	PublishMs int64 `json:"publish_ms"`
	EndMs     int64 `json:"end_ms"`
}

type snapshot struct {
	TMs        int64  `json:"t_ms"`
	Rx         *int64 `json:"rx"`
	Tx         *int64 `json:"tx"`
	RxData     int64  `json:"rx_data"`
	TxData     int64  `json:"tx_data"`
	Distinct   int64  `json:"distinct"`
	Duplicates int64  `json:"duplicates"`
}

// orderedMap is a JSON object that keeps its keys in insertion order, as the
// Java record's LinkedHashMaps do.
type orderedMap struct {
	keys []string
	vals map[string]any
}

func (m *orderedMap) put(k string, v any) {
	if m.vals == nil {
		m.vals = map[string]any{}
	}
	if _, ok := m.vals[k]; !ok {
		m.keys = append(m.keys, k)
	}
	m.vals[k] = v
}

func (m orderedMap) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range m.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		vb, err := marshalCompact(m.vals[k])
		if err != nil {
			return nil, err
		}
		b.Write(kb)
		b.WriteByte(':')
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func marshalCompact(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// line is the record as one JSON line, without the newline.
func (r *nodeRecord) line() ([]byte, error) {
	return marshalCompact(r)
}

// writeAtomically writes text to a temporary file beside target, then
// renames it into place (RecordJson.writeAtomically): a reader sees the whole
// record or none.
func writeAtomically(target string, text []byte) error {
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing left to remove
	if _, err := tmp.Write(text); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), target)
}
