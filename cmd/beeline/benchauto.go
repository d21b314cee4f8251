// bench --auto: the auto order against each of its members alone.

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"
	"text/tabwriter"

	"beeline/core/job"
	"beeline/core/options"
	"beeline/core/portfolio"
	"beeline/core/protocol"
	"beeline/core/verify"
)

// autoCases are the deep families of the issue that made auto: the
// shared models (relative to --models) and the repository's own
// families (relative to the repository's root, where `make bench` runs).
var autoCases = []struct{ Model, Query string }{
	{"rra-fmics21/Fischer/fischer-20N.xml", ""},
	{"rra-fmics21/Fischer/fischer-50N.xml", ""},
	{"rra-fmics21/CSMA-CD/csma-20N.xml", ""},
	{"rra-fmics21/CSMA-CD/csma-50N.xml", ""},
	{"xtabench/stls/STLS.xta", "E<> (AKT1.Driving and AKT2.Driving)"},
	{"xtabench/mutex/mutex.xta", "E<> (S1.I_am_unsafe and S2.I_am_unsafe)"},
	{"testdata/models/hanoi/hanoi-6.xml", ""},
	{"testdata/models/hanoi/hanoi-7.xml", ""},
	{"testdata/models/arbiter/arbiter-4.xml", ""},
	{"testdata/models/arbiter/arbiter-5.xml", ""},
	{"testdata/models/haste/haste-6.xml", ""},
	{"testdata/models/haste/haste-7.xml", ""},
}

// benchAuto prints, per case, the seconds to a verdict of each member of
// the portfolio alone and of auto with jobs members at once, and auto's
// time over the best member's. A member alone gets the whole budget
// (base) and no probe.
func benchAuto(stdout, stderr io.Writer, dir string, cases []struct{ Model, Query string }, base verify.Options, jobs int) int {
	reg := options.Builtin()
	members := portfolio.Members(false)
	singles := make([]verify.Options, len(members))
	for i, m := range members {
		m.Probe = 0
		vm, err := reg.Portfolio([]portfolio.Member{m})
		if err != nil {
			fmt.Fprintf(stderr, "beeline bench: %v\n", err)
			return exitModelError
		}
		singles[i] = base
		singles[i].Order, singles[i].Seed, singles[i].Heuristic = vm[0].Order, m.Seed, vm[0].Heuristic
	}
	auto := base
	if err := reg.Apply(autoOptions(), &auto); err != nil {
		fmt.Fprintf(stderr, "beeline bench: %v\n", err)
		return exitModelError
	}
	auto.Jobs = jobs
	tw := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', tabwriter.AlignRight)
	header := "model\tverdict"
	for _, m := range members {
		header += "\t" + m.Name()
	}
	fmt.Fprintln(tw, header+"\tauto\twinner\tauto/best\t")
	status := exitOK
	for _, bc := range cases {
		q, l, err := benchQuery(dir, bc.Model, bc.Query)
		if errors.Is(err, fs.ErrNotExist) && !strings.HasPrefix(bc.Model, "testdata/") {
			fmt.Fprintf(stderr, "beeline bench: %s: not in the model collection (--models): skipped\n", bc.Model)
			continue
		}
		if err != nil {
			fmt.Fprintf(stderr, "beeline bench: %v\n", err)
			status = exitModelError
			continue
		}
		row, ok := autoRow(l, q, singles, auto)
		if !ok {
			status = exitModelError
		}
		fmt.Fprintln(tw, strings.TrimSuffix(filepath.Base(bc.Model), filepath.Ext(bc.Model))+"\t"+strings.Join(row, "\t")+"\t")
		tw.Flush()
	}
	return status
}

// autoRow runs each single member and auto on q and returns the row's
// cells after the model's name, and false when verdicts disagree.
func autoRow(l *loaded, q *job.Query, singles []verify.Options, auto verify.Options) ([]string, bool) {
	verdicts := map[verify.Verdict]bool{}
	best := -1.0
	var cells []string
	for _, o := range singles {
		runtime.GC()
		res, err := verify.Check(context.Background(), l.Net, q.Formula, o)
		switch {
		case err != nil:
			cells = append(cells, "error")
		case res.Verdict == verify.Unknown:
			cells = append(cells, "–")
		default:
			verdicts[res.Verdict] = true
			cells = append(cells, fmt.Sprintf("%.3f", res.Seconds))
			if best < 0 || res.Seconds < best {
				best = res.Seconds
			}
		}
	}
	runtime.GC()
	res, err := verify.Check(context.Background(), l.Net, q.Formula, auto)
	cell, winner, ratio := "error", "-", "-"
	if err == nil && res.Verdict != verify.Unknown {
		verdicts[res.Verdict] = true
		cell = fmt.Sprintf("%.3f", res.Seconds)
		p := res.Portfolio
		winner = p.Members[p.Winner].Member.Name()
		if best > 0 {
			ratio = fmt.Sprintf("%.2f", res.Seconds/best)
		}
	} else if err == nil {
		cell = "– (" + res.Reason + ")"
	}
	return append(append([]string{verdictCell(verdicts)}, cells...), cell, winner, ratio), len(verdicts) <= 1
}

// autoOptions name the auto order.
func autoOptions() protocol.Options { return protocol.Options{Order: "auto"} }

// benchQuery loads a case's model, from dir unless the path is the
// repository's own (or absolute, or dir is ""), and picks its query:
// the formula given, else the model's first.
func benchQuery(dir, model, query string) (*job.Query, *loaded, error) {
	path := model
	if !strings.HasPrefix(model, "testdata/") && !filepath.IsAbs(model) {
		path = filepath.Join(dir, model)
	}
	l, err := loadModel(path, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: cannot load: %w", model, err)
	}
	if l.Net == nil {
		return nil, nil, fmt.Errorf("%s: the model has errors", model)
	}
	var q *job.Query
	if query != "" {
		q = l.AddFormula(query)
	} else if len(l.Queries) > 0 {
		q = l.Queries[0]
	}
	if q == nil || q.Formula == nil {
		return nil, nil, fmt.Errorf("%s: bad query %q", model, query)
	}
	return q, l, nil
}
