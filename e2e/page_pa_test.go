package e2e

import (
	"context"
	"regexp"
	"testing"
	"time"
)

// Predicate abstraction in the page: chosen in the heuristic menu, it is
// precomputed in its own phase, with its refinement rounds as the step,
// kept in the cache and reused after a reload, and a check with it finds
// the shortest trace.

// refining is the step pa shows while it refines an abstraction of the
// default mode, 2abs: "refining abstraction 1 of 2: round 3".
var refining = regexp.MustCompile(`^refining abstraction [1-9][0-9]* of [1-9][0-9]*: round [1-9][0-9]*$`)

// recordSteps makes the page collect, in window.steps, every value the
// progress list's precomputation step takes from now on, as recordPhases
// does for the phase.
func recordSteps(t *testing.T, ctx context.Context) { recordField(t, ctx, "p-step", "steps") }

func TestPagePredicates(t *testing.T) {
	checkTableLifecycle(t, site(t), "pa", "Predicates", func(ctx context.Context) { recordSteps(t, ctx) }, func(ctx context.Context) {
		// fischer-broken's abstractions take a millisecond: the page may
		// see no round before the table is built, and then says so.
		steps := Eval[[]string](t, ctx, `window.steps`)
		t.Logf("steps shown: %q; abstraction %q", steps, text(t, ctx, "p-pattern"))
		if got := text(t, ctx, "p-step"); got != "table built" {
			t.Errorf("step at the end %q, want table built", got)
		}
		for _, s := range steps {
			if s != "table built" && !refining.MatchString(s) {
				t.Errorf("step %q, want a refinement round or table built", s)
			}
		}
	})
}

// hanoi7 is the towers of Hanoi with 7 disks, whose predicate
// abstraction (seven of them, one per disk) takes half a second natively
// and two or three in the page's worker.
const hanoi7 = "../testdata/models/hanoi/hanoi-7.xml"

// Cancel during pa's precomputation stops it at once, in the middle of
// a refinement round the page showed, and caches nothing.
func TestPagePredicatesCancel(t *testing.T) {
	ctx := cancelPrecomputation(t, hanoi7, "pa", 500*time.Millisecond)
	if got := text(t, ctx, "p-step"); !refining.MatchString(got) {
		t.Errorf("step when cancelled %q, want a refinement round", got)
	}
	if got := text(t, ctx, "tables-total"); got != "none" {
		t.Errorf("cached tables after cancel: %q, want none", got)
	}
	Screenshot(t, ctx, "page-pa-cancelled.png")
}
