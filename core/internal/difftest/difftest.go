// Problems, budgets, and the comparison of every configuration with
// breadth-first search.

package difftest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"beeline/core/heuristic"
	"beeline/core/heuristic/pdb"
	"beeline/core/job"
	"beeline/core/model"
	"beeline/core/options"
	"beeline/core/verify"
)

// Budget bounds every check of a comparison. States and Precompute are
// work (stored states; a pattern database's abstract states, the other
// heuristics being bounded by their parameters); Timeout only stops a
// whole check or precomputation that hangs, which then counts as
// unknown, never as a verdict.
type Budget struct {
	States     int64
	Precompute int
	Timeout    time.Duration
}

// Problem is one query of a network, with what a reproducer needs.
type Problem struct {
	// Path is the model's file as a command line names it; Src its text
	// when the file exists only in memory (a generated network).
	Path, Src string
	Net       *model.Network
	Query     string
	F         *model.Formula
	// Symmetric is set when symmetry reduction has scalar sets to
	// permute, so that turning it off changes the search.
	Symmetric bool
}

// Problems loads the model text of path (with the query files given)
// and returns, each as a Problem, its E<> and A[] queries: those of the
// model and the query files when extra is empty, else those of extra.
// The test fails when the model or a query has errors.
func Problems(t testing.TB, path, src string, extra []string, queryFiles ...job.File) []*Problem {
	t.Helper()
	l := job.Load(job.File{Name: filepath.Base(path), Data: []byte(src)}, queryFiles...)
	for _, f := range extra {
		l.AddFormula(f)
	}
	if l.Net == nil || l.Diags.HasErrors() {
		t.Fatalf("%s: %v", path, l.FS.Err(l.Diags))
	}
	symmetric := len(l.Net.Symmetry().Sets) > 0
	var out []*Problem
	qs := l.Queries
	if len(extra) > 0 {
		qs = qs[len(qs)-len(extra):]
	}
	for _, q := range qs {
		if q.Formula == nil || !verify.Directed(q.Formula) {
			continue
		}
		out = append(out, &Problem{Path: path, Net: l.Net, Query: q.Text, F: q.Formula, Symmetric: symmetric})
	}
	return out
}

// Tally counts a comparison's checks. Runs are the checks made besides
// the reference; Compared those whose verdict was compared with one
// (both decided); Unknown those stopped by a budget (Precompute, of
// them, by a heuristic's); Expected the disagreements that Known
// entries explain; Failed the others, each reported as a test error.
// Undecided counts problems breadth-first search did not decide, where
// the configurations were compared with each other.
type Tally struct {
	mu                                                       sync.Mutex
	Problems, Undecided, Runs, Compared, Unknown, Precompute int
	Expected, Failed, DepthChecked                           int
	expectedBy                                               map[string]int
}

// String sums t up in a line.
func (t *Tally) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return fmt.Sprintf("%d problems (%d undecided by BFS), %d checks: %d verdicts compared, %d A* trace lengths, %d unknown (%d stopped in precomputation), %d expected disagreements, %d failed",
		t.Problems, t.Undecided, t.Runs, t.Compared, t.DepthChecked, t.Unknown, t.Precompute, t.Expected, t.Failed)
}

// ExpectedBy lists the known issues that explained disagreements, with
// their counts.
func (t *Tally) ExpectedBy() map[string]int {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := map[string]int{}
	for k, v := range t.expectedBy {
		out[k] = v
	}
	return out
}

func (t *Tally) add(f func(t *Tally)) {
	t.mu.Lock()
	defer t.mu.Unlock()
	f(t)
}

// Compare checks p with breadth-first search (no heuristic, no symmetry
// reduction, shortest trace: the reference) and with every combination
// of Combos, under b, and reports each disagreement: a verdict other
// than the reference's when both decide, or (when the reference did not
// decide) two configurations deciding differently, and a trace of A*
// with an admissible heuristic of another length than the reference's
// shortest. Errors of a check are failures too.
func Compare(t *testing.T, r *options.Registry, heuristics []string, p *Problem, b Budget, tally *Tally) {
	t.Helper()
	c := &comparison{t: t, r: r, p: p, b: b, tally: tally, tables: map[string]*prepared{}}
	refCombo := Combo{Order: "bfs", NoSymmetry: true, Trace: true}
	ref, err := c.run(refCombo, verify.TraceShortest)
	if err != nil {
		// Known or not, the reference's failure is reported; the
		// comparison goes on against BFS without a trace, whose depth
		// need not be the shortest.
		c.fail(refCombo, fmt.Sprintf("the reference failed: %v", err))
		if ref, err = c.run(Combo{Order: "bfs", NoSymmetry: true}, verify.TraceNone); err != nil {
			t.Fatalf("BFS without a trace: %v", err)
		}
		c.noDepth = true
	}
	c.ref = ref
	tally.add(func(t *Tally) {
		t.Problems++
		if ref.Verdict == verify.Unknown {
			t.Undecided++
		}
	})
	trivial := heuristic.TargetOf(p.Net, p.F).Trivial()
	for _, combo := range Combos(r, heuristics, p.Symmetric, trivial) {
		c.check(combo)
	}
}

// comparison is the state of one Compare.
type comparison struct {
	t     *testing.T
	r     *options.Registry
	p     *Problem
	b     Budget
	tally *Tally
	ref   *verify.Result
	// decided is the first decided configuration, the reference when
	// it decided.
	decided   *verify.Result
	decidedBy Combo
	tables    map[string]*prepared
	noDepth   bool // the reference's depth is not the shortest
}

// prepared is a heuristic precomputed once for a problem: the
// precomputed heuristic itself, which the in-process checks use as
// verify would after precomputing it, and its table, encoded as
// `beeline prepare` writes it.
type prepared struct {
	h     heuristic.Heuristic
	table []byte
	err   error // the precomputation's, when it failed
}

// check runs combo and compares it.
func (c *comparison) check(combo Combo) {
	m := verify.TraceNone
	if combo.Trace {
		m = verify.TraceSome
	}
	res, err := c.run(combo, m)
	c.tally.add(func(t *Tally) { t.Runs++ })
	if errors.Is(err, errPrecompute) || (err == nil && res.Verdict == verify.Unknown) {
		c.tally.add(func(t *Tally) {
			t.Unknown++
			if err != nil {
				t.Precompute++
			}
		})
		return
	}
	if err != nil {
		c.fail(combo, fmt.Sprintf("error: %v", err))
		return
	}
	ref, refCombo := c.ref, Combo{Order: "bfs", NoSymmetry: true, Trace: true}
	if ref.Verdict == verify.Unknown {
		if c.decided == nil {
			c.decided, c.decidedBy = res, combo
			return
		}
		ref, refCombo = c.decided, c.decidedBy
	}
	c.tally.add(func(t *Tally) { t.Compared++ })
	if res.Verdict != ref.Verdict {
		c.fail(combo, fmt.Sprintf("%v, but %s gives %v", res.Verdict, refCombo, ref.Verdict))
		return
	}
	if combo.Order == "astar" && ref == c.ref && !c.noDepth && admissible(res) && res.Depth >= 0 {
		c.tally.add(func(t *Tally) { t.DepthChecked++ })
		if res.Depth != ref.Depth {
			c.fail(combo, fmt.Sprintf("A* with an admissible heuristic found a trace of %d transitions, BFS's shortest has %d", res.Depth, ref.Depth))
		}
	}
}

// admissible reports whether the heuristic of res never overestimates
// (no heuristic counts as 0 everywhere).
func admissible(res *verify.Result) bool {
	return res.Heuristic == "" || !strings.Contains(res.Heuristic, "not admissible")
}

// fail reports a disagreement, or counts it when a Known entry explains
// it.
func (c *comparison) fail(combo Combo, what string) {
	if issue := knownIssue(c.p, combo); issue != "" {
		c.tally.add(func(t *Tally) {
			t.Expected++
			if t.expectedBy == nil {
				t.expectedBy = map[string]int{}
			}
			t.expectedBy[issue]++
		})
		c.t.Logf("expected (%s): %s: %s", issue, combo, what)
		return
	}
	c.tally.add(func(t *Tally) { t.Failed++ })
	c.t.Errorf("%s: %s\nreproduce: %s%s", combo, what, c.reproducer(combo), c.source())
}

// reproducer is the command line that checks the problem with combo.
func (c *comparison) reproducer(combo Combo) string {
	model := c.p.Path
	q := fmt.Sprintf("--formula '%s'", c.p.Query)
	budget := fmt.Sprintf("--max-states %d", c.b.States)
	if !combo.Prepared {
		return fmt.Sprintf("beeline check %s %s %s %s", model, q, combo.Args(), budget)
	}
	return fmt.Sprintf("beeline prepare %s %s --heuristic %s -o t.table && beeline check %s %s %s --table t.table %s",
		model, q, combo.Heuristic, model, q, combo.Args(), budget)
}

// source is the model text of a generated network for the message, and
// written to $BEELINE_DIFFTEST_OUT when that is set.
func (c *comparison) source() string {
	if c.p.Src == "" {
		return ""
	}
	if dir := os.Getenv("BEELINE_DIFFTEST_OUT"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(c.p.Path)), []byte(c.p.Src), 0o644); err != nil {
			c.t.Log(err)
		}
	}
	return "\nwith " + c.p.Path + ":\n" + c.p.Src
}

// errPrecompute marks a heuristic's precomputation stopped by its budget.
var errPrecompute = errors.New("precomputation stopped by its budget")

// run checks the problem with combo and trace mode m.
func (c *comparison) run(combo Combo, m verify.TraceMode) (*verify.Result, error) {
	opts := verify.Options{Seed: 1, Trace: m, MaxStates: c.b.States, Timeout: c.b.Timeout, NoSymmetry: combo.NoSymmetry, Jobs: combo.Jobs}
	i := slices.IndexFunc(c.r.Orders, func(o options.Order) bool { return o.Name == combo.Order })
	if i < 0 {
		return nil, fmt.Errorf("no order %q in the registry", combo.Order)
	}
	opts.Order = c.r.Orders[i].Order
	if combo.Heuristic != "" {
		build, err := c.r.NewHeuristic(combo.Heuristic)
		if err != nil {
			return nil, err
		}
		opts.Heuristic = build
		if precomputes(c.r, combo.Heuristic) {
			pre := c.prepare(combo.Heuristic, build)
			if pre.err != nil {
				return nil, pre.err
			}
			if combo.Prepared {
				opts.Table = pre.table
			} else {
				opts.Heuristic = func(*model.Network, *heuristic.Target) (heuristic.Heuristic, error) { return done{pre.h}, nil }
			}
		}
	}
	return verify.Check(context.Background(), c.p.Net, c.p.F, opts)
}

// prepare precomputes the heuristic spec once for the problem, as
// `beeline prepare` does: built from the registry, precomputed within
// the budget, its table encoded.
func (c *comparison) prepare(spec string, build verify.NewHeuristic) *prepared {
	if pre := c.tables[spec]; pre != nil {
		return pre
	}
	pre := &prepared{}
	c.tables[spec] = pre
	h, err := build(c.p.Net, heuristic.TargetOf(c.p.Net, c.p.F))
	if err != nil {
		pre.err = err
		return pre
	}
	ctx := context.Background()
	if c.b.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.b.Timeout)
		defer cancel()
	}
	switch err := h.Precompute(ctx, nil); {
	case errors.Is(err, pdb.ErrBudget) || ctx.Err() != nil:
		pre.err = fmt.Errorf("%w: %v", errPrecompute, err)
		return pre
	case err != nil:
		pre.err = err
		return pre
	}
	pre.h = h
	if pre.table, err = h.Table(); err == nil && pre.table == nil {
		err = fmt.Errorf("heuristic %s has no table to prepare", spec)
	}
	pre.err = err
	return pre
}

// done is a heuristic already precomputed: verify's precomputation of it
// does nothing, as for a table loaded by the engine.
type done struct{ heuristic.Heuristic }

func (done) Precompute(context.Context, func(done, total int64)) error { return nil }
