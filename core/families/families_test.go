package families

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"beeline/core/internal/testmodel"
	"beeline/core/model"
	"beeline/core/search"
	"beeline/core/verify"
)

// load reads generated model text and compiles its first query, as the
// file has it.
func load(t *testing.T, name, src string) (*model.Network, *model.Formula) {
	t.Helper()
	n, doc := testmodel.Document(t, name, src)
	if len(doc.Queries) == 0 {
		t.Fatalf("%s: no query", name)
	}
	return n, testmodel.Query(t, n, doc.Queries[0].Formula.Text())
}

// check runs a breadth-first search for f on n.
func check(t *testing.T, n *model.Network, f *model.Formula) *verify.Result {
	t.Helper()
	res, err := verify.Check(context.Background(), n, f, verify.Options{Order: search.BFS})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// family is one generated instance and the length of its shortest
// witness.
type family struct {
	name, src string
	depth     int
}

// TestShortestWitness checks the models' queries by breadth-first search:
// each is satisfied, and the shortest witness has the length the
// generator's documentation gives. The arbiter trees of height 4 and 5
// are left out: the one of height 4 has more than 15 million states
// within the witness's depth. Hanoi with 6 and 7 disks (1.3 s natively)
// and the 7 hasty workers (650,000 states, 4 s natively) are left out in
// -short mode and under js/wasm.
func TestShortestWitness(t *testing.T) {
	var cases []family
	top, workers := 7, 7
	if testing.Short() || runtime.GOOS == "js" {
		top, workers = 5, 6
	}
	for k := 3; k <= top; k++ {
		cases = append(cases, family{fmt.Sprintf("hanoi-%d.xml", k), Hanoi(k), HanoiDepth(k)})
	}
	for h := 2; h <= 3; h++ {
		cases = append(cases, family{fmt.Sprintf("arbiter-%d.xml", h), ArbiterTree(h), ArbiterTreeDepth(h)})
	}
	for k := 2; k <= workers; k++ {
		cases = append(cases, family{fmt.Sprintf("haste-%d.xml", k), Haste(k), HasteDepth(k)})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n, f := load(t, c.name, c.src)
			res := check(t, n, f)
			if res.Verdict != verify.Satisfied {
				t.Fatalf("verdict %v (%s), want satisfied", res.Verdict, res.Reason)
			}
			if res.Depth != int32(c.depth) {
				t.Errorf("shortest witness of %d transitions, want %d", res.Depth, c.depth)
			}
		})
	}
}

// TestDepthFormulas pins the formulas to the lengths worked out by hand:
// the classic solution's moves at their cost in transitions, the arbiter
// tree's eight hops of height+1 synchronisations, and the workers' slow
// and hurried ways, one transition a location entered.
func TestDepthFormulas(t *testing.T) {
	for k := 1; k <= 10; k++ {
		want := 1 << (k - 1) // disk 0: one transition a move
		for d := 1; d < k; d++ {
			want += (1 << (k - 1 - d)) * 3 * d
		}
		if got := HanoiDepth(k); got != want {
			t.Errorf("HanoiDepth(%d) = %d, want %d", k, got, want)
		}
	}
	for h, want := range map[int]int{2: 24, 3: 32, 4: 40, 5: 48} {
		if got := ArbiterTreeDepth(h); got != want {
			t.Errorf("ArbiterTreeDepth(%d) = %d, want %d", h, got, want)
		}
	}
	for k := 1; k <= 10; k++ {
		if got, want := HasteDepth(k), k*len([]string{"plan", "work", "review", "done"}); got != want {
			t.Errorf("HasteDepth(%d) = %d, want %d", k, got, want)
		}
		if got, want := HasteUntimedDepth(k), k*len([]string{"hurry", "done"}); got != want {
			t.Errorf("HasteUntimedDepth(%d) = %d, want %d", k, got, want)
		}
	}
}

// TestFaultMatters checks that the fault is what makes the arbiter tree's
// query reachable: with no faulty client the same query is not satisfied,
// mutual exclusion holds among all clients, and the tree never
// deadlocks.
func TestFaultMatters(t *testing.T) {
	for h := 2; h <= 3; h++ {
		name := fmt.Sprintf("arbiter-%d-correct.xml", h)
		t.Run(name, func(t *testing.T) {
			src := arbiterTree(h, false)
			n, f := load(t, name, src)
			if res := check(t, n, f); res.Verdict != verify.NotSatisfied {
				t.Errorf("%s: verdict %v (%s), want not satisfied", f.Text, res.Verdict, res.Reason)
			}
			for _, q := range []string{
				"A[] forall (i : client_t) forall (j : client_t) Client(i).cs && Client(j).cs imply i == j",
				"A[] not deadlock",
			} {
				if res := check(t, n, testmodel.Query(t, n, q)); res.Verdict != verify.Satisfied {
					t.Errorf("%s: verdict %v (%s), want satisfied", q, res.Verdict, res.Reason)
				}
			}
		})
	}
}

// TestClocksMatter checks that the clocks are what keeps the hurried ways
// from done: without the clock constraints the workers' query has a
// strictly shorter witness, through hurry; with them, no worker in hurry
// ever has the time its edge to done asks for.
func TestClocksMatter(t *testing.T) {
	for k := 1; k <= 4; k++ {
		name := fmt.Sprintf("haste-%d-untimed.xml", k)
		t.Run(name, func(t *testing.T) {
			n, f := load(t, name, haste(k, false))
			res := check(t, n, f)
			if res.Verdict != verify.Satisfied {
				t.Fatalf("verdict %v (%s), want satisfied", res.Verdict, res.Reason)
			}
			if res.Depth != int32(HasteUntimedDepth(k)) {
				t.Errorf("shortest witness of %d transitions, want %d", res.Depth, HasteUntimedDepth(k))
			}
			if HasteUntimedDepth(k) >= HasteDepth(k) {
				t.Errorf("untimed witness of %d transitions, not shorter than the timed one's %d", HasteUntimedDepth(k), HasteDepth(k))
			}
		})
		name = fmt.Sprintf("haste-%d.xml", k)
		t.Run(name, func(t *testing.T) {
			n, _ := load(t, name, Haste(k))
			for i := range k {
				q := fmt.Sprintf("E<> Worker(%d).hurry && Worker(%d).x >= JOB", i, i)
				if res := check(t, n, testmodel.Query(t, n, q)); res.Verdict != verify.NotSatisfied {
					t.Errorf("%s: verdict %v (%s), want not satisfied", q, res.Verdict, res.Reason)
				}
			}
		})
	}
}

// TestHanoiProtocol checks the disks' protocol: it never deadlocks, and
// when disk d is about to move from a to b (it has asked, and disk d-1 is
// about to answer "ok"), every smaller disk is held on the third peg.
func TestHanoiProtocol(t *testing.T) {
	for k := 3; k <= 4; k++ {
		name := fmt.Sprintf("hanoi-%d.xml", k)
		t.Run(name, func(t *testing.T) {
			n, _ := load(t, name, Hanoi(k))
			queries := []string{"A[] not deadlock"}
			for d := 2; d < k; d++ {
				for a := range 3 {
					for b := range 3 {
						if a == b {
							continue
						}
						c := 3 - a - b
						var held []string
						for s := range d - 1 {
							held = append(held, fmt.Sprintf("Disk(%d).held%d", s, c))
						}
						queries = append(queries, fmt.Sprintf("A[] Disk(%d).move%d%d && Disk(%d).yes%d imply %s",
							d, a, b, d-1, c, strings.Join(held, " && ")))
					}
				}
			}
			for _, q := range queries {
				if res := check(t, n, testmodel.Query(t, n, q)); res.Verdict != verify.Satisfied {
					t.Errorf("%s: verdict %v (%s), want satisfied", q, res.Verdict, res.Reason)
				}
			}
		})
	}
}
