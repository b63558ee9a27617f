package main

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	ma "github.com/multiformats/go-multiaddr"
)

const usage = `usage: gopeer run --topology FILE --index I [...]   (one node of a gsnode cell; gopeer run --help)
       gopeer [--listen MULTIADDR]... [--dial MULTIADDR/p2p/ID]... [--ping N]
                     [--send BYTES] [--echo BYTES] [--key-seed S] [--seconds S]
                     [--subscribe TOPIC]... [--publish TOPIC --size BYTES [--count N]
                     [--interval MS] [--after MS]] [--heartbeat-ms MS] [--partial TOPIC]

  --listen MULTIADDR  repeatable; /ip4/A/tcp/P or /ip4/A/udp/P/quic-v1 (port 0 = any free port)
  --dial MULTIADDR    repeatable; full address ending in /p2p/<peer id>; dialled in order
  --ping N            after each dial, N pings over /ipfs/ping/1.0.0 on one stream
  --send BYTES        after each dial (and pings), one /gsnode/transfer/1.0.0 stream of BYTES bytes
  --echo BYTES        after each dial (and pings, send), one /gsnode/echo/1.0.0 stream of BYTES bytes
  --key-seed S        Ed25519 seed = S (uint64) little-endian in bytes 0..7, rest zero
  --seconds S         stay up S seconds after the last dial action and the last publish;
                      default: until SIGTERM/SIGINT
  --subscribe TOPIC   repeatable; join gossipsub topic TOPIC right after listening, before dialling
  --publish TOPIC     publish --count messages of --size random bytes on TOPIC (joined or fanout)
  --size BYTES        size of each published message, 1..12234442 (required with --publish)
  --count N           number of messages to publish (default 1)
  --interval MS       milliseconds between two publishes (default 1000)
  --after MS          first publish MS milliseconds after the process started (default 0)
  --heartbeat-ms MS   gossipsub heartbeat interval in milliseconds, at least 1 (default 700)
  --partial TOPIC     run go-libp2p-pubsub's partial-messages extension (/meshsub/1.3.0) and join
                      TOPIC requesting partial messages, relaying gsnode's variant B parts

Events are JSON lines on stdout; see interop/PEER-PROTOCOL.md.
Exit status: 0 all actions succeeded, 1 an action failed, 2 bad usage.
`

type options struct {
	listen  []ma.Multiaddr
	dial    []ma.Multiaddr
	ping    int
	send    int64 // -1: not requested
	echo    int64 // -1: not requested
	seed    uint64
	hasSeed bool
	seconds float64 // -1: until signal

	subscribe   []string // in flag order, duplicates dropped
	publish     string   // "": no publishing
	size        int
	hasSize     bool
	count       int
	interval    int64 // ms
	after       int64 // ms
	heartbeatMs int64
	partial     string // "": no partial-messages extension
}

// gossip reports whether gossipsub runs at all.
func (o *options) gossip() bool { return len(o.subscribe) > 0 || o.publish != "" || o.partial != "" }

func parseArgs(args []string) (*options, error) {
	o := &options{send: -1, echo: -1, seconds: -1,
		count: defaultPublishCount, interval: defaultPublishIntvMs, heartbeatMs: defaultHeartbeatMs}
	seen := map[string]bool{}
	for i := 0; i < len(args); i++ {
		name := args[i]
		switch name {
		case "--listen", "--dial", "--ping", "--send", "--echo", "--key-seed", "--seconds",
			"--subscribe", "--publish", "--size", "--count", "--interval", "--after", "--heartbeat-ms", "--partial":
		default:
			return nil, fmt.Errorf("unknown argument %q", name)
		}
		if i+1 >= len(args) {
			return nil, fmt.Errorf("%s needs a value", name)
		}
		i++
		val := args[i]
		if name != "--listen" && name != "--dial" && name != "--subscribe" {
			if seen[name] {
				return nil, fmt.Errorf("%s given more than once", name)
			}
			seen[name] = true
		}
		var err error
		switch name {
		case "--listen":
			var a ma.Multiaddr
			a, err = parseListen(val)
			o.listen = append(o.listen, a)
		case "--dial":
			var a ma.Multiaddr
			a, err = parseDial(val)
			o.dial = append(o.dial, a)
		case "--ping":
			var n int64
			n, err = parseCount(val, math.MaxInt32)
			o.ping = int(n)
		case "--send":
			o.send, err = parseCount(val, math.MaxInt64)
		case "--echo":
			o.echo, err = parseCount(val, math.MaxInt64)
		case "--key-seed":
			o.seed, err = strconv.ParseUint(val, 10, 64)
			o.hasSeed = true
		case "--seconds":
			o.seconds, err = strconv.ParseFloat(val, 64)
			if err == nil && (o.seconds < 0 || math.IsNaN(o.seconds) || math.IsInf(o.seconds, 0)) {
				err = fmt.Errorf("must be a non-negative number")
			}
		case "--subscribe":
			if val == "" {
				err = fmt.Errorf("empty topic")
			} else if !slices.Contains(o.subscribe, val) {
				o.subscribe = append(o.subscribe, val)
			}
		case "--publish":
			o.publish = val
			if val == "" {
				err = fmt.Errorf("empty topic")
			}
		case "--size":
			var n int64
			n, err = parseCount(val, maxRPCSize)
			if err == nil && n == 0 {
				err = fmt.Errorf("must be at least 1")
			}
			o.size, o.hasSize = int(n), true
		case "--count":
			var n int64
			n, err = parseCount(val, math.MaxInt32)
			o.count = int(n)
		case "--interval":
			o.interval, err = parseCount(val, maxMs)
		case "--after":
			o.after, err = parseCount(val, maxMs)
		case "--partial":
			o.partial = val
			if val == "" {
				err = fmt.Errorf("empty topic")
			}
		case "--heartbeat-ms":
			o.heartbeatMs, err = parseCount(val, maxMs)
			if err == nil && o.heartbeatMs == 0 {
				err = fmt.Errorf("must be at least 1")
			}
		}
		if err != nil {
			return nil, fmt.Errorf("%s %q: %v", name, val, err)
		}
	}
	if o.partial != "" && (slices.Contains(o.subscribe, o.partial) || o.publish == o.partial) {
		return nil, fmt.Errorf("--partial %q: the topic is joined with partial messages; do not also --subscribe or --publish it", o.partial)
	}
	if o.publish != "" {
		if !o.hasSize {
			return nil, fmt.Errorf("--publish needs --size")
		}
		if n := publishRPCSize(o.size, o.publish); n > maxRPCSize {
			return nil, fmt.Errorf("--size %d: one message on topic %q makes a %d-byte RPC, over the %d-byte limit",
				o.size, o.publish, n, maxRPCSize)
		}
	}
	return o, nil
}

// publishRPCSize is the encoded size of an RPC carrying one message with
// size bytes of data on topic and nothing else (StrictNoSign: no from,
// seqno, signature or key): RPC.publish (field 2) { data (2), topic (4) }.
func publishRPCSize(size int, topic string) int {
	field := func(n int) int { return 1 + varintLen(uint64(n)) + n } // tag, length, payload
	return field(field(size) + field(len(topic)))
}

func varintLen(v uint64) int {
	n := 1
	for v >= 0x80 {
		v >>= 7
		n++
	}
	return n
}

// maxMs bounds millisecond flags so that their products stay far from
// overflowing a time.Duration.
const maxMs = 1_000_000_000

func parseCount(s string, max int64) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("not an integer")
	}
	if n < 0 || n > max {
		return 0, fmt.Errorf("out of range")
	}
	return n, nil
}

// parseListen accepts exactly /ip4/A/tcp/P and /ip4/A/udp/P/quic-v1.
func parseListen(s string) (ma.Multiaddr, error) {
	a, err := ma.NewMultiaddr(s)
	if err != nil {
		return nil, err
	}
	codes := make([]int, 0, len(a))
	for _, c := range a {
		codes = append(codes, c.Protocol().Code)
	}
	switch {
	case len(codes) == 2 && codes[0] == ma.P_IP4 && codes[1] == ma.P_TCP:
	case len(codes) == 3 && codes[0] == ma.P_IP4 && codes[1] == ma.P_UDP && codes[2] == ma.P_QUIC_V1:
	default:
		return nil, fmt.Errorf("want /ip4/A/tcp/P or /ip4/A/udp/P/quic-v1")
	}
	return a, nil
}

// parseDial accepts a TCP or QUIC-v1 address with a trailing /p2p/<peer id>.
func parseDial(s string) (ma.Multiaddr, error) {
	a, err := ma.NewMultiaddr(s)
	if err != nil {
		return nil, err
	}
	if len(a) < 2 || a[len(a)-1].Protocol().Code != ma.P_P2P {
		return nil, fmt.Errorf("must end in /p2p/<peer id>")
	}
	return a, nil
}
