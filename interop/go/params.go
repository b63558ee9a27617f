package main

// `gopeer params --params FILE`: one node of libp2p/test-plans'
// gossipsub-interop harness, so that the harness's scenarios can run with go
// nodes among Java ones under Shadow. It behaves as the harness's own go
// node: node id from the host name, key from the node id, TCP port 9000,
// the script in params.json, and the harness's JSON lines on stdout.
//
// Exit status: 0 once the last instruction ran; 1 when an instruction
// failed (a dial, a publish, the router); 2 when the command line, the host
// name or params.json is unusable, before anything listens.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/libp2p/go-libp2p"
	"github.com/libp2p/go-libp2p/core/connmgr"
	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/network"
	"github.com/libp2p/go-libp2p/p2p/muxer/yamux"
	"github.com/libp2p/go-libp2p/p2p/security/noise"
	"github.com/libp2p/go-libp2p/p2p/transport/tcp"
)

const paramsCloseTimeout = 3 * time.Second

func paramsMode(args []string) int {
	node, steps, err := prepareParams(args)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gopeer params: %v\n", err)
		return 2
	}
	return runScript(node, steps)
}

// prepareParams is everything that can refuse the run before it listens.
func prepareParams(args []string) (int, []scriptStep, error) {
	path, err := parseParamsArgs(args)
	if err != nil {
		return 0, nil, err
	}
	node, err := nodeFromHostname()
	if err != nil {
		return 0, nil, err
	}
	steps, err := loadScript(path)
	return node, steps, err
}

func parseParamsArgs(args []string) (string, error) {
	fs := flag.NewFlagSet("params", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	path := fs.String("params", "", "")
	if err := fs.Parse(args); err != nil {
		return "", fmt.Errorf("%v (usage: gopeer params --params FILE)", err)
	}
	if fs.NArg() > 0 {
		return "", fmt.Errorf("unexpected argument %q (usage: gopeer params --params FILE)", fs.Arg(0))
	}
	if *path == "" {
		return "", errors.New("--params FILE is required")
	}
	return *path, nil
}

func loadScript(path string) ([]scriptStep, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	steps, warnings, err := parseScript(data)
	for _, w := range warnings {
		fmt.Fprintf(os.Stderr, "gopeer params: warning: %s: %s\n", path, w)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return steps, nil
}

// nodeFromHostname reads the node id the harness gives each Shadow host in
// its name: node<id>.
func nodeFromHostname() (int, error) {
	name, err := os.Hostname()
	if err != nil {
		return 0, err
	}
	return parseNodeName(name)
}

func parseNodeName(name string) (int, error) {
	digits, ok := strings.CutPrefix(name, "node")
	if ok {
		// A domain after the name is allowed: node3.example is node 3.
		digits, _, _ = strings.Cut(digits, ".")
		if id, err := strconv.Atoi(digits); err == nil && id >= 0 && digits == strconv.Itoa(id) {
			return id, nil
		}
	}
	return 0, fmt.Errorf("host name %q is not node<N>, so there is no node id", name)
}

func runScript(node int, steps []scriptStep) int {
	key, err := seededKey(uint64(node))
	if err != nil {
		fmt.Fprintf(os.Stderr, "gopeer params: %v\n", err)
		return 1
	}
	h, err := libp2p.New(
		libp2p.Identity(key),
		libp2p.ListenAddrStrings(fmt.Sprintf("/ip4/0.0.0.0/tcp/%d", harnessPort)),
		libp2p.Transport(tcp.NewTCPTransport),
		libp2p.Security(noise.ID, noise.New),
		libp2p.Muxer(yamux.ID, yamux.DefaultTransport),
		libp2p.DisableRelay(),
		libp2p.ConnectionManager(&connmgr.NullConnMgr{}),
		// go-libp2p v0.52's default resource manager allows about 16 quick
		// connection attempts to one IP address, then one per 5 s, which
		// would cut short the retries of a dial to a peer not yet
		// listening. The harness's go node, on go-libp2p v0.41, predates
		// that limit.
		libp2p.ResourceManager(&network.NullResourceManager{}),
	)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gopeer params: starting the host: %v\n", err)
		return 1
	}
	log := newHarnessLog(os.Stdout)
	log.peerID(h.ID(), node)

	ctx, cancel := context.WithCancel(context.Background())
	err = newScriptNode(ctx, node, processStart, h, log).run(steps)
	cancel()
	closeWithin(h, paramsCloseTimeout)
	if err != nil {
		// go-libp2p's dial errors span lines; stderr gets one.
		fmt.Fprintf(os.Stderr, "gopeer params: node %d: %s\n", node, strings.Join(strings.Fields(err.Error()), " "))
		return 1
	}
	return 0
}

// closeWithin closes the host but does not let a stuck close keep the
// process past the end of its script.
func closeWithin(h host.Host, limit time.Duration) {
	done := make(chan struct{})
	go func() {
		_ = h.Close()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(limit):
		logf("closing the host took over %v; exiting anyway", limit)
	}
}
