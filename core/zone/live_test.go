package zone_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"beeline/core/dbm"
	"beeline/core/internal/testmodel"
	"beeline/core/model"
	"beeline/core/verify"
	"beeline/core/zone"
)

// liveFormulas are the liveness queries whose traces TestLiveTracesReplay
// replays, by model file (relative to the repository's testdata/models,
// or to the shared models when it starts with "shared:").
var liveFormulas = map[string][]string{
	"live/timelock.xta":  {"E[] not P.stuck", "A<> P.done", "P.busy --> P.done", "E[] x <= 10", "A<> x > 10", "E[] x <= 10 and not P.done"},
	"live/cycle.xta":     {"E[] P.a or P.b", "A<> P.d", "E[] not P.d", "P.b --> P.c"},
	"live/zeno.xta":      {"E[] P.a", "A<> P.b"},
	"live/committed.xta": {"A<> P.e", "P.c --> P.e", "E[] P.c or P.a"},
	"live/urgent.xta":    {"E[] R.r0", "A<> R.r1"},
	"live/second.xta":    {"P.req --> P.ok", "A<> P.req", "E[] P.idle"},
	"crossing.xta":       {"E[] not Train(0).Cross", "A<> Train(2).Cross", "Train(1).Appr --> Train(0).Cross", "E[] Train(0).Safe imply Train(1).Safe"},
}

func TestLiveTracesReplay(t *testing.T) {
	for file, formulas := range liveFormulas {
		n := testmodel.File(t, filepath.Join("../../testdata/models", file))
		for _, text := range formulas {
			t.Run(file+": "+text, func(t *testing.T) {
				expectLiveTrace(t, n, text)
			})
		}
	}
}

// expectLiveTrace checks text on n with a trace and replays the trace
// (replayLive).
func expectLiveTrace(t *testing.T, n *model.Network, text string) {
	t.Helper()
	f := testmodel.Query(t, n, text)
	res, err := verify.Check(context.Background(), n, f, verify.Options{Trace: verify.TraceSome})
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict == verify.Unknown {
		t.Fatalf("not decided: %s", res.Reason)
	}
	if res.Concrete == nil {
		t.Fatalf("%v without a trace", res.Verdict)
	}
	replayLive(t, n, f, res)
}

// replayLive replays the trace of res with the independent checker and
// checks that a loop closes in the restricted zone graph: following the
// loop's transitions from the head's zone gives a zone included in it.
func replayLive(t *testing.T, n *model.Network, f *model.Formula, res *verify.Result) {
	t.Helper()
	start, within := verify.LivenessPaths(f)
	tr := res.Concrete
	if err := zone.CheckLiveTrace(n, tr, start, within); err != nil {
		t.Fatalf("%v\n%s", err, res.Graph.FormatTrace(tr))
	}
	if len(res.Symbolic) != len(tr.States) {
		t.Fatalf("%d symbolic states for %d concrete ones", len(res.Symbolic), len(tr.States))
	}
	if tr.End != zone.EndLoop {
		return
	}
	head, last := res.Symbolic[tr.Loop], res.Symbolic[len(res.Symbolic)-1]
	if !head.Zone.Includes(last.Zone) {
		t.Fatalf("the last zone %s is not included in the loop head's %s", res.Graph.FormatZone(last.Zone), res.Graph.FormatZone(head.Zone))
	}
	x := res.Graph.Within(within)
	d, z := head.Discrete, head.Zone
	for _, s := range res.Symbolic[tr.Loop+1:] {
		var next *dbm.DBM
		err := x.Successors(d, z, func(label, d2 []int32, z2 *dbm.DBM) bool {
			if slices.Equal(label, s.Label) && slices.Equal(d2, s.Discrete) && z2.Includes(s.Zone) {
				next = z2.Copy()
				return false
			}
			return true
		})
		if err != nil || next == nil {
			t.Fatalf("the loop cannot be followed from the head (%v)", err)
		}
		d, z = s.Discrete, next
	}
	if !head.Zone.Includes(z) {
		t.Fatalf("going round the loop from the head ends in %s, not included in %s", res.Graph.FormatZone(z), res.Graph.FormatZone(head.Zone))
	}
}
