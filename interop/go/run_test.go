package main

import (
	"net"
	"strings"
	"testing"
)

func TestRunDefaultsAreGsnodeRuns(t *testing.T) {
	o, err := parseRunArgs([]string{"--topology", "t.json", "--index", "3"})
	if err != nil {
		t.Fatal(err)
	}
	if o.arm != "wholend" || o.payload != 1<<20 || o.transport != "tcp" || o.dialAt != 1000 ||
		o.subscribeAt != 10_000 || o.publishAt != 30_000 || o.hold != 10_000 || o.dialTimeout != 30_000 ||
		o.dialSlots != 16 || o.port != 9000 || o.loopback || o.record != "" || o.cell != "cell" ||
		o.backend != "local" || o.queue != "none" || o.delay != "none" || o.run != 0 || o.hasEpoch || o.epochFile != "" {
		t.Fatalf("defaults: %+v", o)
	}
	if o.gossip != defaultGossipParams() || o.gossip.SignaturePolicy != "lax-no-sign" {
		t.Fatalf("gossip defaults: %+v", o.gossip)
	}
}

func TestRunOptionsBothForms(t *testing.T) {
	o, err := parseRunArgs([]string{"--topology=t.json", "--index", "2", "--transport=quic", "--payload", "1000",
		"--epoch-ms=123", "--dial-at", "1000", "--subscribe-at=3000", "--publish-at", "5000", "--hold=4000",
		"--loopback", "--no-jit-warmup", "--gossip", "d=6", "--gossip=d_lo=4", "--gossip", "heartbeat_interval_ms=500",
		"--gossip", "Signature-Policy=strict_no_sign", "--record", "r.json", "--port=9100"})
	if err != nil {
		t.Fatal(err)
	}
	if o.index != 2 || o.transport != "quic" || o.payload != 1000 || !o.hasEpoch || o.epochMs != 123 ||
		o.subscribeAt != 3000 || o.publishAt != 5000 || o.hold != 4000 || !o.loopback || o.port != 9100 || o.record != "r.json" {
		t.Fatalf("parsed: %+v", o)
	}
	if o.gossip.D != 6 || o.gossip.Dlo != 4 || o.gossip.HeartbeatMs != 500 || o.gossip.SignaturePolicy != "strict-no-sign" {
		t.Fatalf("gossip: %+v", o.gossip)
	}
}

func TestRunOptionsRefused(t *testing.T) {
	base := []string{"--topology", "t.json", "--index", "0"}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--index", "0"}, "missing required option --topology"},
		{[]string{"--topology", "t.json"}, "missing required option --index"},
		{append(base, "--arm", "atuned_32k"), "only the whole-message arm"},
		{append(base, "--arm", "wholend+SEGMENT_X=1"), "only the whole-message arm"},
		{append(base, "--jit-warmup"), "--jit-warmup is not supported by the go node"},
		{append(base, "--io-threads", "2"), "--io-threads is not supported"},
		{append(base, "--quic-engine=netty"), "--quic-engine is not supported"},
		{append(base, "--shadow"), "--shadow is not supported"},
		{append(base, "--udp-buffer", "1"), "--udp-buffer is not supported"},
		{append(base, "--transport", "udp"), "want tcp or quic"},
		{append(base, "--payload", "0"), "at least 1 byte"},
		{append(base, "--payload", "10485761"), "max payload size"},
		{append(base, "--dial-slots", "0"), "at least 1"},
		{append(base, "--epoch-ms", "1", "--epoch-file", "f"), "not both"},
		{append(base, "--subscribe-at", "40000"), "dial-at <= subscribe-at < publish-at"},
		{append(base, "--hold", "0"), "hold must be positive"},
		{append(base, "--port", "70000"), "not a valid number"},
		{append(base, "--index", "1"), "given more than once"},
		{append(base, "--gossip", "nosuch=1"), "unknown gossipsub parameter 'nosuch'; known: d, d_lo"},
		{append(base, "--gossip", "seed=5"), "not supported by the go node"},
		{append(base, "--gossip", "gossip_threshold=-1"), "no peer scoring"},
		{append(base, "--gossip", "d=x"), "not a valid value"},
		{append(base, "--gossip", "d=20"), "need d_lo <= d <= d_hi"},
		{append(base, "--gossip", "d"), "NAME=VALUE"},
		{append(base, "--frobnicate", "1"), "unknown option --frobnicate"},
		{append(base, "--loopback=yes"), "takes no value"},
	}
	for _, c := range cases {
		_, err := parseRunArgs(c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v, want %q", c.args, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: the error is more than one line", c.args)
		}
	}
}

func TestLoopbackAddressMapsLikeJava(t *testing.T) {
	cases := map[string]string{"10.0.0.1": "127.0.0.1", "10.0.1.1": "127.0.1.1", "10.255.255.254": "127.255.255.254"}
	for ip, want := range cases {
		if got := loopbackAddress(ip, true); got != want {
			t.Errorf("%s -> %s, want %s", ip, got, want)
		}
		if got := loopbackAddress(ip, false); got != ip {
			t.Errorf("without --loopback %s -> %s", ip, got)
		}
	}
}

// Node keys come from the index (Ed25519.fromIndex); the ids are the Java code's (testdata/KnownAnswers.java).
func TestNodeKeysMatchJava(t *testing.T) {
	want := map[uint64]string{
		0:   "12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN",
		1:   "12D3KooWPjceQrSwdWXPyLLeABRXmuqt69Rg3sBYbU1Nft9HyQ6X",
		2:   "12D3KooWH3uVF6wv47WnArKHk5p6cvgCJEb74UTmxztmQDc298L3",
		3:   "12D3KooWQYhTNQdmr3ArTeUHRYzFg94BKyTkoWBDWez9kSCVe2Xo",
		254: "12D3KooWKD5MoACmkvRnMntbpKPumm6tuxcTHC5frx8zmSBm7um6",
	}
	d := &daemon{}
	for i, id := range want {
		got, err := d.peerIDOf(int(i))
		if err != nil || got.String() != id {
			t.Errorf("index %d: %v %v, Java %s", i, got, err, id)
		}
	}
}

// A process whose descriptors list no TCP socket (a Shadow host: its sockets
// are the simulator's) does not know its socket bytes: unknown, not 0. Once a
// connection exists, its bytes are counted.
func TestSocketBytesUnknownWithoutSockets(t *testing.T) {
	counter := newTCPBytes()
	if _, _, ok := counter.read(); ok {
		t.Fatal("no TCP socket open, yet the socket bytes read as known")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte("hello")); err != nil {
		t.Fatal(err)
	}
	if _, tx, ok := counter.read(); !ok || tx < 5 {
		t.Fatalf("with a connection: tx %d, known %v", tx, ok)
	}
}
