package main

import (
	"fmt"
	"math"
	"strconv"

	ma "github.com/multiformats/go-multiaddr"
)

const usage = `usage: gopeer [--listen MULTIADDR]... [--dial MULTIADDR/p2p/ID]... [--ping N]
              [--send BYTES] [--echo BYTES] [--key-seed S] [--seconds S]

  --listen MULTIADDR  repeatable; /ip4/A/tcp/P or /ip4/A/udp/P/quic-v1 (port 0 = any free port)
  --dial MULTIADDR    repeatable; full address ending in /p2p/<peer id>; dialled in order
  --ping N            after each dial, N pings over /ipfs/ping/1.0.0 on one stream
  --send BYTES        after each dial (and pings), one /gsnode/transfer/1.0.0 stream of BYTES bytes
  --echo BYTES        after each dial (and pings, send), one /gsnode/echo/1.0.0 stream of BYTES bytes
  --key-seed S        Ed25519 seed = S (uint64) little-endian in bytes 0..7, rest zero
  --seconds S         stay up S seconds after the last action; default: until SIGTERM/SIGINT

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
}

func parseArgs(args []string) (*options, error) {
	o := &options{send: -1, echo: -1, seconds: -1}
	seen := map[string]bool{}
	for i := 0; i < len(args); i++ {
		name := args[i]
		switch name {
		case "--listen", "--dial", "--ping", "--send", "--echo", "--key-seed", "--seconds":
		default:
			return nil, fmt.Errorf("unknown argument %q", name)
		}
		if i+1 >= len(args) {
			return nil, fmt.Errorf("%s needs a value", name)
		}
		i++
		val := args[i]
		if name != "--listen" && name != "--dial" {
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
		}
		if err != nil {
			return nil, fmt.Errorf("%s %q: %v", name, val, err)
		}
	}
	return o, nil
}

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
