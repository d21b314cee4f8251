// The simulator's route: replay a path, extend it at random, offer the
// next transitions.

package engine

import (
	"context"
	"fmt"
	"math/rand/v2"

	"beeline/core/present"
	"beeline/core/protocol"
	"beeline/core/zone"
)

// MaxRandomSteps bounds the random steps one /simulate request takes.
const MaxRandomSteps = 10000

// simulate answers POST /simulate: it replays req.Sim's path from the
// initial state, takes up to Random random steps after it, and sends one
// FrameSim with the path and the transitions enabled at its end. A step
// that cannot be taken ends the path there, with the reason in the
// frame's Error; a model with errors gets the FrameError of /parse.
func (h *handler) simulate(_ context.Context, s *stream, req *protocol.Request) {
	sr := req.Sim
	if sr == nil {
		sr = &protocol.SimRequest{}
	}
	if sr.Random < 0 || sr.Random > MaxRandomSteps {
		s.fail(fmt.Sprintf("a random run takes from 0 to %d steps at a time, not %d", MaxRandomSteps, sr.Random))
		return
	}
	l, _, ok := h.load(s, req, false)
	if !ok {
		return
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
	out := &protocol.Simulation{}
	for k, st := range sr.Steps {
		label := present.Transition(st.Edges).Label()
		if sr.Concrete {
			err = sim.TakeAfter(st.Delay, max(st.Den, 1), label)
		} else {
			err = sim.Take(label)
		}
		if err != nil {
			out.Error = fmt.Sprintf("step %d: %v", k+1, err)
			break
		}
	}
	if out.Error == "" && sr.Random > 0 {
		seed := req.Options.Seed
		if _, err := sim.Random(sr.Random, rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))); err != nil {
			out.Error = err.Error()
		}
	}
	choices, err := sim.Enabled()
	if err != nil && out.Error == "" {
		out.Error = err.Error()
	}
	for _, c := range choices {
		sc := protocol.SimChoice{Edges: present.Edges(c.Transition)}
		if sr.Concrete {
			sc.When = interval(c.When)
		}
		out.Enabled = append(out.Enabled, sc)
	}
	if sr.Concrete {
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

// interval converts a zone.Interval for the wire; nil when it is empty.
func interval(i zone.Interval) *protocol.Interval {
	if i.Empty {
		return nil
	}
	return &protocol.Interval{Lo: i.Lo, Hi: i.Hi, Den: i.Den, LoStrict: i.LoStrict, HiStrict: i.HiStrict, HiInf: i.HiInf}
}
