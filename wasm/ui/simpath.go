// The simulator's path and delays, in words and numbers.

package main

import (
	"cmp"
	"math/bits"
	"strconv"
	"strings"

	"beeline/core/protocol"
	"beeline/wasm/ui/state"
)

// simSteps returns the first n steps of tr as the path of a /simulate
// request, each with its delay.
func simSteps(tr *protocol.Trace, n int) []protocol.SimStep {
	if tr == nil {
		return nil
	}
	n = min(n, len(tr.Steps))
	out := make([]protocol.SimStep, n)
	for k, st := range tr.Steps[:n] {
		out[k] = protocol.SimStep{Edges: st.Edges, Delay: st.Delay, Den: tr.Den}
	}
	return out
}

// contains reports whether delay num/den lies in i (exactly: the
// products are compared in 128 bits).
func contains(i *protocol.Interval, num, den int64) bool {
	if i == nil || den < 1 || i.Den < 1 || num < 0 || i.Lo < 0 || i.Hi < 0 {
		return false
	}
	if c := cmpRat(num, den, i.Lo, i.Den); c < 0 || c == 0 && i.LoStrict {
		return false
	}
	if i.HiInf {
		return true
	}
	c := cmpRat(num, den, i.Hi, i.Den)
	return c < 0 || c == 0 && !i.HiStrict
}

// cmpRat compares a/b with c/d, all of them 0 or more and b, d ≥ 1.
func cmpRat(a, b, c, d int64) int {
	h1, l1 := bits.Mul64(uint64(a), uint64(d))
	h2, l2 := bits.Mul64(uint64(c), uint64(b))
	switch {
	case h1 != h2:
		return cmp.Compare(h1, h2)
	default:
		return cmp.Compare(l1, l2)
	}
}

// earliest returns the least delay of i, or one just inside a strict
// lower end.
func earliest(i *protocol.Interval) (num, den int64) {
	if i == nil {
		return 0, 1
	}
	if !i.LoStrict {
		return i.Lo, i.Den
	}
	// Halfway to the upper end when it is close, else one unit past.
	if !i.HiInf && i.Hi-i.Lo <= i.Den {
		return 2*i.Lo + (i.Hi - i.Lo), 2 * i.Den
	}
	return i.Lo + i.Den, i.Den
}

// intervalText prints an interval of delays: "[2, 5]", "(3, ∞)", "0".
func intervalText(i *protocol.Interval) string {
	if i == nil {
		return "none"
	}
	lo := state.FormatRat(i.Lo, i.Den)
	if !i.HiInf && i.Hi == i.Lo && !i.LoStrict && !i.HiStrict {
		return lo
	}
	open, hi, end := "[", "∞", ")"
	if i.LoStrict {
		open = "("
	}
	if !i.HiInf {
		hi = state.FormatRat(i.Hi, i.Den)
		if !i.HiStrict {
			end = "]"
		}
	}
	return open + lo + ", " + hi + end
}

// choiceText describes an enabled transition: its edges, joined as a
// step of the list joins them.
func (n *names) choiceText(c protocol.SimChoice) string {
	parts := make([]string, len(c.Edges))
	for i, e := range c.Edges {
		parts[i] = n.edgeText(e)
	}
	return strings.Join(parts, " ‖ ")
}

// simTitle heads a simulated path.
func simTitle(concrete bool, steps int) string {
	mode := "symbolic"
	if concrete {
		mode = "concrete"
	}
	unit := " steps"
	if steps == 1 {
		unit = " step"
	}
	return "simulation, " + mode + " (" + strconv.Itoa(steps) + unit + ")"
}
