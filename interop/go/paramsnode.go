package main

// The node that runs a params.json script, one instruction after another,
// as the harness's go node does; the router keeps working between and during
// them (a waitUntil only holds back the next instruction).

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"time"

	pubsub "github.com/libp2p/go-libp2p-pubsub"
	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/network"
	"github.com/libp2p/go-libp2p/core/peer"
)

const (
	harnessPort = 9000
	// A Java peer may start listening a little after a go peer dials it, so
	// a failed dial is tried again, this often, for this long.
	refusedDialWindow = 5 * time.Second
	refusedDialPause  = 250 * time.Millisecond
)

// partialRole is how a topic was joined with respect to partial messages;
// a topic handle keeps it for good.
type partialRole int

const (
	noPartials partialRole = iota
	sendsPartials
	requestsPartials
)

type joinedTopic struct {
	handle *pubsub.Topic
	role   partialRole
}

type scriptNode struct {
	ctx      context.Context
	id       int
	started  time.Time
	h        host.Host
	log      *harnessLog
	ps       *pubsub.PubSub
	topics   map[string]joinedTopic
	partials *harnessPartials
}

func newScriptNode(ctx context.Context, id int, started time.Time, h host.Host, log *harnessLog) *scriptNode {
	n := &scriptNode{ctx: ctx, id: id, started: started, h: h, log: log,
		topics: map[string]joinedTopic{}, partials: newHarnessPartials(log)}
	n.partials.republish = n.republishLater
	return n
}

func (n *scriptNode) run(steps []scriptStep) error {
	for i, s := range steps {
		if err := n.step(s); err != nil {
			return fmt.Errorf("script[%d] (%s): %w", i, s.stepName(), err)
		}
	}
	return nil
}

func (n *scriptNode) step(s scriptStep) error {
	if n.ps == nil && needsRouter(s) {
		return errors.New("no initGossipSub for this node before it")
	}
	switch s := s.(type) {
	case onNodeStep:
		if s.node == n.id {
			return n.step(s.then)
		}
	case initGossipStep:
		if n.ps != nil {
			return errors.New("the router is already running")
		}
		ps, err := pubsub.NewGossipSub(n.ctx, n.h, harnessRouterOptions(s.params, n.log, n.partials.extension())...)
		if err != nil {
			return err
		}
		n.ps = ps
	case connectStep:
		for _, target := range s.nodes {
			if err := n.connect(target); err != nil {
				return err
			}
		}
		logf("node %d: connected to %d peers", n.id, len(n.h.Network().Peers()))
	case subscribeStep:
		return n.subscribe(s)
	case validationDelayStep:
		return n.ps.RegisterTopicValidator(s.topic, func(ctx context.Context, _ peer.ID, _ *pubsub.Message) pubsub.ValidationResult {
			// Stands in for validation work; pubsub runs validators on
			// their own goroutines, so the router does not wait.
			select {
			case <-time.After(s.delay):
				return pubsub.ValidationAccept
			case <-ctx.Done():
				return pubsub.ValidationIgnore
			}
		})
	case waitUntilStep:
		wait := time.Until(n.started.Add(s.elapsed))
		if wait > 0 {
			select {
			case <-time.After(wait):
			case <-n.ctx.Done():
				return n.ctx.Err()
			}
		}
	case publishStep:
		t, err := n.join(s.topic, noPartials)
		if err != nil {
			return err
		}
		return t.handle.Publish(n.ctx, harnessPayload(s.id, s.size))
	case addPartialStep:
		n.partials.add(s.topic, s.group, s.parts)
	case publishPartialStep:
		return n.publishPartial(s)
	default:
		return fmt.Errorf("no handler for %T", s)
	}
	return nil
}

// needsRouter: every step but these works on the router.
func needsRouter(s scriptStep) bool {
	switch s.(type) {
	case initGossipStep, onNodeStep, connectStep, waitUntilStep, addPartialStep:
		return false
	}
	return true
}

// harnessPayload is a harness message: size zero bytes but for the id,
// big-endian, in the first 8.
func harnessPayload(id uint64, size int) []byte {
	data := make([]byte, size)
	binary.BigEndian.PutUint64(data, id)
	return data
}

// join joins a topic the first time it is named and returns that handle
// ever after. A publish joins without subscribing, so the router sends
// through its fanout.
func (n *scriptNode) join(name string, role partialRole) (joinedTopic, error) {
	if t, ok := n.topics[name]; ok {
		return t, nil
	}
	var opts []pubsub.TopicOpt
	switch role {
	case sendsPartials:
		opts = append(opts, pubsub.SupportsPartialMessages())
	case requestsPartials:
		opts = append(opts, pubsub.RequestPartialMessages())
	}
	handle, err := n.ps.Join(name, opts...)
	if err != nil {
		return joinedTopic{}, err
	}
	t := joinedTopic{handle, role}
	n.topics[name] = t
	return t, nil
}

func (n *scriptNode) subscribe(s subscribeStep) error {
	role := noPartials
	if s.partial {
		role = requestsPartials
	}
	t, err := n.join(s.topic, role)
	if err != nil {
		return err
	}
	if s.partial && t.role != requestsPartials {
		return fmt.Errorf("topic %q was joined earlier without requesting partial messages", s.topic)
	}
	sub, err := t.handle.Subscribe()
	if err != nil {
		return err
	}
	// Deliveries are logged from the RPCs (receiveTracer); the subscription
	// is only drained so that it never fills up.
	go func() {
		for {
			if _, err := sub.Next(n.ctx); err != nil {
				return
			}
		}
	}()
	return nil
}

func (n *scriptNode) publishPartial(s publishPartialStep) error {
	// go-libp2p-pubsub v0.19.0 drops partial RPCs on a topic we have not
	// joined for partial messages, so a node publishing on a topic it does
	// not subscribe to joins it as a sender; else it would never hear what
	// its peers lack.
	if _, err := n.join(s.topic, sendsPartials); err != nil {
		return err
	}
	only := make([]peer.ID, 0, len(s.nodes))
	for _, node := range s.nodes {
		p, err := harnessPeerID(node)
		if err != nil {
			return err
		}
		only = append(only, p)
	}
	id := groupIDBytes(s.group)
	n.partials.track(s.topic, id)
	return pubsub.PublishPartial(n.ps, s.topic, id[:], n.partials.actions(s.topic, id[:], only))
}

// republishLater runs off the event loop that asks for it, since
// PublishPartial waits for that loop.
func (n *scriptNode) republishLater(topic string, id []byte) {
	id = append([]byte(nil), id...)
	go func() {
		err := pubsub.PublishPartial(n.ps, topic, id, n.partials.actions(topic, id, nil))
		if err != nil && n.ctx.Err() == nil {
			logf("node %d: republishing a partial message: %v", n.id, err)
		}
	}()
}

func harnessPeerID(node int) (peer.ID, error) {
	key, err := seededKey(uint64(node))
	if err != nil {
		return "", err
	}
	return peer.IDFromPrivateKey(key)
}

// connect dials node<target> at its address in the host table, port 9000.
func (n *scriptNode) connect(target int) error {
	name := fmt.Sprintf("node%d", target)
	addrs, err := net.LookupHost(name)
	if err != nil {
		return fmt.Errorf("resolving %s: %v", name, err)
	}
	var ip net.IP
	for _, a := range addrs {
		if v4 := net.ParseIP(a).To4(); v4 != nil {
			ip = v4
			break
		}
	}
	if ip == nil {
		return fmt.Errorf("resolving %s: no IPv4 address in %v", name, addrs)
	}
	id, err := harnessPeerID(target)
	if err != nil {
		return err
	}
	ai, err := peer.AddrInfoFromString(fmt.Sprintf("/ip4/%s/tcp/%d/p2p/%s", ip, harnessPort, id))
	if err != nil {
		return err
	}
	giveUp := time.Now().Add(refusedDialWindow)
	for {
		// Each retry must really dial: go's swarm would otherwise answer
		// from its backoff for an address that just failed.
		err = n.h.Connect(network.WithForceDirectDial(n.ctx, "harness connect"), *ai)
		if err == nil || n.ctx.Err() != nil || time.Now().Add(refusedDialPause).After(giveUp) {
			break
		}
		time.Sleep(refusedDialPause)
	}
	if err != nil {
		return fmt.Errorf("dialling %s (%s): %v", name, ai.Addrs[0], err)
	}
	return nil
}
