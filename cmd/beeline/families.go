// bench --families: blind search on the scaled model families, with the
// numbers that make the wasm cost a measured ratio.

package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"text/tabwriter"
	"time"

	"beeline/core/search"
	"beeline/core/verify"
)

// familyCases are scaled instances of the model families in shared/models,
// each with the query that makes the search visit the part of the state
// space the family is known for.
var familyCases = []struct{ Model, Query string }{
	{"xtabench/fischer/fischer-4-32-64.xta", "A[] not (P(1).cs && P(2).cs)"},
	{"xtabench/fischer/fischer-6-32-64.xta", "A[] not (P(1).cs && P(2).cs)"},
	{"xtabench/fischer/fischer-8-32-64.xta", "A[] not (P(1).cs && P(2).cs)"},
	{"rra-fmics21/Fischer/fischer-10N.xml", "E<> P(1).A && P(2).wait && P(3).cs && P(4).wait && P(5).wait && P(6).A && P(7).A"},
	{"xtabench/lynch/lynch-2-16.xta", "A[] not (P(1).CS7 && P(2).CS7)"},
	{"xtabench/lynch/lynch-3-16.xta", "A[] not (P(1).CS7 && P(2).CS7)"},
	{"xtabench/lynch/lynch-4-16.xta", "A[] not (P(1).CS7 && P(2).CS7)"},
	{"xtabench/critical/critical-3-25-50.xta", "E<> ProdCell(1).error"},
	{"xtabench/critical/critical-4-25-50.xta", "E<> ProdCell(1).error"},
	{"xtabench/csma/csma-4.xta", "E<> false"},
	{"xtabench/csma/csma-6.xta", "E<> false"},
	{"xtabench/fddi/fddi-10.xta", "E<> false"},
	{"dynextrap-icfem23/simple/simple-100.xml", "E<> false"},
	{"uppaal-demos/train-gate.xml", "A[] not deadlock"},
	{"xtabench/BangOlufsen/bocdpFIXED.xta", "A[]((A_eof == 1 imply (A_diff == 0 and B_res == 0)) and (B_eof == 1 imply (B_diff == 0 and A_res == 0)))"},
}

// runFamilies prints one row per instance: verdict, explored and stored
// states, seconds, states per second and the peak memory of the store and
// of the whole process, as seen by the Go runtime (under js/wasm: the
// linear memory Go has taken).
func runFamilies(stdout, stderr io.Writer, dir string, opts verify.Options) int {
	tw := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "model\tverdict\texplored\tstored\tseconds\tstates/s\tstore MiB\tsys MiB\t\n")
	status := exitOK
	for _, fc := range familyCases {
		path := filepath.Join(dir, fc.Model)
		l, err := loadModel(path, nil)
		if err != nil || l.Net == nil {
			fmt.Fprintf(stderr, "beeline bench: %s: cannot load: %v\n", path, err)
			status = exitModelError
			continue
		}
		q := l.AddFormula(fc.Query)
		if q == nil || q.Formula == nil {
			fmt.Fprintf(stderr, "beeline bench: %s: bad query %q\n", path, fc.Query)
			status = exitModelError
			continue
		}
		runtime.GC()
		var peak int64
		o := opts
		o.Order = search.BFS
		o.ProgressEvery = 100 * time.Millisecond
		o.Progress = func(s search.Stats) { peak = max(peak, s.MemoryBytes) }
		res, err := verify.Check(context.Background(), l.Net, q.Formula, o)
		if err != nil {
			fmt.Fprintf(stderr, "beeline bench: %s: %v\n", path, err)
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
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%.3f\t%.0f\t%.1f\t%.0f\t\n", filepath.Base(fc.Model), verdict,
			res.Stats.Explored, res.Stats.Stored-res.Stats.Covered, res.Seconds, rate,
			float64(peak)/(1<<20), float64(ms.Sys)/(1<<20))
	}
	tw.Flush()
	return status
}
