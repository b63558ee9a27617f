package main

import (
	"context"
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/libp2p/go-libp2p"
	"github.com/libp2p/go-libp2p/core/crypto"
	"github.com/libp2p/go-libp2p/core/peer"
	quic "github.com/libp2p/go-libp2p/p2p/transport/quic"
	ma "github.com/multiformats/go-multiaddr"
)

// A QUIC listener that never answers: connect dials it a second time after
// the first handshake times out (despite the swarm's dial backoff), says so
// once, and returns the second attempt's timeout.
func TestConnectDialsOnceMoreAfterADialTimesOut(t *testing.T) {
	silent, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	h, err := libp2p.New(libp2p.NoListenAddrs, libp2p.Transport(quic.NewTransport), libp2p.DisableRelay())
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	_, pub, err := crypto.GenerateEd25519Key(nil)
	if err != nil {
		t.Fatal(err)
	}
	id, err := peer.IDFromPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	port := silent.LocalAddr().(*net.UDPAddr).Port
	addr := ma.StringCast("/ip4/127.0.0.1/udp/" + strconv.Itoa(port) + "/quic-v1")

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var warnings []string
	start := time.Now()
	// 1 s per attempt (the peer's own dials have 30 s): each ends at its deadline.
	err = connect(ctx, h, peer.AddrInfo{ID: id, Addrs: []ma.Multiaddr{addr}}, time.Second,
		func(w string) { warnings = append(warnings, w) })
	if err == nil || !timedOut(err) {
		t.Fatalf("want a timed-out dial, got %v", err)
	}
	if len(warnings) != 1 {
		t.Fatalf("want one warning, for the first attempt, got %q", warnings)
	}
	t.Logf("two timed-out attempts in %v: %s", time.Since(start), warnings[0])
}
