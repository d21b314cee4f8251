// Meta variables are carried with the state: no value leaks between
// branches, and queries read the value the path left.

package verify

import (
	"context"
	"os"
	"testing"

	"beeline/core/internal/testmodel"
	"beeline/core/search"
)

// expectSourceVerdict checks formula on the model src with BFS, DFS and
// random DFS.
func expectSourceVerdict(t *testing.T, src, formula string, want Verdict) {
	t.Helper()
	n := testmodel.Source(t, "meta.xta", src)
	f := testmodel.Query(t, n, formula)
	for _, order := range []search.Order{search.BFS, search.DFS, search.RandomDFS} {
		res, err := Check(context.Background(), n, f, Options{Order: order})
		if err != nil {
			t.Fatalf("%s %v: %v", formula, order, err)
		}
		if res.Verdict != want {
			t.Errorf("%s %v: %v (%s), want %v", formula, order, res.Verdict, res.Reason, want)
		}
	}
}

// issue 29: the value set on A -> B leaked into the branch through C,
// whose guard read it: BFS and DFS reached D by A -> C -> D.
const metaBranches = `
meta int m;
process P() {
state A, B, C, D;
init A;
trans A -> C { },
      A -> B { assign m = 1; },
      C -> D { guard m == 1; };
}
system P;`

// metaBranchesSwapped is metaBranches with A's edges in the other order,
// so that whichever branch an engine computes first, one order leaks.
const metaBranchesSwapped = `
meta int m;
process P() {
state A, B, C, D;
init A;
trans A -> B { assign m = 1; },
      A -> C { },
      C -> D { guard m == 1; };
}
system P;`

// A value set on one transition is read by a later one and by queries.
const metaCarried = `
meta int m; chan c;
process P() {
state A, B, C;
init A;
trans A -> B { sync c!; assign m = 3; },
      B -> C { guard m == 3; };
}
process Q() {
state Q0, Q1;
init Q0;
trans Q0 -> Q1 { sync c?; };
}
system P, Q;`

func TestMetaVariables(t *testing.T) {
	expectSourceVerdict(t, metaBranches, "E<> P.D", NotSatisfied)
	expectSourceVerdict(t, metaBranchesSwapped, "E<> P.D", NotSatisfied)
	expectSourceVerdict(t, metaBranches, "E<> P.B && m == 1", Satisfied)
	expectSourceVerdict(t, metaBranches, "A[] P.C imply m == 0", Satisfied)
	expectSourceVerdict(t, metaCarried, "E<> P.C", Satisfied)
	expectSourceVerdict(t, metaCarried, "E<> Q.Q1 && m == 3", Satisfied)
	expectSourceVerdict(t, metaCarried, "A[] m == 0 || m == 3", Satisfied)
}

// TestMetaCarRadio checks the car radio's response-time queries, which
// read the meta variable obs: its worst case for VC3 is exactly 357132,
// the bound of its query file. When obs was read only at its initial
// value, every such query was decided without looking at obs.
func TestMetaCarRadio(t *testing.T) {
	path := "../../../shared/models/ticktac-fork/car_radio.xml"
	if _, err := os.Stat(path); err != nil {
		t.Skipf("the shared model collection is absent (%v): the car radio is not checked", err)
	}
	for _, c := range []struct {
		formula string
		want    Verdict
	}{
		{"E<> obs != -1", Satisfied},
		{"A[] (obs == VC3 imply rt < 357132)", NotSatisfied},
		{"A[] (obs == VC3 imply rt <= 357132)", Satisfied},
	} {
		expectVerdict(t, path, c.formula, c.want, Options{})
	}
}
