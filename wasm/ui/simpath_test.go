package main

import (
	"testing"

	"beeline/core/protocol"
)

func TestIntervals(t *testing.T) {
	closed := &protocol.Interval{Lo: 2, Hi: 5, Den: 1}
	open := &protocol.Interval{Lo: 3, Hi: 5, Den: 1, LoStrict: true}
	narrow := &protocol.Interval{Lo: 6, Hi: 7, Den: 2, LoStrict: true, HiStrict: true}
	inf := &protocol.Interval{Lo: 1, Den: 2, HiInf: true}
	point := &protocol.Interval{Den: 1}
	for _, c := range []struct {
		i    *protocol.Interval
		text string
	}{{closed, "[2, 5]"}, {open, "(3, 5]"}, {narrow, "(3, 3.5)"}, {inf, "[0.5, ∞)"}, {point, "0"}, {nil, "none"}} {
		if got := intervalText(c.i); got != c.text {
			t.Errorf("intervalText = %q, want %q", got, c.text)
		}
		if c.i == nil {
			continue
		}
		if num, den := earliest(c.i); !contains(c.i, num, den) {
			t.Errorf("earliest %d/%d of %s lies outside it", num, den, c.text)
		}
	}
	if contains(open, 3, 1) || !contains(open, 7, 2) || contains(closed, 11, 2) || !contains(inf, 1000, 1) {
		t.Error("contains is wrong at an end")
	}
}

func TestSimSteps(t *testing.T) {
	tr := &protocol.Trace{Den: 4, Steps: []protocol.TraceStep{{Delay: 2, Edges: []protocol.TraceEdge{{Process: 1}}}, {Delay: 0}}}
	got := simSteps(tr, 1)
	if len(got) != 1 || got[0].Delay != 2 || got[0].Den != 4 || got[0].Edges[0].Process != 1 {
		t.Errorf("simSteps = %+v", got)
	}
	if len(simSteps(tr, 9)) != 2 || simSteps(nil, 3) != nil {
		t.Error("simSteps does not stop at the trace's end")
	}
}
