package main

import (
	"testing"

	"beeline/core/protocol"
)

func tablesCatalog() *protocol.Catalog {
	return &protocol.Catalog{
		Orders: []protocol.Choice{{Name: "bfs", Suggested: true}, {Name: "astar", Directed: true, Optimal: true},
			{Name: "gbfs", Directed: true}},
		Heuristics: []protocol.Choice{{Name: "dl", Label: "dL", Admissible: true, Precomputes: true},
			{Name: "hu", Label: "hU"}, {Name: "hl", Label: "hL", Admissible: true, Suggested: true},
			{Name: "pdb", Label: "PDB", Admissible: true, Precomputes: true}},
	}
}

func TestTableKey(t *testing.T) {
	if got := tableKey("ab12", "A[] not deadlock", "pdb:select=rd"); got != "v2 ab12 pdb:select=rd A[] not deadlock" {
		t.Errorf("key %q", got)
	}
	if tableKey("ab", "E<> x", "pdb") == tableKey("ab", "E<> x", "pdb:select=full") {
		t.Error("two pattern selections share a key")
	}
}

func TestSizeText(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{{0, "0 bytes"}, {740, "740 bytes"}, {1024, "1 KiB"}, {311465, "304 KiB"}, {5 << 20, "5.0 MiB"}, {1288490, "1.2 MiB"}} {
		if got := sizeText(tc.n); got != tc.want {
			t.Errorf("sizeText(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

func TestPrecomputesAndFallback(t *testing.T) {
	c := tablesCatalog()
	for _, tc := range []struct {
		o    protocol.Options
		want string
	}{
		{protocol.Options{Order: "astar", Heuristic: protocol.Heuristic{Name: "pdb"}}, "pdb"},
		{protocol.Options{Order: "astar", Heuristic: protocol.Heuristic{Name: "hl"}}, ""},
		{protocol.Options{Order: "bfs", Heuristic: protocol.Heuristic{Name: "pdb"}}, ""},
		{protocol.Options{Order: "astar"}, ""},
	} {
		got := ""
		if h := precomputes(c, tc.o); h != nil {
			got = h.Name
		}
		if got != tc.want {
			t.Errorf("%s/%s: precomputes %q, want %q", tc.o.Order, tc.o.Heuristic, got, tc.want)
		}
	}
	if got := fallback(c, "pdb"); got != "hl" {
		t.Errorf("fallback from pdb: %q, want the suggested hl", got)
	}
	c.Heuristics[2].Suggested = false
	if got := fallback(c, "pdb"); got != "hl" {
		t.Errorf("fallback without a suggestion: %q, want the admissible hl", got)
	}
	c.Heuristics = c.Heuristics[:2]
	if got := fallback(c, "dl"); got != "hu" {
		t.Errorf("fallback with no admissible one left: %q, want hu", got)
	}
}

func TestProofText(t *testing.T) {
	c := tablesCatalog()
	for _, tc := range []struct {
		r    protocol.Result
		want string
	}{
		{protocol.Result{Verdict: "satisfied", Explored: 12, Pruned: 3, Exhausted: true, Heuristic: "pdb (admissible, consistent)"},
			"proved safe: 12 states explored, 3 pruned by the pattern database"},
		{protocol.Result{Verdict: "not satisfied", Explored: 5, Pruned: 1, Exhausted: true, Heuristic: "dl (admissible, consistent)"},
			"proved unreachable: 5 states explored, 1 pruned as dead ends by dL"},
		{protocol.Result{Verdict: "satisfied", Explored: 5, Exhausted: true, Heuristic: "pdb (admissible)"}, ""},
		{protocol.Result{Verdict: "not satisfied", Explored: 5, Pruned: 2, Heuristic: "pdb (admissible)"}, ""},
		{protocol.Result{Verdict: "unknown", Explored: 5, Pruned: 2, Exhausted: true}, ""},
	} {
		if got := proofText(&tc.r, c); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.r, got, tc.want)
		}
	}
}

func TestPageHeuristic(t *testing.T) {
	c := tablesCatalog()
	none := func(string) bool { return false }
	dl := func(h string) bool { return h == "dl" }
	for _, tc := range []struct {
		order, formula string
		cached         func(string) bool
		want           string
	}{
		{"astar", "E<> P(1).cs", none, "pdb"},
		{"astar", "A[] forall (i : id_t) P(i).x <= 3", none, "pdb"},
		{"astar", "E <> P(1).cs", dl, "pdb"}, // the pattern database is A*'s, cached or not
		{"astar", "A[] not deadlock", none, "hl"},
		{"astar", "A[] not deadlock", dl, "dl"},
		// A kind checked without a heuristic leaves the menu as it is
		// (it said hl silently before).
		{"astar", "P(1).req --> P(1).cs", none, ""},
		{"astar", "A<> P(1).cs", dl, ""},
		{"gbfs", "E[] not P(1).cs", none, ""},
		{"astar", "sup: P(1).x", none, ""},
		{"gbfs", "E<> P(1).cs", none, "hl"},
		{"gbfs", "E<> P(1).cs", dl, "dl"},
		{"bfs", "E<> P(1).cs", none, ""},
	} {
		if got := pageHeuristic(c, tc.order, tc.formula, tc.cached); got != tc.want {
			t.Errorf("%s, %q: %q, want %q", tc.order, tc.formula, got, tc.want)
		}
	}
	c.Heuristics = c.Heuristics[:3] // no pattern database on offer
	if got := pageHeuristic(c, "astar", "E<> P(1).cs", none); got != "hl" {
		t.Errorf("without a pattern database: %q, want the suggested hl", got)
	}
}

func TestReachability(t *testing.T) {
	for _, tc := range []struct {
		formula string
		want    bool
	}{
		{"E<> P(1).cs", true},
		{"  A[]\tx < 3", true},
		{"E\t <> P(1).cs", true},
		{"A[] not deadlock", false},
		{"E<> deadlock && P(1).cs", false},
		{"E<> P(1).deadlocked", true},
		{"E[] P(1).cs", false},
		{"A<> P(1).cs", false},
		{"P(1).req --> P(1).cs", false},
		{"Exit == 1", false},
		{"", false},
	} {
		if got := reachability(tc.formula); got != tc.want {
			t.Errorf("reachability(%q) = %v, want %v", tc.formula, got, tc.want)
		}
	}
}
