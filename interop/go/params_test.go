package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
)

// The harness's conformance check for node keys (ids 0..9999), which every
// implementation in a run must pass for /p2p/<id> dials to agree.
func TestHarnessNodeKeysConform(t *testing.T) {
	sum := sha256.New()
	for node := range 10_000 {
		id, err := harnessPeerID(node)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(sum, ">%d:%s\n", node, id.String())
	}
	const want = "11395ea896d00ca25f7f648ebb336488ee092096a5498d90d76b92eaec27867a"
	if got := hex.EncodeToString(sum.Sum(nil)); got != want {
		t.Fatalf("peer id digest %s, want %s", got, want)
	}
}

func TestNodeIDFromHostName(t *testing.T) {
	for name, want := range map[string]int{"node0": 0, "node17": 17, "node3.example": 3} {
		if got, err := parseNodeName(name); err != nil || got != want {
			t.Errorf("%q: %d %v, want %d", name, got, err, want)
		}
	}
	for _, name := range []string{"", "node", "node-1", "node+1", "node01", "node3x", "Node3", "host3", "node 3"} {
		if _, err := parseNodeName(name); err == nil {
			t.Errorf("%q: accepted", name)
		}
	}
}

func TestParamsArguments(t *testing.T) {
	for _, args := range [][]string{{"--params", "/p.json"}, {"--params=/p.json"}, {"-params", "/p.json"}} {
		if got, err := parseParamsArgs(args); err != nil || got != "/p.json" {
			t.Errorf("%q: %q %v", args, got, err)
		}
	}
	for _, args := range [][]string{{}, {"--params"}, {"--params", "/p.json", "extra"}, {"--seed", "1"}} {
		_, err := parseParamsArgs(args)
		if err == nil {
			t.Errorf("%q: accepted", args)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: refusal is not one line: %q", args, err)
		}
	}
}

func TestLoadScriptRefusesWhatItCannotRead(t *testing.T) {
	dir := t.TempDir()
	if _, err := loadScript(dir + "/absent.json"); err == nil {
		t.Error("a missing file was accepted")
	}
	if _, err := loadScript(dir); err == nil {
		t.Error("a directory was accepted")
	}
}
