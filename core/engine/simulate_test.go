package engine

import (
	"slices"
	"strings"
	"testing"
	"time"

	"beeline/core/job"
	"beeline/core/protocol"
)

func simulateReq(t *testing.T, sr *protocol.SimRequest) *protocol.Request {
	return &protocol.Request{Version: protocol.Version, Name: "fischer-broken.xml",
		Model: readModel(t, "../../testdata/models/fischer-broken.xml"), Sim: sr}
}

// simulate posts a /simulate request and returns its one FrameSim.
func simulateFrame(t *testing.T, sr *protocol.SimRequest) *protocol.Simulation {
	t.Helper()
	code, frames := post(t, New(Options{}), "/simulate", simulateReq(t, sr))
	k := kinds(frames)
	if code != 200 || len(k[protocol.FrameSim]) != 1 || len(k[protocol.FrameModel]) != 0 || len(k[protocol.FrameError]) != 0 {
		t.Fatalf("status %d, frames by kind %v", code, k)
	}
	return k[protocol.FrameSim][0].Sim
}

// The counterexample of a check opens in the simulator: its steps replay
// symbolically and with their delays, reach the same states, and the
// simulator goes on from the last one.
func TestSimulateTraceOfCheck(t *testing.T) {
	_, frames := post(t, New(Options{}), "/check", &protocol.Request{Version: protocol.Version, Name: "fischer-broken.xml",
		Model: readModel(t, "../../testdata/models/fischer-broken.xml"), Queries: []int{0}, Options: protocol.Options{Trace: "shortest"}})
	res := kinds(frames)[protocol.FrameResult][0].Result
	if res.Trace == nil {
		t.Fatal("no counterexample")
	}
	for _, concrete := range []bool{false, true} {
		sr := &protocol.SimRequest{Concrete: concrete}
		for _, st := range res.Trace.Steps {
			sr.Steps = append(sr.Steps, protocol.SimStep{Edges: st.Edges, Delay: st.Delay, Den: res.Trace.Den})
		}
		sim := simulateFrame(t, sr)
		if sim.Error != "" {
			t.Fatalf("concrete=%v: %s", concrete, sim.Error)
		}
		if len(sim.Trace.States) != len(res.Trace.States) {
			t.Fatalf("concrete=%v: %d states, want the trace's %d", concrete, len(sim.Trace.States), len(res.Trace.States))
		}
		for k, st := range sim.Trace.States {
			if !slices.Equal(st.Locs, res.Trace.States[k].Locs) || !slices.Equal(st.Vars, res.Trace.States[k].Vars) {
				t.Errorf("concrete=%v: state %d differs from the trace's", concrete, k)
			}
		}
		if concrete && (sim.Wait == nil || len(sim.Enabled) == 0 || sim.Enabled[0].When == nil) {
			t.Errorf("concrete: wait %+v, enabled %+v: want delays", sim.Wait, sim.Enabled)
		}
		if !concrete && (sim.Wait != nil || len(sim.Enabled) == 0 || sim.Enabled[0].When != nil) {
			t.Errorf("symbolic: wait %+v, enabled %+v", sim.Wait, sim.Enabled)
		}
		// One more step, the first offered.
		delay, den := earliest(sim.Enabled[0].When)
		sr.Steps = append(sr.Steps, protocol.SimStep{Edges: sim.Enabled[0].Edges, Delay: delay, Den: den})
		if more := simulateFrame(t, sr); more.Error != "" || len(more.Trace.States) != len(res.Trace.States)+1 {
			t.Errorf("concrete=%v: going on from the trace's end: %d states, %q", concrete, len(more.Trace.States), more.Error)
		}
	}
}

// earliest returns a delay of i near its start (0 for no interval).
func earliest(i *protocol.Interval) (num, den int64) {
	if i == nil {
		return 0, 1
	}
	if i.LoStrict {
		return 2*i.Lo + 1, 2 * i.Den
	}
	return i.Lo, i.Den
}

// A step that cannot be taken ends the path before it and says why; a
// random run goes on from the path; a random run too long is refused.
func TestSimulateRefusals(t *testing.T) {
	start := simulateFrame(t, &protocol.SimRequest{})
	if len(start.Trace.States) != 1 || len(start.Enabled) == 0 {
		t.Fatalf("initial state: %d states, %d enabled", len(start.Trace.States), len(start.Enabled))
	}
	first := start.Enabled[0].Edges
	bad := []protocol.TraceEdge{{Process: 99, Edge: 0}}
	sim := simulateFrame(t, &protocol.SimRequest{Steps: []protocol.SimStep{{Edges: first}, {Edges: bad}, {Edges: first}}})
	if len(sim.Trace.States) != 2 || sim.Error != "step 2: there is no process 99: the model has 4 (numbered from 0)" {
		t.Errorf("a bad second step: %d states, error %q", len(sim.Trace.States), sim.Error)
	}
	sim = simulateFrame(t, &protocol.SimRequest{Concrete: true, Steps: []protocol.SimStep{{Edges: first, Delay: -1, Den: 1}}})
	if len(sim.Trace.States) != 1 || !strings.Contains(sim.Error, "0 or more") {
		t.Errorf("a negative delay: %d states, error %q", len(sim.Trace.States), sim.Error)
	}
	sim = simulateFrame(t, &protocol.SimRequest{Steps: []protocol.SimStep{{Edges: first}}, Random: 25})
	if sim.Error != "" || len(sim.Trace.States) != 27 || sim.Trace.Steps[0].Edges[0].Process != first[0].Process || sim.Trace.Steps[0].Edges[0].Edge != first[0].Edge {
		t.Errorf("a random run of 25 after one step: %d states, error %q", len(sim.Trace.States), sim.Error)
	}
	again := simulateFrame(t, &protocol.SimRequest{Steps: []protocol.SimStep{{Edges: first}}, Random: 25})
	if !slices.EqualFunc(sim.Trace.States, again.Trace.States, func(a, b protocol.TraceState) bool { return slices.Equal(a.Locs, b.Locs) }) {
		t.Error("the same seed gives another random run")
	}
	_, frames := post(t, New(Options{}), "/simulate", simulateReq(t, &protocol.SimRequest{Random: MaxRandomSteps + 1}))
	if k := kinds(frames); len(k[protocol.FrameError]) != 1 || len(k[protocol.FrameSim]) != 0 {
		t.Errorf("a random run of %d steps was not refused", MaxRandomSteps+1)
	}
}

// expectSimError checks that a /simulate request with steps stops before
// its first step, with the error want.
func expectSimError(t *testing.T, steps []protocol.SimStep, want string) {
	t.Helper()
	sim := simulateFrame(t, &protocol.SimRequest{Steps: steps})
	if len(sim.Trace.States) != 1 || sim.Error != want {
		t.Errorf("%d states, error %q; want 1 and %q", len(sim.Trace.States), sim.Error, want)
	}
}

// Every number of a step is checked against its range before it is
// converted (2^32 and 2^62 once became edge 0), and an error names what
// was asked, not what a misread label decoded to.
func TestSimulateIndices(t *testing.T) {
	start := simulateFrame(t, &protocol.SimRequest{})
	first := start.Enabled[0].Edges[0]
	net := job.Load(job.File{Name: "f.xml", Data: readModel(t, "../../testdata/models/fischer-broken.xml")}).Net
	name, edges, procs := net.Processes[first.Process].Name, len(net.Processes[first.Process].Edges), len(net.Processes)
	if edges != 5 || procs != 4 || first.Edge != 0 {
		t.Fatalf("the test expects 4 processes of 5 edges, and the first choice an edge 0; the model has %d of %d, and edge %d", procs, edges, first.Edge)
	}
	edge := func(p, e int, sel ...int32) []protocol.SimStep {
		return []protocol.SimStep{{Edges: []protocol.TraceEdge{{Process: p, Edge: e, Select: sel}}}}
	}
	for _, tc := range []struct {
		name  string
		steps []protocol.SimStep
		want  string
	}{
		{"edge 2^62", edge(first.Process, 1<<62), "step 1: process " + name + " has no edge 4611686018427387904: it has 5 (numbered from 0)"},
		{"edge 2^32", edge(first.Process, 1<<32), "step 1: process " + name + " has no edge 4294967296: it has 5 (numbered from 0)"},
		{"edge -1", edge(first.Process, -1), "step 1: process " + name + " has no edge -1: it has 5 (numbered from 0)"},
		{"process 2^32", edge(1<<32, 0), "step 1: there is no process 4294967296: the model has 4 (numbered from 0)"},
		{"process -1", edge(-1, 0), "step 1: there is no process -1: the model has 4 (numbered from 0)"},
		// Select values the edge does not bind once read as a second
		// edge, of process 2.
		{"select values not bound", edge(first.Process, first.Edge, 2, 0), "step 1: edge 0 of " + name + " binds 0 select values, not 2"},
		{"no edge", []protocol.SimStep{{}}, "step 1: the step has no edge"},
		{"denominator 2^62", []protocol.SimStep{{Edges: []protocol.TraceEdge{first}, Den: 1 << 62}},
			"step 1: a delay is a number of time units, 0 or more and at most 1099511627776, over a denominator from 1 to 16777216; not 0/4611686018427387904"},
	} {
		t.Run(tc.name, func(t *testing.T) { expectSimError(t, tc.steps, tc.want) })
	}
}

// A random run is under the request's budgets: its states (the path's
// length) and its time; a run the budget stops keeps the path it took
// and says why.
func TestSimulateBudgets(t *testing.T) {
	req := simulateReq(t, &protocol.SimRequest{Random: MaxRandomSteps})
	req.Options.MaxStates = 40
	_, frames := post(t, New(Options{}), "/simulate", req)
	sim := kinds(frames)[protocol.FrameSim][0].Sim
	if len(sim.Trace.States) != 40 || sim.Error != "the random run stopped after 39 of 10000 steps: state limit (40 states)" {
		t.Errorf("under 40 states: %d states, error %q", len(sim.Trace.States), sim.Error)
	}
	_, frames = post(t, New(Options{MaxStates: 25}), "/simulate", simulateReq(t, &protocol.SimRequest{Random: MaxRandomSteps}))
	if sim := kinds(frames)[protocol.FrameSim][0].Sim; len(sim.Trace.States) != 25 {
		t.Errorf("under the server's ceiling of 25 states: %d states, error %q", len(sim.Trace.States), sim.Error)
	}
	_, frames = post(t, New(Options{MaxTimeout: time.Millisecond}), "/simulate", simulateReq(t, &protocol.SimRequest{Random: MaxRandomSteps}))
	sim = kinds(frames)[protocol.FrameSim][0].Sim
	if len(sim.Trace.States) > MaxRandomSteps || !strings.HasSuffix(sim.Error, "steps: time limit") {
		t.Errorf("under 1 ms: %d states, error %q", len(sim.Trace.States), sim.Error)
	}
}
