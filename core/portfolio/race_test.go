package portfolio

import (
	"reflect"
	"testing"
)

// three is a race's members: a probing blind one, a shortest one and a
// greedy one.
var three = []Member{
	{Label: "dfs", Order: "dfs", Probe: 100},
	{Label: "astar", Order: "astar", Heuristic: "pdb", Shortest: true},
	{Label: "greedy", Order: "gbfs", Heuristic: "hu"},
}

// step is one event of a scripted race: a run ends as end says.
type step struct {
	member int
	end    End
}

// play runs the race with every run that Next hands out ending in the
// order of the script, and returns the runs started and the states.
func play(t *testing.T, r *Race, script []step) []Run {
	t.Helper()
	var started []Run
	running := map[int]Run{}
	next := func() {
		for run, ok := r.Next(); ok; run, ok = r.Next() {
			started = append(started, run)
			running[run.Member] = run
		}
	}
	next()
	for _, s := range script {
		run, ok := running[s.member]
		if !ok {
			t.Fatalf("member %d ends but does not run (runs %v)", s.member, started)
		}
		delete(running, s.member)
		if r.End(run, s.end) {
			return started
		}
		r.Obsolete()
		next()
	}
	return started
}

func states(r *Race) []State {
	var out []State
	for i := range r.Members() {
		out = append(out, r.State(i))
	}
	return out
}

func TestRace(t *testing.T) {
	decided := End{How: Decided}
	trace := func(depth int32, shortest bool) End {
		return End{How: Decided, Trace: true, Shortest: shortest, Depth: depth}
	}
	tests := []struct {
		name     string
		slots    int
		shortest bool
		script   []step
		runs     []Run
		winner   int
		states   []State
		notShort bool
	}{
		{name: "the first decided verdict wins and the others stop", slots: 2,
			script: []step{{1, decided}},
			runs:   []Run{{0, 100}, {1, 0}}, winner: 1, states: []State{Lost, Won, Unstarted}},
		{name: "a spent probe queues the member behind the others", slots: 2,
			script: []step{{0, End{How: ProbeSpent}}, {1, End{How: Failed}}, {2, decided}},
			runs:   []Run{{0, 100}, {1, 0}, {2, 0}, {0, 0}}, winner: 2, states: []State{Lost, Dropped, Won}},
		{name: "one slot runs the members one after another", slots: 1,
			script: []step{{0, End{How: ProbeSpent}}, {1, End{How: Failed}}, {2, End{How: Failed}}, {0, decided}},
			runs:   []Run{{0, 100}, {1, 0}, {2, 0}, {0, 0}}, winner: 0, states: []State{Won, Dropped, Dropped}},
		{name: "a budget of the race ends it undecided", slots: 3,
			script: []step{{2, End{How: Stopped}}},
			runs:   []Run{{0, 100}, {1, 0}, {2, 0}}, winner: -1, states: []State{Lost, Lost, Lost}},
		{name: "every member failing ends it undecided", slots: 3,
			script: []step{{0, End{How: Failed}}, {1, End{How: Failed}}, {2, End{How: Failed}}},
			runs:   []Run{{0, 100}, {1, 0}, {2, 0}}, winner: -1, states: []State{Dropped, Dropped, Dropped}},
		{name: "shortest: a trace that is not shortest waits for a shortest member", slots: 3, shortest: true,
			script: []step{{2, trace(9, false)}, {0, End{How: Stopped}}, {1, trace(7, true)}},
			runs:   []Run{{0, 100}, {1, 0}, {2, 0}}, winner: 1, states: []State{Lost, Won, Lost}},
		{name: "shortest: with no shortest member left, the trace found stands", slots: 3, shortest: true,
			script: []step{{2, trace(9, false)}, {0, End{How: Stopped}}, {1, End{How: Failed}}},
			runs:   []Run{{0, 100}, {1, 0}, {2, 0}}, winner: 2, states: []State{Lost, Dropped, Found}, notShort: true},
		{name: "shortest: a proof needs no trace", slots: 3, shortest: true,
			script: []step{{0, decided}},
			runs:   []Run{{0, 100}, {1, 0}, {2, 0}}, winner: 0, states: []State{Won, Lost, Lost}},
		{name: "shortest: members waiting that cannot confirm are not started", slots: 1, shortest: true,
			script: []step{{0, trace(5, false)}, {1, End{How: Failed}}},
			runs:   []Run{{0, 100}, {1, 0}}, winner: 0, states: []State{Found, Dropped, Unstarted}, notShort: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := NewRace(three, tc.slots, tc.shortest)
			runs := play(t, r, tc.script)
			if !reflect.DeepEqual(runs, tc.runs) {
				t.Errorf("runs %v, want %v", runs, tc.runs)
			}
			if !r.Over() {
				t.Fatal("the race is not over")
			}
			if w := r.Winner(); w != tc.winner {
				t.Errorf("winner %d, want %d", w, tc.winner)
			}
			if got := states(r); !reflect.DeepEqual(got, tc.states) {
				t.Errorf("states %v, want %v", got, tc.states)
			}
			if r.NotShortest() != tc.notShort {
				t.Errorf("NotShortest %v, want %v", r.NotShortest(), tc.notShort)
			}
		})
	}
}

// TestObsolete: once a trace that is not shortest is found, the members
// running that cannot confirm it are to be stopped, and their ends
// change nothing.
func TestObsolete(t *testing.T) {
	r := NewRace(three, 3, true)
	var runs []Run
	for run, ok := r.Next(); ok; run, ok = r.Next() {
		runs = append(runs, run)
	}
	if r.End(runs[2], End{How: Decided, Trace: true, Depth: 4}) {
		t.Fatal("a trace that is not shortest ended the race")
	}
	if got := r.Obsolete(); !reflect.DeepEqual(got, []int{0}) {
		t.Fatalf("Obsolete %v, want [0]", got)
	}
	if r.Found() != 2 {
		t.Errorf("Found %d, want 2", r.Found())
	}
	if r.End(runs[0], End{How: Stopped}) {
		t.Fatal("the end of a member the race stopped ended it")
	}
	if !r.End(runs[1], End{How: Decided, Trace: true, Shortest: true, Depth: 3}) || r.Winner() != 1 {
		t.Fatalf("winner %d, want the shortest member 1", r.Winner())
	}
}

func TestMembers(t *testing.T) {
	for _, shortest := range []bool{false, true} {
		ms := Members(shortest)
		names := map[string]bool{}
		anyShortest := false
		for _, m := range ms {
			if names[m.Name()] {
				t.Errorf("member %s twice", m.Name())
			}
			names[m.Name()] = true
			anyShortest = anyShortest || m.Shortest
		}
		if shortest && !ms[1].Shortest {
			t.Errorf("shortest: the second member %s does not guarantee a shortest trace", ms[1].Label)
		}
		if !anyShortest {
			t.Errorf("shortest=%v: no member guarantees a shortest trace", shortest)
		}
	}
}

// TestHeadStart: a cheap first member stores HeadStart states alone;
// then it runs on with its probe and the others start beside it.
func TestHeadStart(t *testing.T) {
	members := []Member{
		{Label: "greedy", Order: "gbfs", Heuristic: "hu", Probe: 50_000},
		{Label: "astar", Order: "astar", Heuristic: "pdb", Shortest: true},
		{Label: "dfs", Order: "dfs", Probe: 50_000},
	}
	r := NewRace(members, 2, false)
	runs := play(t, r, []step{{0, End{How: ProbeSpent}}, {1, End{How: Failed}}, {0, End{How: Decided}}})
	want := []Run{{0, HeadStart}, {0, 50_000}, {1, 0}, {2, 50_000}}
	if !reflect.DeepEqual(runs, want) {
		t.Errorf("runs %v, want %v", runs, want)
	}
	if r.Winner() != 0 {
		t.Errorf("winner %d, want 0", r.Winner())
	}
	r = NewRace(members, 2, false)
	if runs := play(t, r, []step{{0, End{How: Decided}}}); !reflect.DeepEqual(runs, []Run{{0, HeadStart}}) {
		t.Errorf("a head start that decides: runs %v, want only it", runs)
	}
}

// TestReason: an undecided race gives the reason of the run that
// stopped it, else the one most failed members gave, never a spent
// probe's or an error's.
func TestReason(t *testing.T) {
	r := NewRace(three, 3, false)
	play(t, r, []step{{0, End{How: ProbeSpent}}, {1, End{How: Failed}}, {2, End{How: Failed, Reason: ReasonMemory}}, {0, End{How: Failed, Reason: ReasonStates}}})
	if got := r.Reason(); got != ReasonStates {
		t.Errorf("reason %q, want the first member's of the tied failures, %q", got, ReasonStates)
	}
	r = NewRace(three, 3, false)
	play(t, r, []step{{2, End{How: Failed, Reason: ReasonMemory}}, {1, End{How: Stopped, Reason: ReasonTime}}})
	if got := r.Reason(); got != ReasonTime {
		t.Errorf("reason %q, want the stopping run's, %q", got, ReasonTime)
	}
}
