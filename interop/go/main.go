// Command gopeer is the go-libp2p side of the gsnode interop peer contract
// (see ../PEER-PROTOCOL.md). It listens and/or dials, serves identify, ping,
// /gsnode/transfer/1.0.0 and /gsnode/echo/1.0.0, runs gossipsub when asked to
// subscribe or publish (gossip.go), runs the requested actions and reports
// everything as JSON lines on stdout.
package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/libp2p/go-libp2p"
	"github.com/libp2p/go-libp2p/core/connmgr"
	"github.com/libp2p/go-libp2p/core/crypto"
	"github.com/libp2p/go-libp2p/core/event"
	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/network"
	"github.com/libp2p/go-libp2p/core/peer"
	"github.com/libp2p/go-libp2p/p2p/net/swarm"
	"github.com/libp2p/go-libp2p/p2p/protocol/ping"
	quic "github.com/libp2p/go-libp2p/p2p/transport/quic"
	"github.com/libp2p/go-libp2p/p2p/transport/tcp"
	ma "github.com/multiformats/go-multiaddr"
	quicgo "github.com/quic-go/quic-go"
)

const (
	transferProto = "/gsnode/transfer/1.0.0"
	echoProto     = "/gsnode/echo/1.0.0"
	chunkSize     = 64 * 1024
	dialTimeout   = 30 * time.Second
	actionTimeout = 5 * time.Minute
)

// processStart is the reference for --after and for a params script's
// waitUntil: package initialisation runs before main, as early as the
// process can take a timestamp.
var processStart = time.Now()

func main() {
	// `gopeer run ...` is one node of a gsnode cell (run.go), `gopeer params
	// ...` one node of the gossipsub-interop harness (params.go); anything
	// else is the flag mode of the peer contract.
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "run":
			os.Exit(runNode(os.Args[2:]))
		case "params":
			os.Exit(paramsMode(os.Args[2:]))
		}
	}
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	opts, err := parseArgs(args)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gopeer: %v\n\n%s", err, usage)
		return 2
	}
	out := newEmitter()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT)
	go func() {
		<-sigs
		logf("signal received, shutting down")
		cancel()
		<-sigs
		logf("second signal, exiting now")
		os.Exit(1)
	}()

	priv, err := identity(opts)
	if err != nil {
		logf("identity: %v", err)
		return 1
	}

	h, err := libp2p.New(
		libp2p.Identity(priv),
		libp2p.NoListenAddrs, // listen below, one address at a time, to keep the flag order
		libp2p.Transport(tcp.NewTCPTransport),
		libp2p.Transport(quic.NewTransport),
		libp2p.DefaultSecurity, // TLS first, then Noise
		libp2p.DefaultMuxers,   // yamux
		libp2p.DisableRelay(),
		libp2p.ResourceManager(&network.NullResourceManager{}),
		libp2p.ConnectionManager(&connmgr.NullConnMgr{}),
		libp2p.DisableMetrics(),
		libp2p.UDPBlackHoleSuccessCounter(nil),
		libp2p.IPv6BlackHoleSuccessCounter(nil),
		libp2p.Ping(true),
		libp2p.UserAgent(userAgent()),
	)
	if err != nil {
		logf("creating host: %v", err)
		return 1
	}
	closeHost := func() {
		done := make(chan struct{})
		go func() { _ = h.Close(); close(done) }()
		select {
		case <-done:
		case <-time.After(3 * time.Second):
			logf("host close timed out")
		}
	}

	// Subscribe before anything can connect.
	idSub, err := h.EventBus().Subscribe(new(event.EvtPeerIdentificationCompleted))
	if err != nil {
		logf("event bus: %v", err)
		return 1
	}
	go func() {
		for e := range idSub.Out() {
			ev := e.(event.EvtPeerIdentificationCompleted)
			protos := make([]string, 0, len(ev.Protocols))
			for _, p := range ev.Protocols {
				protos = append(protos, string(p))
			}
			addrs := make([]string, 0, len(ev.ListenAddrs))
			for _, a := range ev.ListenAddrs {
				addrs = append(addrs, a.String())
			}
			out.emit(identifyEvent{"identify", ev.Peer.String(), protos, addrs, ev.AgentVersion})
		}
	}()
	h.Network().Notify(&network.NotifyBundle{ConnectedF: func(_ network.Network, c network.Conn) {
		out.emit(connectedEvent(c))
	}})
	h.SetStreamHandler(transferProto, func(s network.Stream) { serveTransfer(out, s) })
	h.SetStreamHandler(echoProto, serveEcho)

	// Listen in flag order, recording the address each listener actually got.
	listening := make([]string, 0, len(opts.listen))
	for _, la := range opts.listen {
		before := map[string]bool{}
		for _, a := range h.Network().ListenAddresses() {
			before[a.String()] = true
		}
		if err := h.Network().Listen(la); err != nil {
			logf("listen on %s: %v", la, err)
			out.emit(errorEvent{"error", fmt.Sprintf("listen on %s: %v", la, err)})
			closeHost()
			out.emit(simpleEvent{"done"})
			return 1
		}
		for _, a := range h.Network().ListenAddresses() {
			if !before[a.String()] {
				listening = append(listening, a.String()+"/p2p/"+h.ID().String())
			}
		}
	}

	// Gossipsub: join (and subscribe to) the topics right after listening,
	// before dialling. Doing it before the listening event keeps that event
	// first; nobody knows our addresses yet, so nothing can be missed.
	var g *gossip
	if opts.gossip() {
		g, err = startGossip(ctx, out, h, opts)
		if err != nil {
			logf("%v", err)
			out.emit(errorEvent{"error", err.Error()})
			closeHost()
			out.emit(simpleEvent{"done"})
			return 1
		}
	}

	out.emit(listeningEvent{"listening", h.ID().String(), listening})

	var failed atomic.Bool
	fail := func(format string, a ...any) {
		failed.Store(true)
		msg := fmt.Sprintf(format, a...)
		logf("%s", msg)
		out.emit(errorEvent{"error", msg})
	}

	// Publishing follows its own clock (--after counts from process start),
	// alongside the dials.
	published := make(chan struct{})
	if opts.publish != "" {
		go func() {
			defer close(published)
			publish(ctx, out, g.tracer, g.pubTh, opts, processStart, fail)
		}()
	} else {
		close(published)
	}

	for _, d := range opts.dial {
		if ctx.Err() != nil {
			fail("dial %s: interrupted", d)
			continue
		}
		ai, err := peer.AddrInfoFromP2pAddr(d)
		if err != nil {
			fail("dial %s: %v", d, err)
			continue
		}
		dialStart := time.Now()
		err = connect(ctx, h, *ai, dialTimeout, func(what string) {
			logf("%s", what)
			out.emit(errorEvent{"warning", what})
		})
		dialMs := float64(time.Since(dialStart).Nanoseconds()) / 1e6
		if err != nil {
			fail("dial %s: %v", d, err)
			continue
		}
		out.emit(dialedEvent{"dialed", ai.ID.String(), dialMs})
		if opts.ping > 0 {
			if err := doPing(ctx, out, h, ai.ID, opts.ping); err != nil {
				fail("ping %s: %v", ai.ID, err)
			}
		}
		if opts.send >= 0 {
			if err := doSend(ctx, out, h, ai.ID, opts.send); err != nil {
				fail("send %s: %v", ai.ID, err)
			}
		}
		if opts.echo >= 0 {
			if err := doEcho(ctx, out, h, ai.ID, opts.echo); err != nil {
				fail("echo %s: %v", ai.ID, err)
			}
		}
	}

	// The countdown starts after the last dial action and the last publish.
	<-published

	if opts.seconds >= 0 {
		select {
		case <-time.After(time.Duration(opts.seconds * float64(time.Second))):
		case <-ctx.Done():
		}
	} else {
		<-ctx.Done()
	}

	var counters gossipCountersEvent
	if g != nil {
		counters = g.stop()
	}
	closeHost()
	if g != nil {
		out.emit(counters)
	}
	out.emit(simpleEvent{"done"})
	out.close()
	if failed.Load() {
		return 1
	}
	return 0
}

// ---------------------------------------------------------------- identity

func identity(opts *options) (crypto.PrivKey, error) {
	if !opts.hasSeed {
		priv, _, err := crypto.GenerateEd25519Key(rand.Reader)
		return priv, err
	}
	return seededKey(opts.seed)
}

// seededKey is the Ed25519 key whose seed is s as a little-endian u64 in
// bytes 0..7, the rest zero: the gossipsub-interop convention, and gsnode's
// node key for topology index s (Ed25519.fromIndex).
func seededKey(s uint64) (crypto.PrivKey, error) {
	seed := make([]byte, ed25519.SeedSize)
	binary.LittleEndian.PutUint64(seed[:8], s)
	priv, _, err := crypto.GenerateEd25519Key(bytes.NewReader(seed))
	if err != nil {
		return nil, err
	}
	// Make sure the reader really was used as the seed (Go 1.26 ignores the
	// reader for several GenerateKey functions; ed25519 is not one of them,
	// but check rather than trust).
	raw, err := priv.Raw()
	if err != nil {
		return nil, err
	}
	want := ed25519.NewKeyFromSeed(seed)
	if !bytes.Equal(raw, want) {
		return nil, errors.New("ed25519 key generation did not use the given seed")
	}
	return priv, nil
}

func userAgent() string {
	v := "unknown"
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "github.com/libp2p/go-libp2p" {
				v = d.Version
			}
		}
	}
	return "gsnode-interop-go (go-libp2p " + v + ")"
}

// ---------------------------------------------------------------- actions

func doPing(ctx context.Context, out *emitter, h host.Host, p peer.ID, n int) error {
	// One stream, n round trips of 32 random bytes (the /ipfs/ping/1.0.0
	// wire format), then a clean close. go-libp2p's ping.Ping keeps pinging
	// until cancelled and resets the stream, which would leave an extra,
	// half-finished ping on the remote side; so the loop is done here.
	ctx, cancel := context.WithTimeout(ctx, actionTimeout)
	defer cancel()
	s, err := h.NewStream(ctx, p, ping.ID)
	if err != nil {
		return err
	}
	stop := context.AfterFunc(ctx, func() { s.Reset() })
	defer stop()
	buf := make([]byte, ping.PingSize)
	rbuf := make([]byte, ping.PingSize)
	for i := 0; i < n; i++ {
		if _, err := rand.Read(buf); err != nil {
			s.Reset()
			return err
		}
		before := time.Now()
		if _, err := s.Write(buf); err != nil {
			s.Reset()
			return fmt.Errorf("ping %d: %w", i+1, ctxErr(ctx, err))
		}
		if _, err := io.ReadFull(s, rbuf); err != nil {
			s.Reset()
			return fmt.Errorf("ping %d: %w", i+1, ctxErr(ctx, err))
		}
		rtt := time.Since(before)
		if !bytes.Equal(buf, rbuf) {
			s.Reset()
			return fmt.Errorf("ping %d: wrong payload echoed", i+1)
		}
		h.Peerstore().RecordLatency(p, rtt)
		out.emit(pingEvent{"ping", p.String(), ms(rtt)})
	}
	_ = s.CloseWrite()
	// The responder closes its side when it sees our EOF.
	_ = s.SetReadDeadline(time.Now().Add(2 * time.Second))
	_, _ = io.Copy(io.Discard, s)
	_ = s.Close()
	return nil
}

func doSend(ctx context.Context, out *emitter, h host.Host, p peer.ID, n int64) error {
	ctx, cancel := context.WithTimeout(ctx, actionTimeout)
	defer cancel()
	start := time.Now()
	s, err := h.NewStream(ctx, p, transferProto)
	if err != nil {
		return err
	}
	stop := context.AfterFunc(ctx, func() { s.Reset() })
	defer stop()
	hash := sha256.New()
	if err := writePattern(s, n, hash); err != nil {
		s.Reset()
		return fmt.Errorf("writing: %w", ctxErr(ctx, err))
	}
	if err := s.CloseWrite(); err != nil {
		s.Reset()
		return fmt.Errorf("closing write side: %w", ctxErr(ctx, err))
	}
	got := make([]byte, sha256.Size)
	if _, err := io.ReadFull(s, got); err != nil {
		s.Reset()
		return fmt.Errorf("reading digest: %w", ctxErr(ctx, err))
	}
	elapsed := time.Since(start)
	extra, err := io.Copy(io.Discard, s)
	if err != nil {
		s.Reset()
		return fmt.Errorf("waiting for EOF after digest: %w", ctxErr(ctx, err))
	}
	_ = s.Close()
	sent := hash.Sum(nil)
	match := bytes.Equal(sent, got) && extra == 0
	out.emit(sentEvent{"sent", p.String(), transferProto, n, hex.EncodeToString(sent), match, ms(elapsed)})
	if !match {
		if extra != 0 {
			return fmt.Errorf("%d unexpected bytes after the digest", extra)
		}
		return fmt.Errorf("digest mismatch: sent %x, responder computed %x", sent, got)
	}
	return nil
}

func doEcho(ctx context.Context, out *emitter, h host.Host, p peer.ID, n int64) error {
	ctx, cancel := context.WithTimeout(ctx, actionTimeout)
	defer cancel()
	start := time.Now()
	s, err := h.NewStream(ctx, p, echoProto)
	if err != nil {
		return err
	}
	stop := context.AfterFunc(ctx, func() { s.Reset() })
	defer stop()

	werr := make(chan error, 1)
	go func() {
		err := writePattern(s, n, nil)
		if err == nil {
			err = s.CloseWrite()
		}
		werr <- err
	}()

	// Read concurrently, comparing against the pattern as it arrives.
	var got int64
	firstBad := int64(-1)
	buf := make([]byte, chunkSize)
	var rerr error
	for {
		k, err := s.Read(buf)
		for j := 0; j < k; j++ {
			if firstBad < 0 && (got+int64(j) >= n || buf[j] != byte((got+int64(j))%251)) {
				firstBad = got + int64(j)
			}
		}
		got += int64(k)
		if err == io.EOF {
			break
		}
		if err != nil {
			rerr = err
			break
		}
	}
	if rerr != nil {
		s.Reset()
		<-werr
		return fmt.Errorf("reading: %w", ctxErr(ctx, rerr))
	}
	if err := <-werr; err != nil {
		s.Reset()
		return fmt.Errorf("writing: %w", ctxErr(ctx, err))
	}
	elapsed := time.Since(start)
	_ = s.Close()
	ok := got == n && firstBad < 0
	out.emit(echoEvent{"echo", p.String(), n, ok, ms(elapsed)})
	if !ok {
		if firstBad >= 0 {
			return fmt.Errorf("echoed data differs at byte %d (got %d of %d bytes)", firstBad, got, n)
		}
		return fmt.Errorf("echoed %d bytes, sent %d", got, n)
	}
	return nil
}

// writePattern writes n bytes, byte i = i % 251, in chunks of at most 64 KiB.
func writePattern(w io.Writer, n int64, also io.Writer) error {
	pat := patternBuf()
	var off int64
	for off < n {
		k := int64(chunkSize)
		if n-off < k {
			k = n - off
		}
		start := off % 251
		chunk := pat[start : start+k]
		if also != nil {
			also.Write(chunk)
		}
		if _, err := w.Write(chunk); err != nil {
			return err
		}
		off += k
	}
	return nil
}

var (
	patOnce sync.Once
	pat     []byte
)

func patternBuf() []byte {
	patOnce.Do(func() {
		pat = make([]byte, chunkSize+251)
		for i := range pat {
			pat[i] = byte(i % 251)
		}
	})
	return pat
}

// ---------------------------------------------------------------- handlers

func serveTransfer(out *emitter, s network.Stream) {
	defer s.Close()
	remote := s.Conn().RemotePeer()
	hash := sha256.New()
	buf := make([]byte, chunkSize)
	var total int64
	var first time.Time
	for {
		k, err := s.Read(buf)
		if k > 0 {
			if total == 0 {
				first = time.Now()
			}
			hash.Write(buf[:k])
			total += int64(k)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			logf("transfer from %s: read: %v", remote, err)
			s.Reset()
			return
		}
	}
	var elapsed time.Duration
	if total > 0 {
		elapsed = time.Since(first)
	}
	sum := hash.Sum(nil)
	if _, err := s.Write(sum); err != nil {
		logf("transfer from %s: writing digest: %v", remote, err)
		s.Reset()
		return
	}
	if err := s.CloseWrite(); err != nil {
		logf("transfer from %s: close write: %v", remote, err)
	}
	out.emit(receivedEvent{"received", remote.String(), transferProto, total, hex.EncodeToString(sum), ms(elapsed)})
}

func serveEcho(s network.Stream) {
	defer s.Close()
	buf := make([]byte, chunkSize)
	for {
		k, err := s.Read(buf)
		if k > 0 {
			if _, werr := s.Write(buf[:k]); werr != nil {
				logf("echo for %s: write: %v", s.Conn().RemotePeer(), werr)
				s.Reset()
				return
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			logf("echo for %s: read: %v", s.Conn().RemotePeer(), err)
			s.Reset()
			return
		}
	}
	if err := s.CloseWrite(); err != nil {
		logf("echo for %s: close write: %v", s.Conn().RemotePeer(), err)
	}
}

// ---------------------------------------------------------------- helpers

func ctxErr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("%v (%v)", err, context.Cause(ctx))
	}
	return err
}

func ms(d time.Duration) float64 {
	return float64(d.Nanoseconds()) / 1e6
}

// connect dials ai within timeout, and once more when the dial timed out: a cold listener's
// first handshake (a JVM's, on a loaded host) can outlast quic-go's handshake
// timeouts or the swarm's 5 s per-address bound for loopback, and a second
// attempt finds it warm. The first failure goes to warn, so the events keep
// it; any other failure, or a second timeout, is the dial's.
func connect(ctx context.Context, h host.Host, ai peer.AddrInfo, timeout time.Duration, warn func(string)) error {
	dctx, dcancel := context.WithTimeout(ctx, timeout)
	err := h.Connect(dctx, ai)
	dcancel()
	if err == nil || ctx.Err() != nil || !timedOut(err) {
		return err
	}
	warn(fmt.Sprintf("dial %s: %v; dialling once more", ai.ID, err))
	if sw, ok := h.Network().(*swarm.Swarm); ok {
		sw.Backoff().Clear(ai.ID) // else the swarm refuses the redial at once
	}
	dctx, dcancel = context.WithTimeout(ctx, timeout)
	defer dcancel()
	return h.Connect(dctx, ai)
}

// timedOut is a dial that ran out of time anywhere in err's chain: quic-go's
// idle or handshake timeout, or a deadline.
func timedOut(err error) bool {
	var idle *quicgo.IdleTimeoutError
	var handshake *quicgo.HandshakeTimeoutError
	return errors.As(err, &idle) || errors.As(err, &handshake) || errors.Is(err, context.DeadlineExceeded)
}

func logf(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "gopeer: "+format+"\n", a...)
}

func connectedEvent(c network.Conn) connEvent {
	st := c.ConnState()
	security, muxer := "", ""
	if strings.HasPrefix(st.Transport, "quic") {
		// QUIC carries its own TLS 1.3 handshake and stream multiplexing;
		// go-libp2p leaves Security and StreamMultiplexer empty for it.
		security, muxer = "tls", "quic"
	} else {
		switch st.Security {
		case "/noise":
			security = "noise"
		case "/tls/1.0.0":
			security = "tls"
		default:
			security = string(st.Security)
		}
		switch st.StreamMultiplexer {
		case "/yamux/1.0.0":
			muxer = "yamux"
		default:
			muxer = string(st.StreamMultiplexer)
		}
	}
	dir := "outbound"
	if c.Stat().Direction == network.DirInbound {
		dir = "inbound"
	}
	// go-libp2p only hands out connections whose remote peer ID was
	// verified by the security handshake.
	authed := c.RemotePeer() != "" && c.RemotePublicKey() != nil
	return connEvent{"connected", c.RemotePeer().String(), withoutP2P(c.RemoteMultiaddr()).String(), dir, security, muxer, authed}
}

// withoutP2P drops a trailing /p2p/<id> component, if any.
func withoutP2P(a ma.Multiaddr) ma.Multiaddr {
	if t, last := ma.SplitLast(a); last != nil && last.Protocol().Code == ma.P_P2P {
		return t
	}
	return a
}
