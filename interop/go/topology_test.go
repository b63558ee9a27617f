package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// testdata/topology-n4.json is `gsnode topology --n 4 --degree 3 --seed 1 --latency uniform`.
func TestReadTopologyValid(t *testing.T) {
	topo, err := readTopology("testdata/topology-n4.json")
	if err != nil {
		t.Fatal(err)
	}
	if topo.n != 4 || topo.seed != 1 || topo.degree != 3 || topo.publisher != 0 || topo.scenario != "home" {
		t.Fatalf("header: %+v", topo)
	}
	if !slices.Equal(topo.ips, []string{"10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"}) {
		t.Fatalf("ips: %v", topo.ips)
	}
	for i, want := range [][]int{{1, 2, 3}, {2, 3}, {3}, nil} {
		if got := topo.dials(i); !slices.Equal(got, want) {
			t.Errorf("dials(%d) = %v, want %v", i, got, want)
		}
	}
}

// A valid file with one thing broken at a time: each is refused, naming the problem.
func TestReadTopologyBroken(t *testing.T) {
	good, err := os.ReadFile("testdata/topology-n4.json")
	if err != nil {
		t.Fatal(err)
	}
	src := string(good)
	cases := []struct{ name, from, to, want string }{
		{"empty", src, "", "the file is empty"},
		{"not json", `"n":4`, `"n":4,,`, "not valid JSON"},
		{"array", src, "[]", "one JSON object"},
		{"trailing", src, src + "{}", "unexpected content"},
		{"schema", `gsnode.topology/1`, `gsnode.topology/2`, "unknown schema"},
		{"unknown key", `"seed":1`, `"seed":1,"extra":2`, "unknown field 'extra'"},
		{"repeated key", `"seed":1`, `"seed":1,"seed":1`, "appears twice"},
		{"missing key", `"degree":3,`, ``, "missing field 'degree'"},
		{"n too small", `"n":4`, `"n":1`, "n must be in 2.."},
		{"n fraction", `"n":4`, `"n":4.0`, "n must be an integer"},
		{"degree", `"degree":3`, `"degree":4`, "degree must be in 0..n-1"},
		{"publisher", `"publisher":0`, `"publisher":4`, "publisher 4 is out of range"},
		{"model", `"uniform"`, `"flat"`, "latency_model 'flat' is unknown"},
		{"scenario", `"scenario":"home"`, `"scenario":"up0"`, "scenario 'up0' is unknown"},
		{"ip", `"10.0.0.2"`, `"10.0.0.02"`, "not a dotted-quad"},
		{"loopback ip", `"10.0.0.2"`, `"127.0.0.2"`, "loopback"},
		{"repeated ip", `"10.0.0.2"`, `"10.0.0.1"`, "already nodes[0]'s"},
		{"index order", `"index":1`, `"index":2`, "index order"},
		{"region", `"region":"eu"`, `"region":"mars"`, "'mars' is unknown"},
		{"rate", `"up_bps":50000000`, `"up_bps":0`, "at least 1"},
		{"edge order", `[1,2]`, `[2,1]`, "must have a < b"},
		{"edge range", `[2,3]`, `[2,4]`, "out of range"},
		{"edge repeat", `[2,3]`, `[1,2]`, "duplicates edges[3]"},
		{"edge triple", `[2,3]`, `[2,3,3]`, "more than two entries"},
		{"negative latency", `"latency_us":[25000`, `"latency_us":[-1`, "negative"},
		{"short matrix", `"latency_us":[25000,`, `"latency_us":[`, "latency_us has 15 entries but n*n is 4*4 = 16"},
		{"nodes count", `,{"index":3,"ip":"10.0.0.4","region":"eu","class":"home","up_bps":50000000,"down_bps":100000000}`, ``, "nodes has 3 entries"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text := src
			if c.from == src {
				text = c.to
			} else {
				if !strings.Contains(src, c.from) {
					t.Fatalf("fixture lacks %q", c.from)
				}
				text = strings.Replace(src, c.from, c.to, 1)
			}
			path := filepath.Join(t.TempDir(), "topo.json")
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := readTopology(path)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
}

func TestDisconnectedDialGraph(t *testing.T) {
	node, parts := unreachable(4, [][2]int{{0, 1}, {2, 3}})
	if node != 2 || parts != 2 {
		t.Fatalf("unreachable = %d, %d components; want node 2, 2 components", node, parts)
	}
	if node, _ := unreachable(4, [][2]int{{0, 1}, {1, 2}, {2, 3}}); node != -1 {
		t.Fatalf("a line is connected, got node %d", node)
	}
}
