// Symmetry: which scalar sets a permutation may act on, and what it moves.

package model

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

const symFischer = `typedef scalar[3] pid_t; bool set; pid_t id;
process P(const pid_t pid) {
clock x;
state A, req { x <= 2 }, wait, cs;
init A;
trans A -> req { guard !set; assign x = 0; },
 req -> wait { guard x <= 2; assign x = 0, id = pid, set = true; },
 wait -> cs { guard x > 2 && id == pid; },
 cs -> A { assign set = false; };
}
system P;
`

// onlySet loads src and returns its one reduced scalar set.
func onlySet(t *testing.T, src string) (*Network, *ScalarSet) {
	t.Helper()
	n := mustLoad(t, src)
	sym := n.Symmetry()
	if len(sym.Off) > 0 || len(sym.Sets) != 1 {
		t.Fatalf("sets %d, off %q", len(sym.Sets), sym.Off)
	}
	return n, sym.Sets[0]
}

// slotNames names state slots.
func slotNames(n *Network, slots []int32) string {
	var s []string
	for _, v := range slots {
		s = append(s, n.Vars[v].Name)
	}
	return strings.Join(s, " ")
}

// expectEqual compares the printed forms of got and want.
func expectEqual(t *testing.T, what string, got, want any) {
	t.Helper()
	if g, w := fmt.Sprint(got), fmt.Sprint(want); g != w {
		t.Errorf("%s: got %s, want %s", what, g, w)
	}
}

func TestSymmetryFischer(t *testing.T) {
	n, s := onlySet(t, symFischer)
	expectEqual(t, "set", fmt.Sprint(s.Name, " ", s.Size), "pid_t 3")
	expectEqual(t, "processes", s.Procs, [][]int32{{0}, {1}, {2}})
	expectEqual(t, "values", slotNames(n, s.Values), "id")
	expectEqual(t, "pointers", slotNames(n, s.Pointers), "id")
	expectEqual(t, "key clocks", s.KeyClocks, [][]int32{{1}, {2}, {3}})
	expectEqual(t, "swap (0 1)", s.Swaps[0], Swap{Procs: [][2]int32{{0, 1}}, Clocks: [][2]int32{{1, 2}}})
	expectEqual(t, "swap (1 2)", s.Swaps[1], Swap{Procs: [][2]int32{{1, 2}}, Clocks: [][2]int32{{2, 3}}})
}

func TestSymmetryArraysAndValues(t *testing.T) {
	n, s := onlySet(t, `typedef scalar[3] S; int a[S]; S last; S q[2]; int b[S][2]; clock c[S];
const int D[S] = {4, 4, 4};
process P(const S i) {
int loc; S mine;
state A { c[i] <= D[i] }, B;
init A;
trans A -> B { select j : S; guard a[j] == 0 && c[i] > 1; assign a[i] = 1, last = i, mine = j, q[1] = j, loc = b[j][1]; };
}
process Gate() { S list[4]; state F; init F; }
system P, Gate;
`)
	expectEqual(t, "values", slotNames(n, s.Values), "last q[0] q[1] P(0).mine P(1).mine P(2).mine Gate.list[0] Gate.list[1] Gate.list[2] Gate.list[3]")
	expectEqual(t, "pointers", slotNames(n, s.Pointers), "last q[0] q[1] Gate.list[0] Gate.list[1] Gate.list[2] Gate.list[3]")
	for v, want := range []string{"a[0] b[0][0] b[0][1] P(0).loc", "a[1] b[1][0] b[1][1] P(1).loc", "a[2] b[2][0] b[2][1] P(2).loc"} {
		expectEqual(t, fmt.Sprint("key slots of ", v), slotNames(n, s.KeyVars[v]), want)
		expectEqual(t, fmt.Sprint("key values of ", v), slotNames(n, s.KeyValues[v]), fmt.Sprintf("P(%d).mine", v))
	}
	expectEqual(t, "key clocks", s.KeyClocks, [][]int32{{1}, {2}, {3}})
	var swapped []string
	for _, p := range s.Swaps[1].Vars {
		swapped = append(swapped, n.Vars[p[0]].Name+"↔"+n.Vars[p[1]].Name)
	}
	expectEqual(t, "swap (1 2)", strings.Join(swapped, " "), "a[1]↔a[2] b[1][0]↔b[2][0] b[1][1]↔b[2][1] P(1).loc↔P(2).loc P(1).mine↔P(2).mine")
	if !s.SelectSet(0, 0, 0) || !s.SelectSet(2, 0, 0) {
		t.Errorf("the select binding j of P's edge is of the set")
	}
}

func TestSymmetryTwoSets(t *testing.T) {
	n := mustLoad(t, `typedef scalar[2] S; typedef scalar[3] T; int a[S][T];
process P(const S i, const T j) { int v; state A; init A; }
system P;
`)
	sym := n.Symmetry()
	if len(sym.Sets) != 2 || len(sym.Off) > 0 {
		t.Fatalf("sets %d, off %q", len(sym.Sets), sym.Off)
	}
	expectEqual(t, "S owns", sym.Sets[0].Procs, [][]int32{{0, 1, 2}, {3, 4, 5}})
	expectEqual(t, "T owns", sym.Sets[1].Procs, [][]int32{{0, 3}, {1, 4}, {2, 5}})
	expectEqual(t, "S keys of 1", slotNames(n, sym.Sets[0].KeyVars[1]), "a[1][0] a[1][1] a[1][2] P(1,0).v P(1,1).v P(1,2).v")
}

func TestSymmetryOff(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"two parameters", "typedef scalar[2] S;\nprocess P(const S a, const S b) { state A; init A; }\nsystem P;\n",
			"scalar set S: 'P' has two free parameters of the set"},
		{"constant array", "typedef scalar[3] S; const int D[S] = {1, 2, 2};\nprocess P(const S i) { clock x; state A { x <= D[i] }; init A; }\nsystem P;\n",
			"scalar set S: the constant 'D' tells values of the set apart"},
		{"broadcast", "typedef scalar[2] S; broadcast chan go; int n;\nprocess P(const S i) { state A, B; init A; trans A -> B { sync go?; assign n = n + 1; }; }\nprocess Q() { state A; init A; trans A -> A { sync go!; }; }\nsystem P, Q;\n",
			"scalar set S: P(0) and P(1) may receive one broadcast with updates whose order matters"},
	} {
		t.Run(c.name, func(t *testing.T) {
			sym := mustLoad(t, c.src).Symmetry()
			if len(sym.Sets) != 0 || !slices.ContainsFunc(sym.Off, func(s string) bool { return strings.HasPrefix(s, c.want) }) {
				t.Errorf("sets %d, off %q, want %q", len(sym.Sets), sym.Off, c.want)
			}
		})
	}
}

func TestSymmetryBroadcastCommuting(t *testing.T) {
	n := mustLoad(t, "typedef scalar[2] S; broadcast chan go; int got[S];\nprocess P(const S i) { clock x; state A, B; init A; trans A -> B { sync go?; assign got[i] = 1, x = 0; }; }\nprocess Q() { state A; init A; trans A -> A { sync go!; }; }\nsystem P, Q;\n")
	if sym := n.Symmetry(); len(sym.Sets) != 1 {
		t.Errorf("off %q", sym.Off)
	}
}

// A projection keeps no declarations and has no symmetry to offer.
func TestSymmetryOfProjection(t *testing.T) {
	n := mustLoad(t, symFischer)
	m, _ := n.Project(FullPattern(n))
	if sym := m.Symmetry(); len(sym.Sets) != 0 || len(sym.Off) != 0 {
		t.Errorf("projection: sets %d, off %q", len(sym.Sets), sym.Off)
	}
}
