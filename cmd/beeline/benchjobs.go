// bench --jobs N: speedup curves of one breadth-first search split
// between 1, 2, …, N workers.

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"text/tabwriter"

	"beeline/core/families"
	"beeline/core/search"
	"beeline/core/verify"
)

// jobsCases are the instances of the speedup curves: the built-in
// Fischer instances, whose proofs explore every state, and the
// traffic-light controller, whose committed locations are passed
// through.
var jobsCases = []familyCase{
	{Name: "fischer-9 (built in)", Source: families.Fischer(9), Query: "E<> false"},
	{Name: "fischer-10 (built in)", Source: families.Fischer(10), Query: "E<> false"},
	{Model: "trafficlights-mgr/sr-22-symmetric-max18-rr-hold-lateC.ver/sr-22-symmetric-max18-rr-hold-late.xml",
		Query: "A[] ((MvC00.InitialGreen || MvC00.ExtGreen || MvC00.GappedOut || MvC00.Rest) imply L00.Green)"},
}

// benchJobs prints, for each instance and each number of workers from 1
// to jobs, the verdict, the states explored and stored, the seconds,
// the states explored per second, the speedup over one worker, the
// store's bytes per stored state and the store's MiB per worker.
func benchJobs(stdout, stderr io.Writer, dir string, cases []familyCase, opts verify.Options, jobs int) int {
	tw := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "model\tjobs\tverdict\texplored\tstored\tseconds\tstates/s\tspeedup\tB/state\tMiB/worker\t\n")
	status := exitOK
	_, err := os.Stat(dir)
	shared := err == nil
	for _, fc := range cases {
		if fc.Source == "" && !filepath.IsAbs(fc.Model) && !shared {
			fmt.Fprintf(stderr, "beeline bench: no model collection at %s (--models): %s skipped\n", dir, fc.Model)
			continue
		}
		q, l, name, err := fc.query(dir)
		if err != nil {
			fmt.Fprintf(stderr, "beeline bench: %v\n", err)
			status = exitModelError
			continue
		}
		var one float64
		for j := 1; j <= jobs; j++ {
			runtime.GC()
			o := opts
			o.Order, o.Jobs = search.BFS, j
			res, err := verify.Check(context.Background(), l.Net, q, o)
			if err != nil {
				fmt.Fprintf(stderr, "beeline bench: %s: %v\n", name, err)
				status = exitModelError
				break
			}
			verdict := res.Verdict.String()
			if res.Verdict == verify.Unknown {
				verdict = res.Reason
			}
			if j == 1 {
				one = res.Seconds
			}
			stored := res.Stats.Stored - res.Stats.Covered
			fmt.Fprintf(tw, "%s\t%d\t%s\t%d\t%d\t%.3f\t%.0f\t%.2f\t%.0f\t%.1f\t\n", name, j, verdict,
				res.Stats.Explored, stored, res.Seconds, float64(res.Stats.Explored)/max(res.Seconds, 1e-9),
				one/max(res.Seconds, 1e-9), float64(res.Stats.StoreBytes)/float64(max(stored, 1)),
				float64(res.Stats.StoreBytes)/float64(j)/(1<<20))
		}
	}
	tw.Flush()
	return status
}
