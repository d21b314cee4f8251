// The simulator's route: replay a path, extend it at random, offer the
// next transitions.

package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"beeline/core/model"
	"beeline/core/present"
	"beeline/core/protocol"
	"beeline/core/search"
	"beeline/core/zone"
)

// MaxRandomSteps bounds the random steps one /simulate request takes.
const MaxRandomSteps = 10000

// Bounds of a step's delay, Delay/Den time units: wider ones would
// overflow the simulator's common denominator.
const (
	maxDen   = 1 << 24
	maxDelay = 1 << 40
)

// simulate answers POST /simulate: it replays req.Sim's path from the
// initial state, takes up to Random random steps after it, and sends one
// FrameSim with the path and the transitions enabled at its end. A step
// that cannot be taken ends the path there, with the reason in the
// frame's Error; a model with errors gets the FrameError of /parse.
//
// A simulation runs under the request's budgets as a check does: its
// time (and the request's, and its client's leaving), its states (the
// path's length, replayed steps and random ones together) and its
// memory. A budget that stops it ends the path where it stopped, and the
// frame's Error says which.
func (h *handler) simulate(ctx context.Context, s *stream, req *protocol.Request) {
	sr := req.Sim
	if sr == nil {
		sr = &protocol.SimRequest{}
	}
	if sr.Random < 0 || sr.Random > MaxRandomSteps {
		s.fail(fmt.Sprintf("a random run takes from 0 to %d steps at a time, not %d", MaxRandomSteps, sr.Random))
		return
	}
	vopts, err := h.verifyOptions(req.Options)
	if err != nil {
		s.fail(err.Error())
		return
	}
	l, _, ok := h.load(s, req, false)
	if !ok {
		return
	}
	if vopts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, vopts.Timeout)
		defer cancel()
	}
	g, err := zone.New(l.Net, zone.Options{Extrapolation: zone.ExtraNone})
	if err != nil {
		s.fail(err.Error())
		return
	}
	sim, err := g.NewSimulator(sr.Concrete)
	if err != nil {
		s.fail(err.Error())
		return
	}
	b := newSimBudget(ctx, vopts.MaxStates, vopts.MaxMemory)
	sim.SetInterrupt(b.interrupted)
	out := &protocol.Simulation{}
	out.Error = replay(sim, l.Net, sr, b)
	if out.Error == "" && sr.Random > 0 {
		seed := req.Options.Seed
		out.Error = walk(sim, sr.Random, rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), b)
	}
	if ctx.Err() == context.Canceled {
		return
	}
	b.finishing()
	h.offer(s, sim, sr.Concrete, out)
}

// offer completes out with the transitions enabled at the path's end
// and the path itself, and sends it.
func (h *handler) offer(s *stream, sim *zone.Simulator, concrete bool, out *protocol.Simulation) {
	choices, err := sim.Enabled()
	if err != nil && out.Error == "" {
		out.Error = err.Error()
	}
	for _, c := range choices {
		sc := protocol.SimChoice{Edges: present.Edges(c.Transition)}
		if concrete {
			sc.When = interval(c.When)
		}
		out.Enabled = append(out.Enabled, sc)
	}
	if concrete {
		out.Wait = interval(sim.Wait())
	}
	tr, err := sim.Trace()
	if err != nil {
		s.fail(err.Error())
		return
	}
	out.Trace = present.BuildTrace(tr)
	s.send(&protocol.Frame{Kind: protocol.FrameSim, Sim: out})
}

// replay takes the request's steps, and says why it stopped when one is
// malformed or cannot be taken, or a budget stops it ("" when every step
// was taken). Each step is checked against the network before any of its
// numbers is converted.
func replay(sim *zone.Simulator, net *model.Network, sr *protocol.SimRequest, b *simBudget) string {
	for k, st := range sr.Steps {
		if why := b.exceeded(sim.Len()); why != "" {
			return fmt.Sprintf("the path stopped before step %d: %s", k+1, why)
		}
		if err := checkStep(net, st); err != nil {
			return fmt.Sprintf("step %d: %v", k+1, err)
		}
		label := present.Transition(st.Edges).Label()
		var err error
		if sr.Concrete {
			err = sim.TakeAfter(st.Delay, max(st.Den, 1), label)
		} else {
			err = sim.Take(label)
		}
		if why := b.exceeded(sim.Len()); why != "" && err != nil {
			return fmt.Sprintf("the path stopped at step %d: %s", k+1, why)
		}
		if err != nil {
			return fmt.Sprintf("step %d: %v", k+1, err)
		}
	}
	return ""
}

// walk takes up to n random steps, one at a time so that the budgets are
// asked between them, and says why it stopped early ("" when it took
// them all or reached a state with no transition).
func walk(sim *zone.Simulator, n int, rng *rand.Rand, b *simBudget) string {
	for k := range n {
		if why := b.exceeded(sim.Len()); why != "" {
			return fmt.Sprintf("the random run stopped after %d of %d steps: %s", k, n, why)
		}
		took, err := sim.Random(1, rng)
		if why := b.exceeded(sim.Len()); why != "" && err != nil {
			return fmt.Sprintf("the random run stopped after %d of %d steps: %s", k, n, why)
		}
		if err != nil {
			return err.Error()
		}
		if took == 0 {
			return ""
		}
	}
	return ""
}

// memSteps is how often, in states of the path, a simulation reads its
// memory (a reading stops the world; a state holds a few zones).
const memSteps = 64

// simBudget is a simulation's budgets: its context (time and
// cancellation), the states of its path, and the memory it may grow by.
type simBudget struct {
	ctx       context.Context
	deadline  time.Time
	grace     time.Time // set by finishing
	maxStates int64
	maxMemory int64
	baseMem   int64
}

func newSimBudget(ctx context.Context, maxStates, maxMemory int64) *simBudget {
	b := &simBudget{ctx: ctx, maxStates: maxStates, maxMemory: maxMemory, baseMem: memInUse()}
	b.deadline, _ = ctx.Deadline()
	return b
}

// timeUp reports whether the simulation's time ran out or its client
// left. The clock is read as well as the context: under js/wasm the
// context's timer fires only when the computation yields.
func (b *simBudget) timeUp() bool {
	if !b.grace.IsZero() {
		return b.ctx.Err() == context.Canceled || !time.Now().Before(b.grace)
	}
	return b.ctx.Err() != nil || (!b.deadline.IsZero() && !time.Now().Before(b.deadline))
}

// finishGrace is the time the presentation of a path (the transitions
// enabled at its end, its trace) may take past the simulation's time.
const finishGrace = time.Second

// finishing gives what follows finishGrace from now, whatever time is
// left: a run the time stopped still shows the path it took, and the
// transitions enabled at its end (under 1 ms, the time ran out while
// they were computed, and the answer was an error instead). A client
// that leaves still stops it.
func (b *simBudget) finishing() { b.grace = time.Now().Add(finishGrace) }

// interrupted is the simulator's poll inside a long computation of the
// model's code.
func (b *simBudget) interrupted() bool { return b.timeUp() }

// exceeded says which budget a path of states states has passed, in the
// search's words ("time limit", "state limit", "memory limit"), or "".
func (b *simBudget) exceeded(states int) string {
	switch {
	case b.timeUp():
		if b.ctx.Err() == context.Canceled {
			return search.ReasonCancelled
		}
		return search.ReasonTime
	case b.maxStates > 0 && int64(states) >= b.maxStates:
		return fmt.Sprintf("%s (%d states)", search.ReasonStates, b.maxStates)
	case b.maxMemory > 0 && states%memSteps == 0 && memInUse()-b.baseMem > b.maxMemory:
		return fmt.Sprintf("%s (%s)", search.ReasonMemory, sizeText(b.maxMemory))
	}
	return ""
}

// checkStep checks a step's edges against the network: a process, an
// edge of that process, as many select values as the edge binds, each in
// its range; and a delay the simulator can count. The error names what
// was asked.
func checkStep(net *model.Network, st protocol.SimStep) error {
	if len(st.Edges) == 0 {
		return fmt.Errorf("the step has no edge")
	}
	if st.Den < 0 || st.Den > maxDen || st.Delay < 0 || st.Delay > maxDelay {
		return fmt.Errorf("a delay is a number of time units, 0 or more and at most %d, over a denominator from 1 to %d; not %d/%d", int64(maxDelay), maxDen, st.Delay, st.Den)
	}
	for _, e := range st.Edges {
		if err := checkEdge(net, e); err != nil {
			return err
		}
	}
	return nil
}

// checkEdge checks one edge of a step against the network.
func checkEdge(net *model.Network, e protocol.TraceEdge) error {
	if e.Process < 0 || e.Process >= len(net.Processes) {
		return fmt.Errorf("there is no process %d: the model has %d (numbered from 0)", e.Process, len(net.Processes))
	}
	p := net.Processes[e.Process]
	if e.Edge < 0 || e.Edge >= len(p.Edges) {
		return fmt.Errorf("process %s has no edge %d: it has %d (numbered from 0)", p.Name, e.Edge, len(p.Edges))
	}
	edge := p.Edges[e.Edge]
	if len(e.Select) != len(edge.Select) {
		return fmt.Errorf("edge %d of %s binds %d select values, not %d", e.Edge, p.Name, len(edge.Select), len(e.Select))
	}
	for i, b := range edge.Select {
		if v := e.Select[i]; v < b.Lo || v > b.Hi {
			return fmt.Errorf("edge %d of %s: %s is from %d to %d, not %d", e.Edge, p.Name, b.Name, b.Lo, b.Hi, v)
		}
	}
	return nil
}

// interval converts a zone.Interval for the wire; nil when it is empty.
func interval(i zone.Interval) *protocol.Interval {
	if i.Empty {
		return nil
	}
	return &protocol.Interval{Lo: i.Lo, Hi: i.Hi, Den: i.Den, LoStrict: i.LoStrict, HiStrict: i.HiStrict, HiInf: i.HiInf}
}
