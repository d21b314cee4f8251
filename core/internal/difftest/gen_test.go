package difftest

import (
	"strings"
	"testing"
)

// TestGenerate checks that a seed gives one text, that the networks of
// many seeds load with every query, and that the features the generator
// promises all occur.
func TestGenerate(t *testing.T) {
	if Generate(7).Src != Generate(7).Src {
		t.Fatal("seed 7 gave two texts")
	}
	seen := map[string]int{}
	features := []string{"meta ", "broadcast chan", "urgent chan", "commit ", "urgent L", "select ", "scalar[", "x <= ", "x - y", "bump()", "next("}
	for seed := range uint64(200) {
		g := Generate(seed)
		if ps := Problems(t, g.Name(), g.Src, g.Queries); len(ps) != len(g.Queries) {
			t.Fatalf("seed %d: %d of %d queries are reachability queries", seed, len(ps), len(g.Queries))
		}
		for _, f := range features {
			if strings.Contains(g.Src, f) {
				seen[f]++
			}
		}
	}
	for _, f := range features {
		if seen[f] == 0 {
			t.Errorf("no network of 200 has %q", f)
		}
	}
}
