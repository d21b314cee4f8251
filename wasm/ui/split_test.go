package main

import (
	"testing"

	"beeline/core/protocol"
)

func TestReadSplit(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{{"2", 2}, {" 4 ", 4}, {"", 1}, {"x", 1}, {"0", 1}, {"-3", 1}, {"99", maxSplit}} {
		if got := readSplit(c.in); got != c.want {
			t.Errorf("readSplit(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

func TestDefaultSplit(t *testing.T) {
	for cores, want := range map[int]int{1: 2, 2: 2, 4: 3, 8: 4, 16: 4} {
		if got := defaultSplit(cores); got != want {
			t.Errorf("defaultSplit(%d) = %d, want %d", cores, got, want)
		}
	}
}

func TestSplitOf(t *testing.T) {
	c := &protocol.Catalog{Orders: []protocol.Choice{{Name: "bfs"}, {Name: "dfs"}, {Name: "astar", Directed: true}, {Name: "auto", Portfolio: true}}}
	for _, tc := range []struct {
		order, formula string
		k, want        int
	}{
		{"bfs", "E<> P(1).cs", 3, 3},
		{"", "A[] not deadlock", 2, 2},
		{"dfs", "A[] x < 3", 2, 2},
		{"bfs", "E<> P(1).cs", 1, 1},
		{"astar", "E<> P(1).cs", 3, 1},
		{"auto", "E<> P(1).cs", 3, 1},
		{"bfs", "P(1).req --> P(1).cs", 3, 1},
		{"bfs", "sup: x", 3, 1},
		{"sideways", "E<> P(1).cs", 3, 1},
	} {
		if got := splitOf(c, protocol.Options{Order: protocol.Order(tc.order)}, tc.formula, tc.k); got != tc.want {
			t.Errorf("splitOf(%s, %q, %d) = %d, want %d", tc.order, tc.formula, tc.k, got, tc.want)
		}
	}
	if got := splitOf(nil, protocol.Options{}, "E<> true", 3); got != 1 {
		t.Errorf("without a catalog: %d workers, want 1", got)
	}
}
