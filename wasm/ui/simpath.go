// The simulator's path and delays, in words and numbers.

package main

import (
	"errors"
	"math/big"
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

// parseDelay reads a delay typed by the user: "3", "2.5" or "5/2". An
// empty field means 0.
func parseDelay(s string) (num, den int64, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, 1, nil
	}
	r, ok := new(big.Rat).SetString(s)
	switch {
	case !ok:
		return 0, 0, errors.New("a delay is a number such as 3, 2.5 or 5/2")
	case r.Sign() < 0:
		return 0, 0, errors.New("a delay is 0 or more")
	case !r.Num().IsInt64() || !r.Denom().IsInt64() || r.Denom().Int64() > 1<<20 || r.Num().Int64() > 1<<40:
		return 0, 0, errors.New("that delay is too large or too fine")
	}
	return r.Num().Int64(), r.Denom().Int64(), nil
}

// contains reports whether delay num/den lies in i (exactly, in
// rationals).
func contains(i *protocol.Interval, num, den int64) bool {
	if i == nil || den < 1 || i.Den < 1 {
		return false
	}
	v := big.NewRat(num, den)
	if c := v.Cmp(big.NewRat(i.Lo, i.Den)); c < 0 || c == 0 && i.LoStrict {
		return false
	}
	if i.HiInf {
		return true
	}
	c := v.Cmp(big.NewRat(i.Hi, i.Den))
	return c < 0 || c == 0 && !i.HiStrict
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
