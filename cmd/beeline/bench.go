// The bench command: blind search against directed search on the scaled
// model families, as a table.

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"beeline/core/options"
	"beeline/core/protocol"
	"beeline/core/verify"
)

// benchConfig is one column group of the table: a search order and a
// heuristic, named as --search and --heuristic name them ("astar+hl").
type benchConfig struct {
	Name    string
	Options verify.Options
}

// benchConfigs are the configurations of Kupferschmid et al.'s tables,
// drawn from the registry, each with base's budgets: the first blind
// order (breadth-first search), then every directed order with every
// heuristic, except that an order whose traces are shortest only with an
// admissible heuristic (A*) gets only those, and last the portfolio
// (auto), which races members of the others.
func benchConfigs(reg *options.Registry, base verify.Options) ([]benchConfig, error) {
	var out []benchConfig
	add := func(name string, o protocol.Options) error {
		v := base
		err := reg.Apply(o, &v)
		out = append(out, benchConfig{name, v})
		return err
	}
	c := reg.Catalog()
	var errs []error
	for _, o := range c.Orders {
		if !o.Directed && !o.Portfolio {
			errs = append(errs, add(o.Name, protocol.Options{Order: protocol.Order(o.Name)}))
			break
		}
	}
	for _, o := range c.Orders {
		for _, h := range c.Heuristics {
			if o.Directed && (h.Admissible || !o.Optimal) {
				errs = append(errs, add(o.Name+"+"+h.Name, protocol.Options{Order: protocol.Order(o.Name), Heuristic: protocol.Heuristic{Name: h.Name}}))
			}
		}
	}
	for _, o := range c.Orders {
		if o.Portfolio {
			errs = append(errs, add(o.Name, protocol.Options{Order: protocol.Order(o.Name)}))
		}
	}
	return out, errors.Join(errs...)
}

// benchCases are the default instances: model (relative to the models
// directory) and the query ("" for the model's first query), from the
// scaled families of shared/models.
var benchCases = []struct{ Model, Query string }{
	{"rra-fmics21/Fischer/fischer-20N.xml", ""},
	{"rra-fmics21/Fischer/fischer-50N.xml", ""},
	{"rra-fmics21/CSMA-CD/csma-20N.xml", ""},
	{"rra-fmics21/CSMA-CD/csma-50N.xml", ""},
	{"rra-fmics21/Train/train-200N.xml", ""},
	{"xtabench/mutex/mutex.xta", "E<> (S1.I_am_unsafe and S2.I_am_unsafe)"},
	{"xtabench/stls/STLS.xta", "E<> (AKT1.Driving and AKT2.Driving)"},
	{"xtabench/critical/critical-3-25-50.xta", "E<> ProdCell(1).error"},
	{"xtabench/critical/critical-4-25-50.xta", "E<> ProdCell(1).error"},
	{"rra-fmics21/Fischer/fischer-10N.xml", "E<> P(1).A && P(2).wait && P(3).cs && P(4).wait && P(5).wait && P(6).A && P(7).A"},
	{"xtabench/BangOlufsen/bocdp.xta", "A[]((A_eof == 1 imply (A_diff == 0 and B_res == 0)) and (B_eof == 1 imply (B_diff == 0 and A_res == 0)))"},
	{"xtabench/fischer/fischer-6-32-64.xta", "A[] not (P(1).cs && P(2).cs)"},
	{"xtabench/lynch/lynch-4-16.xta", "A[] not (P(1).CS7 && P(2).CS7)"},
	{"uppaal-demos/train-gate.xml", "E<> Train(0).Cross and Train(1).Stop"},
	{"uppaal-demos/bridge.xml", "E<> Viking1.safe and Viking2.safe and Viking3.safe and Viking4.safe"},
}

const benchUsage = `usage: beeline bench [options] [MODEL QUERY]...

Checks each query (QUERY "" is the model's first) with blind breadth-first
search, A* with each admissible heuristic and greedy best-first search
with each heuristic, and prints one table: the verdict, explored states,
seconds and trace length of each. Without arguments it runs the
instances of Beeline's benchmark list, read from --models.

configurations (--search and --heuristic of beeline check):
  %s

options:
`

func runBench(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("bench", flag.ContinueOnError)
	fl.SetOutput(stderr)
	dir := fl.String("models", "../shared/models", "the `directory` of the benchmark models")
	timeout := fl.Duration("timeout", 60*time.Second, "time budget of each search")
	maxStates := fl.Int64("max-states", 2_000_000, "state budget of each search")
	maxMemory := fl.Int64("max-memory", 2<<30, "memory budget of each search, in bytes")
	families := fl.Bool("families", false, "blind search on the scaled model families: states, seconds, states/s and peak memory")
	auto := fl.Bool("auto", false, "the auto order against each of its members alone on the deep families: seconds to a verdict")
	jobs := fl.Int("jobs", 0, "with --auto, the most members that race at once (0: one per processor); alone, speedup curves of breadth-first search split between 1, 2, …, `N` workers")
	reg := options.Builtin()
	fl.Usage = func() {
		configs, _ := benchConfigs(reg, verify.Options{})
		names := make([]string, len(configs))
		for i, c := range configs {
			names[i] = c.Name
		}
		fmt.Fprintf(stderr, benchUsage, strings.Join(names, ", "))
		fl.PrintDefaults()
	}
	pos, err := parseInterspersed(fl, args)
	if err != nil {
		return exitUsage
	}
	if len(pos)%2 != 0 {
		fmt.Fprintln(stderr, "beeline bench: give models and queries in pairs")
		return exitUsage
	}
	cases := benchCases
	if len(pos) > 0 {
		cases = cases[:0:0]
		for i := 0; i < len(pos); i += 2 {
			cases = append(cases, struct{ Model, Query string }{pos[i], pos[i+1]})
		}
	} else {
		for i := range cases {
			cases[i].Model = filepath.Join(*dir, cases[i].Model)
		}
	}
	opts := verify.Options{Timeout: *timeout, MaxStates: *maxStates, MaxMemory: *maxMemory}
	if *families {
		return runFamilies(stdout, stderr, *dir, opts)
	}
	if *jobs > 0 && !*auto {
		jc := jobsCases
		if len(pos) > 0 {
			jc = nil
			for i := 0; i < len(pos); i += 2 {
				abs, _ := filepath.Abs(pos[i])
				jc = append(jc, familyCase{Model: abs, Query: pos[i+1]})
			}
		}
		return benchJobs(stdout, stderr, *dir, jc, opts, *jobs)
	}
	if *auto {
		ac := autoCases
		if len(pos) > 0 {
			ac = cases
			for i := range ac {
				ac[i].Model, _ = filepath.Abs(ac[i].Model)
			}
		}
		return benchAuto(stdout, stderr, *dir, ac, opts, *jobs)
	}
	configs, err := benchConfigs(reg, opts)
	if err != nil {
		fmt.Fprintf(stderr, "beeline bench: %v\n", err)
		return exitModelError
	}
	return benchTable(stdout, stderr, cases, configs)
}

// benchTable runs every configuration on every case and prints the table.
func benchTable(stdout, stderr io.Writer, cases []struct{ Model, Query string }, configs []benchConfig) int {
	tw := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', tabwriter.AlignRight)
	header := "model\tverdict"
	for _, c := range configs {
		header += "\t" + c.Name + " states\ts\tlen"
	}
	fmt.Fprintln(tw, header+"\t")
	status := exitOK
	for _, bc := range cases {
		q, l, err := benchQuery("", bc.Model, bc.Query)
		if err != nil {
			fmt.Fprintf(stderr, "beeline bench: %v\n", err)
			status = exitModelError
			continue
		}
		row := []string{strings.TrimSuffix(filepath.Base(bc.Model), filepath.Ext(bc.Model)), ""}
		verdicts := map[verify.Verdict]bool{}
		for _, c := range configs {
			res, err := verify.Check(context.Background(), l.Net, q.Formula, c.Options)
			if err != nil {
				fmt.Fprintf(stderr, "beeline bench: %s %s: %v\n", bc.Model, c.Name, err)
				row = append(row, "error", "-", "-")
				status = exitModelError
				continue
			}
			if res.Verdict != verify.Unknown {
				verdicts[res.Verdict] = true
			}
			row = append(row, benchCells(res)...)
		}
		row[1] = verdictCell(verdicts)
		fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
	}
	tw.Flush()
	return status
}

// benchCells formats explored states, seconds and trace length.
func benchCells(res *verify.Result) []string {
	states := fmt.Sprint(res.Stats.Explored)
	if res.Verdict == verify.Unknown {
		states = ">" + states
	}
	depth := "-"
	if res.Depth >= 0 {
		depth = fmt.Sprint(res.Depth)
	}
	return []string{states, fmt.Sprintf("%.2f", res.Seconds), depth}
}

// verdictCell names the verdict the configurations agreed on, or flags a
// disagreement, which would be a bug.
func verdictCell(v map[verify.Verdict]bool) string {
	switch len(v) {
	case 0:
		return verify.Unknown.String()
	case 1:
		for k := range v {
			return strings.ReplaceAll(k.String(), " ", "-")
		}
	}
	fmt.Fprintln(os.Stderr, "beeline bench: configurations disagree on the verdict")
	return "DISAGREE"
}
