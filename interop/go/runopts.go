package main

// Options of `gopeer run`: the names and defaults of `gsnode run`
// (node/.../cli/RunCommand.java, WorkloadOptions, ScheduleOptions) for the
// part that one whole-message go node can honour. Like picocli, both
// `--name value` and `--name=value` are accepted and a single-valued option
// may be given once.

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

const runUsage = `usage: gopeer run --topology FILE --index I [options]

One node of a gsnode cell, as ` + "`gsnode run`" + ` runs it, for the whole-message arm:
listen on the topology's address, dial the edges this index owns at the dial
instant, subscribe at the subscribe instant, publish (the topology's publisher)
at the publish instant, hold, write a gsnode.node/1 record. Instants are
absolute: T0 (--epoch-ms or --epoch-file) plus the offsets.

  --topology FILE        a gsnode.topology/1 file (required)
  --index I              this node's index in the topology (required)
  --arm NAME             only wholend (default: wholend)
  --payload BYTES        payload size P (default: 1048576)
  --transport tcp|quic   transport (default: tcp); TCP is Noise + yamux, QUIC is quic-go
  --epoch-ms T0          epoch milliseconds the instants count from (default: process start)
  --epoch-file PATH      read T0 from this file once listening (waits up to 10 minutes)
  --dial-at MS           dial instant, ms after T0 (default: 1000)
  --subscribe-at MS      subscribe instant, ms after T0 (default: 10000)
  --publish-at MS        publish instant, ms after T0 (default: 30000)
  --hold MS              how long after the publish to observe (default: 10000)
  --dial-timeout MS      give up on an edge after this long, or at the subscribe
                         instant if later (default: 30000)
  --dial-slots N         handshakes in flight at once (default: 16)
  --port P               TCP or UDP port every node listens on (default: 9000)
  --loopback             listen and dial on 127.a.b.c instead of the topology's 10.a.b.c
  --record PATH          write the record here, atomically (default: stdout, last line)
  --cell NAME            cell label for the record (default: cell)
  --backend NAME         local, netns or shadow, for the record (default: local)
  --queue NAME           queue discipline of the fabric, for the record (default: none)
  --delay NAME           how pair latency is applied, for the record (default: none)
  --run R                repetition number, for the record (default: 0)
  --gossip NAME=VALUE    a gossipsub parameter, as gsnode names it (repeatable; an
                         unknown name lists the ones the go router takes)

Accepted and ignored, because they mean nothing to a go process:
  --no-jit-warmup        (go compiles ahead of time; the record's jit_warmup is null)

Refused (exit 2), because the go node cannot do what they ask:
  --jit-warmup, --io-threads, --shadow, --quic-engine, --congestion-control,
  --initial-window, --max-udp-payload, --quic-pacing, --quic-connection-window,
  --quic-stream-window, --quic-initial-stream-window, --udp-buffer

Events are JSON lines on stdout (listening, dialed, subscribed, published,
completed, record, warning, error). Exit status: 0 the run ended (the record says
how), 1 the record could not be written, 2 bad usage or a broken topology.
`

// refusedRunFlags are gsnode run options the go node cannot honour, with why.
var refusedRunFlags = map[string]string{
	"--jit-warmup":                 "go has no JIT to warm up",
	"--io-threads":                 "Netty event-loop threads do not exist in go",
	"--shadow":                     "the go node has no Shadow mode",
	"--quic-engine":                "the go node's QUIC is always quic-go",
	"--congestion-control":         "a QUIC engine knob of the Java node; quic-go's is fixed",
	"--initial-window":             "a QUIC engine knob of the Java node; quic-go's is fixed",
	"--max-udp-payload":            "a QUIC engine knob of the Java node; quic-go's is fixed",
	"--quic-pacing":                "a QUIC engine knob of the Java node; quic-go always paces",
	"--quic-connection-window":     "a QUIC engine knob of the Java node; go-libp2p sets quic-go's windows",
	"--quic-stream-window":         "a QUIC engine knob of the Java node; go-libp2p sets quic-go's windows",
	"--quic-initial-stream-window": "a QUIC engine knob of the Java node; go-libp2p sets quic-go's windows",
	"--udp-buffer":                 "quic-go sizes its UDP buffers itself",
}

// ignoredRunFlags take no value and change nothing in a go process.
var ignoredRunFlags = map[string]bool{"--no-jit-warmup": true}

type runOptions struct {
	topology    string
	index       int
	arm         string
	payload     int
	transport   string
	epochMs     int64
	hasEpoch    bool
	epochFile   string
	dialAt      int64
	subscribeAt int64
	publishAt   int64
	hold        int64
	dialTimeout int64
	dialSlots   int
	port        int
	loopback    bool
	record      string
	cell        string
	backend     string
	queue       string
	delay       string
	run         int
	gossip      gossipParams
}

// errHelp asks for the usage text on stdout and exit 0.
var errHelp = errors.New("help")

func parseRunArgs(args []string) (*runOptions, error) {
	o := &runOptions{index: -1, arm: "wholend", payload: 1 << 20, transport: "tcp",
		dialAt: 1000, subscribeAt: 10_000, publishAt: 30_000, hold: 10_000,
		dialTimeout: 30_000, dialSlots: 16, port: 9000,
		cell: "cell", backend: "local", queue: "none", delay: "none", gossip: defaultGossipParams()}
	seen := map[string]bool{}
	for i := 0; i < len(args); i++ {
		name, val, hasVal := strings.Cut(args[i], "=")
		if !strings.HasPrefix(name, "-") {
			return nil, fmt.Errorf("unexpected argument %q", args[i])
		}
		switch {
		case name == "-h" || name == "--help":
			return nil, errHelp
		case refusedRunFlags[name] != "":
			return nil, fmt.Errorf("%s is not supported by the go node: %s", name, refusedRunFlags[name])
		case ignoredRunFlags[name] || name == "--loopback":
			if hasVal {
				return nil, fmt.Errorf("%s takes no value", name)
			}
			o.loopback = o.loopback || name == "--loopback"
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return nil, fmt.Errorf("%s needs a value", name)
			}
			i++
			val = args[i]
		}
		if name != "--gossip" {
			if seen[name] {
				return nil, fmt.Errorf("%s given more than once", name)
			}
			seen[name] = true
		}
		if err := o.set(name, val); err != nil {
			return nil, err
		}
	}
	return o, o.check(seen)
}

func (o *runOptions) set(name, val string) error {
	var err error
	switch name {
	case "--topology":
		o.topology = val
	case "--index":
		o.index, err = atoiIn(val, math.MinInt32, math.MaxInt32)
	case "--arm":
		o.arm = val
	case "--payload":
		o.payload, err = atoiIn(val, math.MinInt32, math.MaxInt32)
	case "--transport":
		o.transport = strings.ToLower(val)
	case "--epoch-ms":
		o.epochMs, err = strconv.ParseInt(val, 10, 64)
		o.hasEpoch = true
	case "--epoch-file":
		o.epochFile = val
	case "--dial-at":
		o.dialAt, err = strconv.ParseInt(val, 10, 64)
	case "--subscribe-at":
		o.subscribeAt, err = strconv.ParseInt(val, 10, 64)
	case "--publish-at":
		o.publishAt, err = strconv.ParseInt(val, 10, 64)
	case "--hold":
		o.hold, err = strconv.ParseInt(val, 10, 64)
	case "--dial-timeout":
		o.dialTimeout, err = strconv.ParseInt(val, 10, 64)
	case "--dial-slots":
		o.dialSlots, err = atoiIn(val, math.MinInt32, math.MaxInt32)
	case "--port":
		o.port, err = atoiIn(val, 0, 65535)
	case "--record":
		o.record = val
	case "--cell":
		o.cell = val
	case "--backend":
		o.backend = val
	case "--queue":
		o.queue = val
	case "--delay":
		o.delay = val
	case "--run":
		o.run, err = atoiIn(val, math.MinInt32, math.MaxInt32)
	case "--gossip":
		k, v, ok := strings.Cut(val, "=")
		if !ok || k == "" {
			return fmt.Errorf("--gossip wants NAME=VALUE, got '%s'", val)
		}
		return o.gossip.set(k, v)
	default:
		return fmt.Errorf("unknown option %s", name)
	}
	if err != nil {
		return fmt.Errorf("%s '%s': not a valid number", name, val)
	}
	return nil
}

func atoiIn(s string, lo, hi int64) (int, error) {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < lo || v > hi {
		return 0, errors.New("out of range")
	}
	return int(v), nil
}

// check applies RunCommand.settings()'s rules, in its order.
func (o *runOptions) check(seen map[string]bool) error {
	if !seen["--topology"] {
		return errors.New("missing required option --topology")
	}
	if !seen["--index"] {
		return errors.New("missing required option --index")
	}
	if o.arm != "wholend" {
		return fmt.Errorf("--arm %s: the go node runs only the whole-message arm, wholend", o.arm)
	}
	if o.transport != "tcp" && o.transport != "quic" {
		return fmt.Errorf("--transport %s: want tcp or quic", o.transport)
	}
	if o.payload < 1 {
		return errors.New("--payload must be at least 1 byte")
	}
	if o.payload > maxGossipPayload-4 {
		return fmt.Errorf("--payload %d: the gossip message would exceed the %d-byte max payload size",
			o.payload, maxGossipPayload)
	}
	if o.dialSlots < 1 {
		return errors.New("--dial-slots must be at least 1")
	}
	if err := o.gossip.check(); err != nil {
		return err
	}
	if o.hasEpoch && o.epochFile != "" {
		return errors.New("give --epoch-ms or --epoch-file, not both")
	}
	if !(o.dialAt <= o.subscribeAt && o.subscribeAt < o.publishAt) {
		return fmt.Errorf("need dial-at <= subscribe-at < publish-at (got %d, %d, %d ms)", o.dialAt, o.subscribeAt, o.publishAt)
	}
	if o.dialAt < 0 || o.hold <= 0 {
		return errors.New("dial-at must not be negative and hold must be positive")
	}
	if o.dialTimeout < 0 {
		return errors.New("--dial-timeout must not be negative")
	}
	return nil
}

// loopbackAddress maps a topology IP onto the address a node listens on:
// NodeSettings.addressOf, 10.a.b.c -> 127.a.b.c under --loopback.
func loopbackAddress(ip string, loopback bool) string {
	if !loopback {
		return ip
	}
	_, rest, _ := strings.Cut(ip, ".")
	return "127." + rest
}
