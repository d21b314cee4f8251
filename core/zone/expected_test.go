// Verdicts on the shared real models (EXPECTED.tsv), as a smoke test of the
// semantics through search.Run with BFS; every trace found is replayed by the
// independent trace checker.

package zone

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"beeline/core/internal/testmodel"
	"beeline/core/lang"
	"beeline/core/model"
	"beeline/core/search"
	"beeline/core/source"
	"beeline/core/uppaal"
)

const sharedModels = "../../../shared/models"

func TestExpectedVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	for _, e := range testmodel.Expected(t, sharedModels) {
		t.Run(e.Model+" "+e.Query, func(t *testing.T) {
			if e.Disagree != "" {
				t.Skip(e.Disagree + "; TestPrioritiesInterrupt checks the variants with priorities")
			}
			checkExpected(t, filepath.Join(sharedModels, e.Model), e.Query, e.Want == "satisfied")
		})
	}
}

func checkExpected(t *testing.T, path, query string, want bool) {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Skip(err)
	}
	fs := source.NewFileSet()
	doc, diags := uppaal.Read(fs, path, src)
	if diags.HasErrors() {
		t.Skipf("read: %v", fs.Err(diags))
	}
	n, diags := model.Load(doc)
	if diags.HasErrors() {
		t.Skipf("load: %v", fs.Err(diags))
	}
	seg := fs.AddText("query", query)
	var errs source.List
	q := lang.ParseQuery(seg.Text(), seg.Pos(0), &errs)
	form := n.CompileQuery(q, &errs)
	if errs.HasErrors() || form == nil {
		t.Skipf("query: %v", fs.Err(errs))
	}
	prop := target(form)
	g, err := New(n, Options{}, prop)
	if err != nil {
		t.Skipf("graph: %v", err)
	}
	universal := strings.HasPrefix(query, "A[]")
	opts := search.Options{Timeout: 5 * time.Second, MaxStates: 2_000_000, Trace: true, CoverRequiresSmallerDepth: true}
	res, err := search.Run(context.Background(), g.NewExpander(), g.Goal(prop).Holds, opts)
	if err != nil {
		t.Fatalf("search: %v", err)
	}
	if res.Verdict == search.Stopped {
		t.Skipf("stopped: %s after %d states", res.Reason, res.Stats.Stored)
	}
	got := (res.Verdict == search.Reached) != universal
	t.Logf("%v: %d stored, %d explored, %v", got, res.Stats.Stored, res.Stats.Explored, res.Stats.Elapsed)
	if got != want {
		t.Errorf("got %v, want %v (%d states)", got, want, res.Stats.Stored)
	}
	if res.Verdict == search.Reached {
		// Every witness and counterexample replays in the independent
		// checker, and the goal holds at its end.
		tr := expectTraceOK(t, g, res.Trace, prop)
		t.Logf("trace of %d transitions replays", len(tr.Steps))
	}
}
