package main

// `gopeer run`: one node of a gsnode cell on go-libp2p, doing what the Java
// node does (node/.../run/NodeDaemon.java, docs/arms.md §11.3) for the
// whole-message arm, so go and Java nodes can share a cell: same address
// and key per index, same dials, instants, topic, message, id function,
// validator, router parameters and completion rule, and the same record.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/libp2p/go-libp2p"
	pubsub "github.com/libp2p/go-libp2p-pubsub"
	"github.com/libp2p/go-libp2p/core/connmgr"
	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/network"
	"github.com/libp2p/go-libp2p/core/peer"
	"github.com/libp2p/go-libp2p/p2p/muxer/yamux"
	"github.com/libp2p/go-libp2p/p2p/security/noise"
	quic "github.com/libp2p/go-libp2p/p2p/transport/quic"
	"github.com/libp2p/go-libp2p/p2p/transport/tcp"
	ma "github.com/multiformats/go-multiaddr"
)

const (
	// epochWait bounds the wait for the runner's epoch file: every process of
	// a big local cell must start first (NodeDaemon.EPOCH_WAIT).
	epochWait = 10 * time.Minute
	// lateMs: reaching an instant later than this is worth a warning.
	lateMs         = 100
	snapshotPeriod = 100 * time.Millisecond
	closeTimeout   = 5 * time.Second
)

func runNode(args []string) int {
	startMs := time.Now().UnixMilli()
	o, err := parseRunArgs(args)
	if errors.Is(err, errHelp) {
		fmt.Print(runUsage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "gopeer run: %v\n", err)
		return 2
	}
	topo, err := readTopology(o.topology)
	if err == nil && o.index < 0 {
		err = fmt.Errorf("node index must not be negative, was %d", o.index)
	}
	if err == nil && o.index >= topo.n {
		err = fmt.Errorf("node %d is not in this topology: its nodes are 0..%d", o.index, topo.n-1)
	}
	if err != nil {
		// One line and exit 2, before any socket opens, as gsnode run.
		fmt.Fprintf(os.Stderr, "gopeer run: %s: %v\n", o.topology, err)
		return 2
	}
	d, err := newDaemon(o, topo, startMs)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gopeer run: %v\n", err)
		return 2
	}
	rec := d.run()
	if err := d.write(rec); err != nil {
		logf("writing the record: %v", err)
		return 1
	}
	return 0
}

// daemon is one node's run.
type daemon struct {
	o         *runOptions
	topo      *topology
	arm       *wholeArm
	events    *emitter
	publisher bool
	startMs   int64
	epochMs   int64

	h        host.Host
	ps       *pubsub.PubSub
	counters *runCounters
	timeline *runTimeline
	started  time.Time // when the router started: its heartbeats count from here
	dialer   *edgeDialer
	accepted atomic.Int64

	terminated atomic.Bool
	reporting  sync.WaitGroup // the completion event, let out before the record
	mu         sync.Mutex
	completed  time.Time  // zero until the arm completed this node
	extras     orderedMap // lateness, from the main goroutine only
	snapshots  []snapshot
}

func newDaemon(o *runOptions, topo *topology, startMs int64) (*daemon, error) {
	d := &daemon{o: o, topo: topo, events: newEmitter(), startMs: startMs,
		publisher: o.index == topo.publisher, epochMs: startMs}
	if o.hasEpoch {
		d.epochMs = o.epochMs
	}
	d.arm = newWholeArm(o.payload)
	d.counters = newRunCounters(d.arm.id, wholeTopic, !d.publisher, d.completedAt)
	d.timeline = newRunTimeline(d.arm.id, wholeTopic)

	priv, err := seededKey(uint64(o.index))
	if err != nil {
		return nil, err
	}
	hostOpts := []libp2p.Option{
		libp2p.Identity(priv),
		libp2p.NoListenAddrs, // listened on below, so that a failure is the run's, as in Java
		// The Java node speaks Noise and yamux over TCP; offering only those
		// spares a TLS proposal the Java side would refuse.
		libp2p.Security(noise.ID, noise.New),
		libp2p.Muxer(yamux.ID, yamux.DefaultTransport),
		libp2p.DisableRelay(),
		libp2p.ResourceManager(&network.NullResourceManager{}),
		libp2p.ConnectionManager(&connmgr.NullConnMgr{}),
		libp2p.DisableMetrics(),
		libp2p.UDPBlackHoleSuccessCounter(nil),
		libp2p.IPv6BlackHoleSuccessCounter(nil),
		libp2p.Ping(true),
		libp2p.UserAgent(userAgent()),
	}
	if o.transport == "quic" {
		hostOpts = append(hostOpts, libp2p.Transport(quic.NewTransport))
		if o.backend == "shadow" {
			hostOpts = append(hostOpts, shadowQUIC())
		}
	} else {
		hostOpts = append(hostOpts, libp2p.Transport(tcp.NewTCPTransport))
	}
	d.h, err = libp2p.New(hostOpts...)
	if err != nil {
		return nil, fmt.Errorf("creating the host: %w", err)
	}
	d.h.Network().Notify(&network.NotifyBundle{ConnectedF: func(network.Network, network.Conn) { d.accepted.Add(1) }})

	psOpts := append(o.gossip.options(),
		pubsub.WithMessageIdFn(pubsubMessageID),
		pubsub.WithRawTracer(d.counters),
		pubsub.WithRawTracer(d.timeline))
	d.started = time.Now()
	d.ps, err = pubsub.NewGossipSub(context.Background(), d.h, psOpts...)
	if err != nil {
		_ = d.h.Close()
		return nil, fmt.Errorf("gossipsub: %w", err)
	}
	// CellMessages: only the cell's own message is accepted on the arm's
	// topic; anything else is neither counted nor forwarded.
	armID := d.arm.id
	err = d.ps.RegisterTopicValidator(wholeTopic, func(_ context.Context, _ peer.ID, m *pubsub.Message) pubsub.ValidationResult {
		if m.ID == armID {
			return pubsub.ValidationAccept
		}
		return pubsub.ValidationReject
	})
	if err != nil {
		_ = d.h.Close()
		return nil, fmt.Errorf("gossipsub validator: %w", err)
	}
	d.dialer = newEdgeDialer(d.h, o.dialSlots, func(what string) { d.events.event("warning", "what", what) })
	return d, nil
}

// listenAddr is node index's address (NodeDaemon.listenAddr).
func (d *daemon) listenAddr(index int) ma.Multiaddr {
	ip := loopbackAddress(d.topo.ips[index], d.o.loopback)
	s := "/ip4/" + ip + "/tcp/" + strconv.Itoa(d.o.port)
	if d.o.transport == "quic" {
		s = "/ip4/" + ip + "/udp/" + strconv.Itoa(d.o.port) + "/quic-v1"
	}
	return ma.StringCast(s)
}

func (d *daemon) peerIDOf(index int) (peer.ID, error) {
	k, err := seededKey(uint64(index))
	if err != nil {
		return "", err
	}
	return peer.IDFromPrivateKey(k)
}

// completedAt records the completion instant; the first report counts. The
// event goes out from its own goroutine so that a slow stdout reader never
// holds up the router.
func (d *daemon) completedAt(at time.Time) {
	d.mu.Lock()
	first := d.completed.IsZero()
	if first {
		d.completed = at
	}
	d.mu.Unlock()
	if first {
		ms := float64(at.Sub(time.UnixMilli(d.publishMs())).Nanoseconds()) / 1e6
		d.reporting.Add(1)
		go func() {
			defer d.reporting.Done()
			d.events.event("completed", "ms", ms)
		}()
	}
}

func (d *daemon) dialMs() int64      { return d.epochMs + d.o.dialAt }
func (d *daemon) subscribeMs() int64 { return d.epochMs + d.o.subscribeAt }
func (d *daemon) publishMs() int64   { return d.epochMs + d.o.publishAt }
func (d *daemon) endMs() int64       { return d.publishMs() + d.o.hold }

// sleepUntil waits for the epoch millisecond t; false when a signal came first.
func sleepUntil(ctx context.Context, t int64) bool {
	left := time.Until(time.UnixMilli(t))
	if left <= 0 {
		return ctx.Err() == nil
	}
	timer := time.NewTimer(left)
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// noteLateness keeps and reports an instant reached more than 100 ms late:
// a late subscribe or publish changes what the cell measures.
func (d *daemon) noteLateness(instant string, dueMs int64) {
	if late := time.Now().UnixMilli() - dueMs; late > lateMs {
		d.extras.put(instant+"_late_ms", late)
		d.events.event("warning", "what", fmt.Sprintf("%s instant reached %d ms late", instant, late))
	}
}

// awaitEpochFile waits for the runner's epoch file (decimal epoch ms).
func awaitEpochFile(ctx context.Context, path string, timeout time.Duration) (int64, error) {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(path); err == nil {
			if text := strings.TrimSpace(string(b)); text != "" {
				v, err := strconv.ParseInt(text, 10, 64)
				if err != nil {
					return 0, fmt.Errorf("epoch file %s holds '%s', not epoch milliseconds", path, text)
				}
				return v, nil
			}
		}
		select {
		case <-time.After(20 * time.Millisecond):
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
	return 0, fmt.Errorf("no epoch in %s within %d s", path, int(timeout.Seconds()))
}

// runState is what the schedule observed, for the record.
type runState struct {
	meshAtPublish, peersAtPublish, meshAtEnd int
	cpuAtPublish                             int64
	reachedPublish                           bool
}

// run runs the schedule and returns the record, also when a signal cut it short.
func (d *daemon) run() *nodeRecord {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT)
	go func() {
		<-sigs
		d.terminated.Store(true)
		cancel()
		<-sigs
		logf("second signal, exiting now")
		os.Exit(1)
	}()

	st := runState{cpuAtPublish: -1}
	sampler := newSampler(d)
	if err := d.schedule(ctx, &st, sampler); err != nil {
		if ctx.Err() == nil {
			d.events.event("error", "what", err.Error())
		}
		d.terminated.Store(true)
	}
	sampler.stop()
	d.reporting.Wait()
	cpuAtEnd := cpuNanos()
	var cpuMs *int64
	if st.cpuAtPublish >= 0 && cpuAtEnd >= st.cpuAtPublish && d.o.backend != "shadow" {
		v := (cpuAtEnd - st.cpuAtPublish) / 1_000_000
		cpuMs = &v
	}
	rec := d.record(&st, cpuMs, sampler)
	closed := make(chan struct{})
	go func() { _ = d.h.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(closeTimeout):
	}
	return rec
}

// schedule is NodeDaemon.run's try block: listen, dial, subscribe, publish, hold.
func (d *daemon) schedule(ctx context.Context, st *runState, sampler *sampler) error {
	self := d.listenAddr(d.o.index)
	if err := d.h.Network().Listen(self); err != nil {
		return fmt.Errorf("listen on %s: %w", self, err)
	}
	d.events.event("listening", "index", d.o.index, "addr", self.String())

	if d.o.epochFile != "" {
		epoch, err := awaitEpochFile(ctx, d.o.epochFile, epochWait)
		if err != nil {
			return err
		}
		d.epochMs = epoch
	}
	// Opened from the schedule, not when this goroutine reaches the publish: a
	// first copy that comes at once counts even if it wakes late.
	d.timeline.startAt(time.UnixMilli(d.publishMs()))
	if !sleepUntil(ctx, d.dialMs()) {
		return ctx.Err()
	}
	var targets []ma.Multiaddr
	for _, p := range d.topo.dials(d.o.index) {
		id, err := d.peerIDOf(p)
		if err != nil {
			return err
		}
		targets = append(targets, d.listenAddr(p).Encapsulate(ma.StringCast("/p2p/"+id.String())))
	}
	timeout := time.Duration(d.o.dialTimeout) * time.Millisecond
	deadline := time.Now().Add(max(timeout, time.Until(time.UnixMilli(d.subscribeMs()))))
	failed := d.dialer.dialAll(ctx, targets, deadline)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	d.events.event("dialed", "owned", len(targets), "failed", failed, "connections", len(d.h.Network().Conns()))

	if !sleepUntil(ctx, d.subscribeMs()) {
		return ctx.Err()
	}
	d.noteLateness("subscribe", d.subscribeMs())
	th, err := d.ps.Join(wholeTopic)
	if err != nil {
		return fmt.Errorf("joining %s: %w", wholeTopic, err)
	}
	sub, err := th.Subscribe(pubsub.WithBufferSize(subscriptionBuffer))
	if err != nil {
		return fmt.Errorf("subscribing to %s: %w", wholeTopic, err)
	}
	// Completion is the tracer's; the subscription only has to be drained.
	go func() {
		for {
			if _, err := sub.Next(ctx); err != nil {
				return
			}
		}
	}()
	d.events.event("subscribed", "topics", 1)

	if !sleepUntil(ctx, d.publishMs()) {
		return ctx.Err()
	}
	d.noteLateness("publish", d.publishMs())
	st.meshAtPublish = d.counters.meshSize()
	st.peersAtPublish = len(d.h.Network().Conns())
	st.cpuAtPublish = cpuNanos()
	st.reachedPublish = true
	sampler.start(time.UnixMilli(d.publishMs()))
	if d.publisher {
		if err := th.Publish(ctx, d.arm.data); err != nil {
			return fmt.Errorf("publishing: %w", err)
		}
		d.events.event("published", "messages", 1)
	}
	if !sleepUntil(ctx, d.endMs()) {
		return ctx.Err()
	}
	st.meshAtEnd = d.counters.meshSize()
	return nil
}

// sampler takes a snapshot every 100 ms from the publish instant.
type sampler struct {
	d       *daemon
	sockets *tcpBytes // nil on QUIC: its UDP sockets have no byte counters
	quit    chan struct{}
	done    chan struct{}
	started bool
	list    []snapshot
}

func newSampler(d *daemon) *sampler {
	s := &sampler{d: d, quit: make(chan struct{}), done: make(chan struct{})}
	if d.o.transport == "tcp" {
		s.sockets = newTCPBytes()
	}
	return s
}

func (s *sampler) start(publish time.Time) {
	s.started = true
	go func() {
		defer close(s.done)
		tick := time.NewTicker(snapshotPeriod)
		defer tick.Stop()
		for {
			s.take(publish)
			select {
			case <-tick.C:
			case <-s.quit:
				return
			}
		}
	}()
}

// stop ends the sampling; afterwards the caller owns s.list and s.sockets.
func (s *sampler) stop() {
	close(s.quit)
	if s.started {
		<-s.done
	}
}

func (s *sampler) socketBytes() (rx, tx *int64) {
	if s.sockets == nil {
		return nil, nil
	}
	r, t, ok := s.sockets.read()
	if !ok {
		return nil, nil
	}
	return &r, &t
}

func (s *sampler) take(publish time.Time) {
	v := s.d.counters.view()
	rx, tx := s.socketBytes()
	s.list = append(s.list, snapshot{
		TMs: time.Since(publish).Milliseconds(), Rx: rx, Tx: tx,
		RxData: v.recv.dataBytes + v.recv.partialBytes, TxData: v.sent.dataBytes + v.sent.partialBytes,
		// Java's snapshots count the router's deliveries as the arm's distinct messages.
		Distinct: v.delivered, Duplicates: v.duplicates,
	})
}

func (d *daemon) record(st *runState, cpuMs *int64, s *sampler) *nodeRecord {
	v := d.counters.view()
	d.mu.Lock()
	completedAt := d.completed
	d.mu.Unlock()
	completed := !d.publisher && !completedAt.IsZero()
	var completionMs *float64
	if completed {
		c := float64(completedAt.Sub(time.UnixMilli(d.publishMs())).Nanoseconds()) / 1e6
		completionMs = &c
	}
	var engine *string
	if d.o.transport == "quic" {
		e := "quic-go"
		engine = &e
	}
	role := "receiver"
	if d.publisher {
		role = "publisher"
	}
	status := "complete"
	if d.terminated.Load() {
		status = "terminated"
	}
	id, _ := d.peerIDOf(d.o.index)
	rx, tx := s.socketBytes()
	var rejected int64
	for _, n := range v.rejected {
		rejected += n
	}

	extras := orderedMap{}
	extras.put("distinct", v.distinct)
	// The A/C arms' policy counters, 0 as on every Java wholend node (no policy installed).
	for _, k := range []string{"declined", "discipline_refusals", "offer_retries", "promises_broken",
		"peers_parked", "ihave_ignored_parked", "phase_plans", "phase_push_slots", "phase_ihave_slots"} {
		extras.put(k, 0)
	}
	for _, k := range d.extras.keys {
		extras.put(k, d.extras.vals[k])
	}
	if len(v.rejected) > 0 {
		extras.put("rejected_by_reason", v.rejected)
	}
	// Router internals go-libp2p-pubsub does not expose: unknown, not 0.
	for _, k := range []string{"iwant_served", "idontwant_suppressed", "broken_promises", "timings"} {
		extras.put(k, nil)
	}

	refused := orderedMap{}
	refused.put("multistream", nil)
	refused.put("security", nil)
	refused.put("muxer", nil)
	refused.put("limit", 0) // the null resource manager refuses nothing
	refused.put("transport", d.dialer.attempts.Load())

	transport := orderedMap{}
	transport.put("transport", d.o.transport)
	transport.put("port", d.o.port)
	transport.put("dial_timeout_ms", d.o.dialTimeout)
	transport.put("dial_slots", d.o.dialSlots)
	schedule := orderedMap{}
	schedule.put("epoch_ms", d.epochMs)
	schedule.put("dial_at_ms", d.o.dialAt)
	schedule.put("subscribe_at_ms", d.o.subscribeAt)
	schedule.put("publish_at_ms", d.o.publishAt)
	schedule.put("hold_ms", d.o.hold)
	config := orderedMap{}
	config.put("gossipsub", d.o.gossip.asMap())
	config.put("transport", transport)
	config.put("arm_knobs", map[string]string{"SEGMENT_ARMS": "whole"})
	config.put("schedule", schedule)
	topology := orderedMap{}
	topology.put("degree", d.topo.degree)
	config.put("topology", topology)
	config.put("jvm", nil)
	config.put("go", goVersions())

	var timeline *recordTimeline // null where the publish instant was never reached, as in Java
	if st.reachedPublish {
		timeline = d.timeline.record(time.UnixMilli(d.publishMs()), d.started,
			millis(d.o.gossip.HeartbeatInitialMs), millis(d.o.gossip.HeartbeatMs), time.Now())
	}
	snaps := s.list
	if snaps == nil {
		snaps = []snapshot{}
	}
	return &nodeRecord{
		Schema: nodeRecordSchema, Impl: "go",
		Cell: d.o.cell, Backend: d.o.backend, Arm: "wholend", Alias: "wholend", Transport: d.o.transport,
		QuicEngine: engine, Queue: d.o.queue, Delay: d.o.delay, Seed: d.topo.seed, N: d.topo.n,
		PayloadSize: d.o.payload, Scenario: d.topo.scenario, Run: d.o.run,
		Index: d.o.index, PeerID: id.String(), Role: role,
		Status: status, Completed: completed, CompletionMs: completionMs, WireForm: d.arm.wireForm(),
		Bytes: recordBytes{Rx: rx, Tx: tx, RxData: v.recv.dataBytes, TxData: v.sent.dataBytes,
			RxControl: v.recv.controlBytes, TxControl: v.sent.controlBytes,
			RxPartial: v.recv.partialBytes, TxPartial: v.sent.partialBytes},
		Msgs: recordMsgs{Received: v.delivered, Duplicates: v.duplicates,
			IHaveSent: v.sent.ihave, IHaveReceived: v.recv.ihave, IWantSent: v.sent.iwant, IWantReceived: v.recv.iwant,
			IDontWantSent: v.sent.idontwant, IDontWantReceived: v.recv.idontwant,
			GraftSent: v.sent.graft, GraftReceived: v.recv.graft, PruneSent: v.sent.prune, PruneReceived: v.recv.prune,
			QueueDrops: v.drops, Rejected: rejected,
			Malformed: 0}, // go-libp2p-pubsub resets a stream with an undecodable frame without telling a tracer
		Mesh:        recordMesh{AtPublish: st.meshAtPublish, PeersAtPublish: st.peersAtPublish, AtEnd: st.meshAtEnd},
		Connections: &recordConns{Accepted: d.accepted.Load(), IdentifyBound: 0, Refused: refused},
		CPUMs:       cpuMs, RSSMaxBytes: peakRSSBytes(), PSSBytes: pssBytes(), Threads: osThreads(),
		Times:     recordTimes{StartMs: d.startMs, PublishMs: d.publishMs(), EndMs: time.Now().UnixMilli()},
		Snapshots: snaps, Timeline: timeline, Extras: extras, Config: config, Build: thisBuild(),
	}
}

// thisBuild is the go peer's build: the libp2p modules it was built with and the
// commit of the checkout (go build stamps vcs.revision and vcs.modified).
func thisBuild() recordBuild {
	b := recordBuild{Name: "gopeer", Version: "", Commit: "unknown", Runtime: runtime.Version()}
	v := goVersions()
	for _, k := range []string{"go_libp2p", "go_libp2p_pubsub", "go_yamux", "quic_go"} {
		if x, ok := v.vals[k]; ok {
			if b.Version != "" {
				b.Version += " "
			}
			b.Version += k + "@" + fmt.Sprint(x)
		}
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				b.Commit = s.Value
			case "vcs.modified":
				dirty := s.Value == "true"
				b.Dirty = &dirty
			}
		}
	}
	return b
}

// goVersions is the record's config.go: the toolchain and the libp2p modules
// (which of the two go references built the node: build.sh).
func goVersions() orderedMap {
	m := orderedMap{}
	m.put("version", runtime.Version())
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range bi.Deps {
			switch dep.Path {
			case "github.com/libp2p/go-libp2p":
				m.put("go_libp2p", dep.Version)
			case "github.com/libp2p/go-libp2p-pubsub":
				m.put("go_libp2p_pubsub", dep.Version)
			case "github.com/libp2p/go-yamux/v5":
				m.put("go_yamux", dep.Version)
			case "github.com/quic-go/quic-go":
				m.put("quic_go", dep.Version)
			}
		}
	}
	return m
}

// write puts the record where --record says (atomically), or on stdout as the last line.
func (d *daemon) write(rec *nodeRecord) error {
	line, err := rec.line()
	if err != nil {
		return err
	}
	if d.o.record == "" {
		d.events.line(line)
		return nil
	}
	if err := writeAtomically(d.o.record, append(line, '\n')); err != nil {
		return err
	}
	d.events.event("record", "path", d.o.record, "completed", rec.Completed)
	return nil
}
