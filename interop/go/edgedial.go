package main

// Dialling the edges a node owns (Java: node/.../run/EdgeDialer.java): at
// most `slots` handshakes in flight, each edge retried every 200 ms while the
// far end is still coming up, until the deadline. A cell starts hundreds of
// processes at once; without the bound every node would start all its
// handshakes together.

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/network"
	"github.com/libp2p/go-libp2p/core/peer"
	ma "github.com/multiformats/go-multiaddr"
)

const dialRetryPause = 200 * time.Millisecond

type edgeDialer struct {
	h        host.Host
	slots    chan struct{}
	warn     func(string)
	attempts atomic.Int64 // failed attempts, the record's connections.refused.transport
}

func newEdgeDialer(h host.Host, slots int, warn func(string)) *edgeDialer {
	return &edgeDialer{h: h, slots: make(chan struct{}, slots), warn: warn}
}

// dialAll dials every target (full addresses ending in /p2p/<id>) and
// returns how many could not be dialled before the deadline.
func (d *edgeDialer) dialAll(ctx context.Context, targets []ma.Multiaddr, deadline time.Time) int {
	ctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	var failed atomic.Int64
	var wg sync.WaitGroup
	for _, t := range targets {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !d.dialOne(ctx, t) {
				failed.Add(1)
			}
		}()
	}
	wg.Wait()
	return int(failed.Load())
}

func (d *edgeDialer) dialOne(ctx context.Context, target ma.Multiaddr) bool {
	ai, err := peer.AddrInfoFromP2pAddr(target)
	if err != nil {
		d.warn("dial " + target.String() + " failed: " + err.Error())
		return false
	}
	lastErr := "no attempt before the deadline"
	for ctx.Err() == nil {
		select {
		case d.slots <- struct{}{}:
		case <-ctx.Done():
			continue
		}
		// go's swarm backs off from an address that just failed; the far end
		// may simply not listen yet, so every retry is a real dial.
		err := d.h.Connect(network.WithForceDirectDial(ctx, "edge retry"), *ai)
		<-d.slots
		if err == nil {
			return true
		}
		d.attempts.Add(1)
		lastErr = err.Error()
		select {
		case <-time.After(dialRetryPause):
		case <-ctx.Done():
		}
	}
	d.warn("dial " + target.String() + " failed: " + lastErr)
	return false
}
