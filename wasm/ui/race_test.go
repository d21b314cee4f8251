package main

import (
	"strings"
	"testing"

	"beeline/core/portfolio"
	"beeline/core/protocol"
)

func TestRaceable(t *testing.T) {
	for _, c := range []struct {
		formula string
		want    bool
	}{
		{"E<> P.err", true},
		{"A[] not deadlock", true}, // deadlock races too: the engine's members search it blind or directed
		{"A [] x < 3", true},
		{"E [] P.a", false},
		{"A<> P.done", false},
		{"P.a --> P.b", false},
		{"sup: x", false},
		{"", false},
	} {
		if got := raceable(c.formula); got != c.want {
			t.Errorf("raceable(%q) = %v, want %v", c.formula, got, c.want)
		}
	}
}

func TestRaceSlots(t *testing.T) {
	for cores, want := range map[int]int{1: 2, 2: 2, 3: 2, 4: 3, 5: 4, 16: 4} {
		if got := raceSlots(cores); got != want {
			t.Errorf("raceSlots(%d) = %d, want %d", cores, got, want)
		}
	}
}

func TestRunOptions(t *testing.T) {
	user := protocol.Options{Order: "auto", Trace: traceShortest, MaxMemory: 1 << 30, MaxStates: 20_000, Seed: 7, Symmetry: "on"}
	pa := portfolio.Member{Order: "gbfs", Heuristic: "pa:preds=syntax", Probe: 50_000}
	o, err := runOptions(user, pa, portfolio.Run{Probe: 50_000}, 4, 900)
	if err != nil {
		t.Fatal(err)
	}
	// The user's state budget is smaller than the probe; the member does
	// not guarantee a shortest trace.
	if o.Order != "gbfs" || o.Heuristic.String() != "pa:preds=syntax" || o.MaxStates != 20_000 ||
		o.MaxMemory != 1<<28 || o.Trace != traceSome || o.TimeoutMS != 900 || o.Symmetry != "on" || o.Seed != 0 {
		t.Errorf("runOptions = %+v", o)
	}
	user.MaxStates = 0
	rdfs := portfolio.Member{Order: "rdfs", Seed: 1, Probe: 10, Shortest: true}
	o, _ = runOptions(user, rdfs, portfolio.Run{Probe: 10}, 2, 0)
	if o.MaxStates != 10 || o.Seed != 1 || o.Trace != traceShortest || o.MaxMemory != 1<<29 || o.Heuristic.Name != "" {
		t.Errorf("runOptions = %+v", o)
	}
	if _, err := runOptions(user, portfolio.Member{Order: "gbfs", Heuristic: ":x"}, portfolio.Run{}, 2, 0); err == nil {
		t.Error("runOptions took a heuristic without a name")
	}
}

func TestRunEnd(t *testing.T) {
	shortest := portfolio.Member{Shortest: true}
	trace := &protocol.Trace{Steps: make([]protocol.TraceStep, 3)}
	for _, c := range []struct {
		name   string
		res    *protocol.Result
		failed bool
		run    portfolio.Run
		user   int64
		m      portfolio.Member
		want   portfolio.End
	}{
		{"failed", nil, true, portfolio.Run{}, 0, shortest, portfolio.End{How: portfolio.Failed}},
		{"trace", &protocol.Result{Verdict: protocol.VerdictSatisfied, Trace: trace}, false, portfolio.Run{}, 0, shortest,
			portfolio.End{How: portfolio.Decided, Trace: true, Shortest: true, Depth: 3}},
		{"reached, no trace asked", &protocol.Result{Verdict: protocol.VerdictSatisfied}, false, portfolio.Run{}, 0, portfolio.Member{},
			portfolio.End{How: portfolio.Decided, Trace: true}},
		{"proof", &protocol.Result{Verdict: protocol.VerdictSatisfied, Exhausted: true}, false, portfolio.Run{}, 0, portfolio.Member{},
			portfolio.End{How: portfolio.Decided}},
		{"probe", &protocol.Result{Verdict: protocol.VerdictUnknown, Reason: portfolio.ReasonStates}, false, portfolio.Run{Probe: 10}, 0, portfolio.Member{},
			portfolio.End{How: portfolio.ProbeSpent}},
		{"user's states", &protocol.Result{Verdict: protocol.VerdictUnknown, Reason: portfolio.ReasonStates}, false, portfolio.Run{Probe: 10}, 5, portfolio.Member{},
			portfolio.End{How: portfolio.Failed, Reason: portfolio.ReasonStates}},
		{"memory", &protocol.Result{Verdict: protocol.VerdictUnknown, Reason: "memory limit"}, false, portfolio.Run{}, 0, portfolio.Member{},
			portfolio.End{How: portfolio.Failed, Reason: "memory limit"}},
		{"time", &protocol.Result{Verdict: protocol.VerdictUnknown, Reason: portfolio.ReasonTime}, false, portfolio.Run{}, 0, portfolio.Member{},
			portfolio.End{How: portfolio.Stopped, Reason: portfolio.ReasonTime}},
		{"error verdict", &protocol.Result{Verdict: protocol.VerdictError}, false, portfolio.Run{}, 0, portfolio.Member{},
			portfolio.End{How: portfolio.Failed}},
		{"run-time error of the model", &protocol.Result{Verdict: protocol.VerdictUnknown, Reason: "division by zero (m.xta:3:9)"}, false, portfolio.Run{}, 0, portfolio.Member{},
			portfolio.End{How: portfolio.Stopped, Reason: "division by zero (m.xta:3:9)"}},
	} {
		if got := runEnd(c.res, c.failed, c.run, c.m, c.user); got != c.want {
			t.Errorf("%s: runEnd = %+v, want %+v", c.name, got, c.want)
		}
	}
}

// A race on the page's terms: greedy finds a trace first, which waits
// for A*; A* confirms a shortest one and wins. The result is A*'s, with
// the race's figures, and says so.
func TestRaceResult(t *testing.T) {
	members := []portfolio.Member{
		{Label: "greedy + hU", Order: "gbfs", Heuristic: "hu", Probe: 100},
		{Label: "A* + PDB", Order: "astar", Heuristic: "pdb", Shortest: true},
		{Label: "DFS", Order: "dfs"},
	}
	race := portfolio.NewRace(members, 2, true)
	runs := make([]memberRun, len(members))
	var started []portfolio.Run
	for r, ok := race.Next(); ok; r, ok = race.Next() {
		started = append(started, r)
		runs[r.Member].runs++
	}
	if len(started) != 2 {
		t.Fatalf("%d runs started, want 2", len(started))
	}
	greedy := &protocol.Result{Verdict: protocol.VerdictSatisfied, Explored: 40, Trace: &protocol.Trace{Steps: make([]protocol.TraceStep, 9)}}
	runs[0].res = greedy
	race.End(started[0], runEnd(greedy, false, started[0], members[0], 0))
	if race.Found() != 0 || race.Over() {
		t.Fatalf("after greedy's trace: found %d, over %v", race.Found(), race.Over())
	}
	if s := foundText(race, greedy); !strings.Contains(s, "greedy + hU found a trace of 9 steps, found, not yet shortest; A* + PDB search on") {
		t.Errorf("foundText = %q", s)
	}
	astar := &protocol.Result{Verdict: protocol.VerdictSatisfied, Explored: 7, Heuristic: "pdb (admissible)", Order: "x", Trace: &protocol.Trace{Steps: make([]protocol.TraceStep, 5)}}
	runs[1].res, runs[1].seconds = astar, 0.5
	if !race.End(started[1], runEnd(astar, false, started[1], members[1], 0)) {
		t.Fatal("A*'s shortest trace did not end the race")
	}
	res, failure := raceResult(race, runs, 2)
	if failure != "" || res == nil {
		t.Fatalf("raceResult: %q", failure)
	}
	p := res.Portfolio
	if res.Explored != 7 || res.Order != "" || p.Winner != 1 || p.NotShortest || p.Jobs != 2 {
		t.Errorf("result %+v, portfolio %+v", res, p)
	}
	// Greedy's trace is superseded: it lost; DFS never started.
	want := []string{"stopped", "won", "not started"}
	for i, m := range p.Members {
		if m.State != want[i] || m.Name != members[i].Name() {
			t.Errorf("member %d: %q %q, want %q %q", i, m.Name, m.State, members[i].Name(), want[i])
		}
	}
	if s := raceText(p); s != "Decided by A* + PDB (auto: 3 searches, 2 at a time)." {
		t.Errorf("raceText = %q", s)
	}
	if c := memberCells(race, 2, &runs[2]); c[0] != "not started" || c[1] != "0" || c[3] != "–" {
		t.Errorf("DFS's cells: %q", c)
	}
	if c := memberCells(race, 1, &runs[1]); c[0] != "won" || c[1] != "7" || c[2] != "14" || c[4] != "0.5 s" || c[5] != "satisfied" {
		t.Errorf("A*'s cells: %q", c)
	}
}

// No member decided: the reason of the run that stopped the race, else
// the most common one; all errors: the first member's message.
func TestRaceResultUndecided(t *testing.T) {
	members := []portfolio.Member{{Label: "a", Order: "bfs"}, {Label: "b", Order: "dfs"}}
	unknown := func(reason string) *protocol.Result {
		return &protocol.Result{Query: 3, Formula: "E<> x", Verdict: protocol.VerdictUnknown, Reason: reason}
	}
	// race plays a race of members whose runs end with runs' results, in
	// order, each read by runEnd, and returns the race's result.
	race := func(runs []memberRun) (*protocol.Result, string) {
		t.Helper()
		r := portfolio.NewRace(members, 2, false)
		for i := range runs {
			run, ok := r.Next()
			if !ok {
				t.Fatalf("run %d not started", i)
			}
			r.End(run, runEnd(runs[i].res, runs[i].failure != "", run, members[i], 0))
		}
		if !r.Over() {
			t.Fatal("the race is not over")
		}
		return raceResult(r, runs, 2)
	}
	runs := []memberRun{{failure: "the table did not fit"}, {res: unknown("memory limit")}}
	res, _ := race(runs)
	if res == nil || res.Reason != "memory limit" || res.Verdict != protocol.VerdictUnknown || res.Query != 3 || res.Portfolio.Winner != -1 {
		t.Fatalf("raceResult = %+v", res)
	}
	if s := raceText(res.Portfolio); !strings.HasPrefix(s, "No search of the auto order decided it") {
		t.Errorf("raceText = %q", s)
	}
	if res, _ := race([]memberRun{{res: unknown("memory limit")}, {res: unknown(portfolio.ReasonTime)}}); res.Reason != portfolio.ReasonTime {
		t.Errorf("stopped by the time limit: reason %q", res.Reason)
	}
	// A spent probe is no reason: the memory limit beside it is.
	probe := []portfolio.Member{{Label: "a", Order: "dfs", Probe: 10}, {Label: "b", Order: "bfs"}}
	r := portfolio.NewRace(probe, 2, false)
	r0, _ := r.Next()
	r1, _ := r.Next()
	spent := memberRun{res: unknown(portfolio.ReasonStates), probeSpent: true}
	r.End(r0, runEnd(spent.res, false, r0, probe[0], 0))
	r.End(r1, runEnd(unknown("memory limit"), false, r1, probe[1], 0))
	again, _ := r.Next()
	r.End(again, runEnd(nil, true, again, probe[0], 0))
	if res, _ := raceResult(r, []memberRun{spent, {res: unknown("memory limit")}}, 2); res.Reason != "memory limit" {
		t.Errorf("a spent probe beside a memory limit: reason %q", res.Reason)
	}
	if res, failure := race([]memberRun{{failure: "the table did not fit"}, {failure: "other"}}); res != nil || failure != "the table did not fit" {
		t.Errorf("all errors: %v, %q", res, failure)
	}
}
