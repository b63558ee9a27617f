package main

// Reader of gsnode.topology/1 files (docs/topology.md) for `gopeer run`: the
// same checks as the Java reader (node/.../topology/TopologyParser.java and
// TopologyChecks.java), naming the first problem, so a broken file stops a go
// node exactly where it stops a Java one. Only what one node needs is kept:
// every IP, this node's dials, the header; latency values are checked and
// counted but not stored, since the go node applies no latency itself.

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

const (
	topologySchema = "gsnode.topology/1"
	// maxTopologyNodes is the address plan's capacity, 254 x 65536 (IpPlan.MAX_NODES).
	maxTopologyNodes = 254 * 65536
	maxUpMbps        = 100_000
)

var (
	topologyFields = []string{"schema", "n", "seed", "degree", "latency_model", "scenario",
		"publisher", "nodes", "edges", "latency_us"}
	topologyNodeFields = []string{"index", "ip", "region", "class", "up_bps", "down_bps"}
	topologyRegions    = []string{"eu", "na-east", "na-west", "asia", "rest"}
	topologyClasses    = []string{"home", "datacenter", "builder"}
	topologyModels     = []string{"geo", "uniform"}
	upScenario         = regexp.MustCompile(`^up([1-9][0-9]*)$`)
)

// topology is the part of a topology file one node needs.
type topology struct {
	n         int
	seed      int64
	degree    int
	scenario  string
	publisher int
	ips       []string // by index
	edges     [][2]int // as in the file
}

// dials returns the peers node index dials (edges (index, b)), ascending.
func (t *topology) dials(index int) []int {
	var out []int
	for _, e := range t.edges {
		if e[0] == index {
			out = append(out, e[1])
		}
	}
	slices.Sort(out)
	return out
}

// readTopology reads and validates path; the error names the first problem.
func readTopology(path string) (*topology, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseTopology(bufio.NewReaderSize(f, 1<<16))
}

type topoParser struct {
	dec *json.Decoder
	t   topology
	// fields seen; n, degree and publisher are checked against each other at the end
	seen         map[string]bool
	latencyCount int64
}

func parseTopology(r io.Reader) (*topology, error) {
	p := &topoParser{dec: json.NewDecoder(r), seen: map[string]bool{}}
	p.dec.UseNumber()
	if err := p.parse(); err != nil {
		return nil, err
	}
	if err := p.check(); err != nil {
		return nil, err
	}
	return &p.t, nil
}

func (p *topoParser) token() (json.Token, error) {
	t, err := p.dec.Token()
	if err == io.EOF {
		return nil, io.EOF
	}
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return nil, fmt.Errorf("not valid JSON: %v at byte %d", syn, syn.Offset)
	}
	if err != nil {
		return nil, fmt.Errorf("not valid JSON: %v", err)
	}
	return t, nil
}

// describe names a token the way the Java reader's messages do.
func describe(t json.Token) string {
	switch v := t.(type) {
	case nil:
		return "null"
	case json.Delim:
		switch v {
		case '{':
			return "an object"
		case '[':
			return "an array"
		}
		return "'" + v.String() + "'"
	case string:
		return "the string " + quote(v)
	case json.Number:
		return "the number " + v.String()
	case bool:
		return "a boolean"
	}
	return fmt.Sprint(t)
}

func quote(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return "'" + s + "'"
}

func (p *topoParser) parse() error {
	t, err := p.token()
	if err == io.EOF {
		return errors.New("the file is empty")
	}
	if err != nil {
		return err
	}
	if t != json.Delim('{') {
		return fmt.Errorf("a topology is one JSON object, the file holds %s", describe(t))
	}
	for p.dec.More() {
		k, err := p.token()
		if err != nil {
			return err
		}
		field := k.(string) // inside an object the decoder only yields string keys
		if p.seen[field] {
			return fmt.Errorf("field '%s' appears twice", field)
		}
		p.seen[field] = true
		if err := p.field(field); err != nil {
			return err
		}
	}
	if _, err := p.token(); err != nil { // the closing brace
		return err
	}
	if _, err := p.token(); err != io.EOF {
		if err != nil {
			return err
		}
		return errors.New("unexpected content after the topology object")
	}
	return nil
}

func (p *topoParser) field(field string) error {
	var err error
	switch field {
	case "schema":
		var s string
		if s, err = p.str(field); err == nil && s != topologySchema {
			err = fmt.Errorf("unknown schema %s; this reader knows %s", quote(s), topologySchema)
		}
	case "n":
		p.t.n, err = p.intIn(field, 2, maxTopologyNodes)
	case "seed":
		p.t.seed, err = p.int64Min(field, math.MinInt64)
	case "degree":
		p.t.degree, err = p.intIn(field, 0, maxTopologyNodes)
	case "latency_model":
		err = p.oneOf(field, topologyModels)
	case "scenario":
		var s string
		if s, err = p.str(field); err == nil && !validScenario(s) {
			err = fmt.Errorf("scenario %s is unknown (home, dc20, dcb20, upN (N = 1..%d Mbps))", quote(s), maxUpMbps)
		}
		p.t.scenario = s
	case "publisher":
		p.t.publisher, err = p.intIn(field, 0, maxTopologyNodes)
	case "nodes":
		err = p.nodes()
	case "edges":
		err = p.edgeList()
	case "latency_us":
		err = p.latency()
	default:
		err = fmt.Errorf("unknown field %s (%s has %s)", quote(field), topologySchema, strings.Join(topologyFields, ", "))
	}
	return err
}

func validScenario(s string) bool {
	switch s {
	case "home", "dc20", "dcb20":
		return true
	}
	m := upScenario.FindStringSubmatch(s)
	if m == nil {
		return false
	}
	v, err := strconv.ParseInt(m[1], 10, 64)
	return err == nil && v <= maxUpMbps
}

func (p *topoParser) str(path string) (string, error) {
	t, err := p.token()
	if err != nil {
		return "", err
	}
	s, ok := t.(string)
	if !ok {
		return "", fmt.Errorf("%s must be a string, was %s", path, describe(t))
	}
	return s, nil
}

func (p *topoParser) oneOf(path string, names []string) error {
	s, err := p.str(path)
	if err == nil && !slices.Contains(names, s) {
		err = fmt.Errorf("%s %s is unknown (%s)", path, quote(s), strings.Join(names, ", "))
	}
	return err
}

// integer reads a JSON integer (no fraction, no exponent) that fits 64 bits.
func (p *topoParser) integer(path string) (int64, string, error) {
	t, err := p.token()
	if err != nil {
		return 0, "", err
	}
	num, ok := t.(json.Number)
	if !ok || strings.ContainsAny(num.String(), ".eE") {
		return 0, "", fmt.Errorf("%s must be an integer, was %s", path, describe(t))
	}
	v, err := strconv.ParseInt(num.String(), 10, 64)
	if err != nil {
		return 0, num.String(), fmt.Errorf("%s %s does not fit in 64 bits", path, num)
	}
	return v, num.String(), nil
}

func (p *topoParser) intIn(path string, lo, hi int64) (int, error) {
	v, text, err := p.integer(path)
	if err != nil {
		if text != "" { // Java: too big for an int is "out of range"
			return 0, fmt.Errorf("%s must be in %d..%d, was %s", path, lo, hi, text)
		}
		return 0, err
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("%s must be in %d..%d, was %s", path, lo, hi, text)
	}
	return int(v), nil
}

func (p *topoParser) int64Min(path string, lo int64) (int64, error) {
	v, _, err := p.integer(path)
	if err == nil && v < lo {
		err = fmt.Errorf("%s must be at least %d, was %d", path, lo, v)
	}
	return v, err
}

func (p *topoParser) open(path string, what string, delim json.Delim) error {
	t, err := p.token()
	if err != nil {
		return err
	}
	if t != delim {
		return fmt.Errorf("%s must be %s, was %s", path, what, describe(t))
	}
	return nil
}

func (p *topoParser) nodes() error {
	if err := p.open("nodes", "an array of node objects", '['); err != nil {
		return err
	}
	owners := map[string]int{}
	for pos := 0; p.dec.More(); pos++ {
		ip, err := p.node(pos, owners)
		if err != nil {
			return err
		}
		p.t.ips = append(p.t.ips, ip)
	}
	_, err := p.token() // ]
	if p.t.ips == nil {
		p.t.ips = []string{}
	}
	return err
}

func (p *topoParser) node(pos int, owners map[string]int) (string, error) {
	at := fmt.Sprintf("nodes[%d]", pos)
	if err := p.open(at, "an object", '{'); err != nil {
		return "", err
	}
	seen := map[string]bool{}
	var ip string
	for p.dec.More() {
		k, err := p.token()
		if err != nil {
			return "", err
		}
		field := k.(string)
		path := at + "." + field
		if seen[field] {
			return "", fmt.Errorf("%s: field '%s' appears twice", at, field)
		}
		seen[field] = true
		switch field {
		case "index":
			var idx int
			if idx, err = p.intIn(path, 0, maxTopologyNodes); err == nil && idx != pos {
				err = fmt.Errorf("%s is %d; nodes must be listed in index order, so it should be %d", path, idx, pos)
			}
		case "ip":
			if ip, err = p.str(path); err == nil {
				if problem := ipv4Problem(ip); problem != "" {
					err = fmt.Errorf("%s %s %s", path, quote(ip), problem)
				} else if owner, dup := owners[ip]; dup {
					err = fmt.Errorf("%s %s is already nodes[%d]'s", path, ip, owner)
				}
				owners[ip] = pos
			}
		case "region":
			err = p.oneOf(path, topologyRegions)
		case "class":
			err = p.oneOf(path, topologyClasses)
		case "up_bps", "down_bps":
			_, err = p.int64Min(path, 1)
		default:
			err = fmt.Errorf("%s: unknown field %s (a node has %s)", at, quote(field), strings.Join(topologyNodeFields, ", "))
		}
		if err != nil {
			return "", err
		}
	}
	if _, err := p.token(); err != nil { // }
		return "", err
	}
	for _, f := range topologyNodeFields {
		if !seen[f] {
			return "", fmt.Errorf("%s has no '%s'", at, f)
		}
	}
	return ip, nil
}

// ipv4Problem says why s cannot be a node's address ("" if it can): a
// canonical dotted quad, not 0/8, loopback, multicast or 240/4 (Ipv4.java).
func ipv4Problem(s string) string {
	o, ok := parseDottedQuad(s)
	switch {
	case !ok:
		return "is not a dotted-quad IPv4 address"
	case o[0] == 0:
		return `is in 0.0.0.0/8 ("this network"), not a host address`
	case o[0] == 127:
		return "is a loopback address"
	case o[0] >= 224 && o[0] <= 239:
		return "is a multicast address"
	case o[0] >= 240:
		return "is in 240.0.0.0/4 (reserved or broadcast)"
	}
	return ""
}

// parseDottedQuad accepts only canonical dotted quads: four decimal octets,
// no leading zeros, no signs (net.ParseIP would be laxer than Java's reader).
func parseDottedQuad(s string) ([4]int, bool) {
	var o [4]int
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return o, false
	}
	for k, part := range parts {
		if part == "" || len(part) > 3 || (len(part) > 1 && part[0] == '0') {
			return o, false
		}
		for _, c := range part {
			if c < '0' || c > '9' {
				return o, false
			}
		}
		o[k], _ = strconv.Atoi(part)
		if o[k] > 255 {
			return o, false
		}
	}
	return o, true
}

func (p *topoParser) edgeList() error {
	if err := p.open("edges", "an array of [a, b] pairs", '['); err != nil {
		return err
	}
	p.t.edges = [][2]int{}
	for k := 0; p.dec.More(); k++ {
		if err := p.open(fmt.Sprintf("edges[%d]", k), "a pair [a, b] of node indices", '['); err != nil {
			return err
		}
		var e [2]int
		for j := 0; j < 2; j++ {
			if !p.dec.More() {
				return fmt.Errorf("edges[%d] must be a pair [a, b], it has fewer than two entries", k)
			}
			v, err := p.intIn(fmt.Sprintf("edges[%d]", k), math.MinInt32, math.MaxInt32)
			if err != nil {
				return fmt.Errorf("edges[%d] must hold two node indices: %v", k, err)
			}
			e[j] = v
		}
		if p.dec.More() {
			return fmt.Errorf("edges[%d] must be a pair [a, b], it has more than two entries", k)
		}
		if _, err := p.token(); err != nil { // ]
			return err
		}
		p.t.edges = append(p.t.edges, e)
	}
	_, err := p.token()
	return err
}

func (p *topoParser) latency() error {
	if err := p.open("latency_us", "an array of n*n integers", '['); err != nil {
		return err
	}
	for ; p.dec.More(); p.latencyCount++ {
		path := fmt.Sprintf("latency_us[%d]", p.latencyCount)
		v, _, err := p.integer(path)
		if err != nil || v > math.MaxInt32 {
			if err == nil || strings.Contains(err.Error(), "64 bits") {
				return fmt.Errorf("%s is out of range (0..%d µs)", path, math.MaxInt32)
			}
			return fmt.Errorf("%s must be an integer number of microseconds: %v", path, err)
		}
		if v < 0 {
			return fmt.Errorf("%s is negative: %d", path, v)
		}
	}
	_, err := p.token()
	return err
}

// check runs the whole-file checks of TopologyChecks, in its order.
func (p *topoParser) check() error {
	for _, f := range topologyFields {
		if !p.seen[f] {
			return fmt.Errorf("missing field '%s'", f)
		}
	}
	n := p.t.n
	if p.t.degree > n-1 {
		return fmt.Errorf("degree must be in 0..n-1 = 0..%d, was %d", n-1, p.t.degree)
	}
	if p.t.publisher >= n {
		return fmt.Errorf("publisher %d is out of range: node indices are 0..%d", p.t.publisher, n-1)
	}
	if len(p.t.ips) != n {
		return fmt.Errorf("nodes has %d entries but n is %d", len(p.t.ips), n)
	}
	// Ranges and order of every edge first, then repeats, as TopologyChecks.edges.
	for k, e := range p.t.edges {
		a, b := e[0], e[1]
		if a < 0 || b < 0 || a >= n || b >= n {
			return fmt.Errorf("edges[%d] [%d, %d] is out of range: node indices are 0..%d", k, a, b, n-1)
		}
		if a >= b {
			return fmt.Errorf("edges[%d] [%d, %d] must have a < b (the lower index dials the higher)", k, a, b)
		}
	}
	seen := make(map[[2]int]int, len(p.t.edges))
	for k, e := range p.t.edges {
		if first, dup := seen[e]; dup {
			return fmt.Errorf("edges[%d] [%d, %d] duplicates edges[%d]", k, e[0], e[1], first)
		}
		seen[e] = k
	}
	if node, parts := unreachable(n, p.t.edges); node >= 0 {
		return fmt.Errorf("the dial graph is disconnected: %d components; node %d cannot reach node 0", parts, node)
	}
	if cells := int64(n) * int64(n); p.latencyCount != cells {
		return fmt.Errorf("latency_us has %d entries but n*n is %d*%d = %d", p.latencyCount, n, n, cells)
	}
	return nil
}

// unreachable returns the lowest node that cannot reach node 0 and the number
// of components, or -1 when the graph is connected (union-find).
func unreachable(n int, edges [][2]int) (int, int) {
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for _, e := range edges {
		parent[find(e[0])] = find(e[1])
	}
	first, parts := -1, 0
	for i := 0; i < n; i++ {
		if find(i) == i {
			parts++
		}
		if first < 0 && find(i) != find(0) {
			first = i
		}
	}
	return first, parts
}
