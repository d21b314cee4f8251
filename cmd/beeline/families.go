// bench --families: blind search on the scaled model families, with the
// numbers that make the wasm cost a measured ratio.

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"text/tabwriter"
	"time"

	"beeline/core/families"
	"beeline/core/job"
	"beeline/core/model"
	"beeline/core/search"
	"beeline/core/verify"
)

// familyCase is one instance of a scaled family: a model of shared/models
// (Model, relative to --models) or one built in (Source, named Name), and
// the query that makes the search visit the part of the state space the
// family is known for.
type familyCase struct {
	Model, Query string
	Name, Source string
}

// familyCases are the instances, smallest first within a family. The
// built-in Fischer instances need no model collection, so the engine's
// figures can be followed on any checkout.
var familyCases = []familyCase{
	{Name: "fischer-9 (built in)", Source: families.Fischer(9), Query: "E<> false"},
	{Name: "fischer-10 (built in)", Source: families.Fischer(10), Query: "E<> false"},
	{Model: "xtabench/fischer/fischer-4-32-64.xta", Query: "A[] not (P(1).cs && P(2).cs)"},
	{Model: "xtabench/fischer/fischer-6-32-64.xta", Query: "A[] not (P(1).cs && P(2).cs)"},
	{Model: "xtabench/fischer/fischer-8-32-64.xta", Query: "A[] not (P(1).cs && P(2).cs)"},
	{Model: "rra-fmics21/Fischer/fischer-10N.xml", Query: "E<> P(1).A && P(2).wait && P(3).cs && P(4).wait && P(5).wait && P(6).A && P(7).A"},
	{Model: "xtabench/lynch/lynch-2-16.xta", Query: "A[] not (P(1).CS7 && P(2).CS7)"},
	{Model: "xtabench/lynch/lynch-3-16.xta", Query: "A[] not (P(1).CS7 && P(2).CS7)"},
	{Model: "xtabench/lynch/lynch-4-16.xta", Query: "A[] not (P(1).CS7 && P(2).CS7)"},
	{Model: "xtabench/critical/critical-3-25-50.xta", Query: "E<> ProdCell(1).error"},
	{Model: "xtabench/critical/critical-4-25-50.xta", Query: "E<> ProdCell(1).error"},
	{Model: "xtabench/csma/csma-4.xta", Query: "E<> false"},
	{Model: "xtabench/csma/csma-6.xta", Query: "E<> false"},
	{Model: "xtabench/fddi/fddi-10.xta", Query: "E<> false"},
	{Model: "dynextrap-icfem23/simple/simple-100.xml", Query: "E<> false"},
	{Model: "uppaal-demos/train-gate.xml", Query: "A[] not deadlock"},
	{Model: "xtabench/BangOlufsen/bocdpFIXED.xta", Query: "A[]((A_eof == 1 imply (A_diff == 0 and B_res == 0)) and (B_eof == 1 imply (B_diff == 0 and A_res == 0)))"},
}

// load returns the instance's model.
func (fc familyCase) load(dir string) (*loaded, string, error) {
	if fc.Source != "" {
		return &loaded{Model: job.Load(job.File{Name: fc.Name + ".xta", Data: []byte(fc.Source)}), Path: fc.Name}, fc.Name, nil
	}
	path := fc.Model
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, fc.Model)
	}
	l, err := loadModel(path, nil)
	return l, filepath.Base(fc.Model), err
}

// query returns the instance's query, its model and the instance's name.
func (fc familyCase) query(dir string) (*model.Formula, *loaded, string, error) {
	l, name, err := fc.load(dir)
	if err == nil && l.Net == nil {
		err = fmt.Errorf("%d errors in the model", len(l.Diags.Errors()))
	}
	if err != nil {
		return nil, nil, name, fmt.Errorf("%s: cannot load: %w", name, err)
	}
	q := l.AddFormula(fc.Query)
	if q == nil || q.Formula == nil {
		return nil, nil, name, fmt.Errorf("%s: bad query %q", name, fc.Query)
	}
	return q.Formula, l, name, nil
}

// runFamilies prints one row per instance: verdict, explored states and
// states stored (the passed list, as UPPAAL counts them), seconds, states
// per second, the store's bytes per stored state, and the peak memory of
// the search (store and waiting list) and of the whole process, as seen by
// the Go runtime (under js/wasm: the linear memory Go has taken).
func runFamilies(stdout, stderr io.Writer, dir string, opts verify.Options) int {
	tw := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "model\tverdict\texplored\tstored\tseconds\tstates/s\tB/state\tsearch MiB\tsys MiB\t\n")
	status := exitOK
	_, err := os.Stat(dir)
	shared := err == nil
	if !shared {
		fmt.Fprintf(stderr, "beeline bench: no model collection at %s (--models): only the built-in instances\n", dir)
	}
	for _, fc := range familyCases {
		if fc.Source == "" && !shared {
			continue
		}
		f, l, name, err := fc.query(dir)
		if err != nil {
			fmt.Fprintf(stderr, "beeline bench: %v\n", err)
			status = exitModelError
			continue
		}
		runtime.GC()
		var peak int64
		o := opts
		o.Order = search.BFS
		o.ProgressEvery = 100 * time.Millisecond
		o.Progress = func(s search.Stats) { peak = max(peak, s.MemoryBytes) }
		res, err := verify.Check(context.Background(), l.Net, f, o)
		if err != nil {
			fmt.Fprintf(stderr, "beeline bench: %s: %v\n", name, err)
			status = exitModelError
			continue
		}
		peak = max(peak, res.Stats.MemoryBytes)
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		verdict := res.Verdict.String()
		if res.Verdict == verify.Unknown {
			verdict = res.Reason
		}
		rate := float64(res.Stats.Explored) / max(res.Seconds, 1e-9)
		stored := res.Stats.Stored - res.Stats.Covered
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%.3f\t%.0f\t%.0f\t%.1f\t%.0f\t\n", name, verdict,
			res.Stats.Explored, stored, res.Seconds, rate, float64(res.Stats.StoreBytes)/float64(max(stored, 1)),
			float64(peak)/(1<<20), float64(ms.Sys)/(1<<20))
	}
	tw.Flush()
	return status
}
