// Values of a trace state: clocks as time passes, rationals as text.

package state

import (
	"strconv"
	"strings"

	"beeline/core/protocol"
)

// Delays returns the trace's step delays in model time units.
func Delays(tr *protocol.Trace) []float64 {
	out := make([]float64, len(tr.Steps))
	for i, s := range tr.Steps {
		out[i] = ratio(s.Delay, tr.Den)
	}
	return out
}

func ratio(num, den int64) float64 {
	if den <= 0 {
		den = 1
	}
	return float64(num) / float64(den)
}

// Clocks returns the clock values of state pos after elapsed time units of
// its delay, one per trace clock after the reference clock (index 0).
func Clocks(tr *protocol.Trace, pos int, elapsed float64) []float64 {
	if pos < 0 || pos >= len(tr.States) {
		return nil
	}
	cs := tr.States[pos].Clocks
	var out []float64
	for i := 1; i < len(tr.Clocks) && i < len(cs); i++ {
		out = append(out, ratio(cs[i], tr.Den)+elapsed)
	}
	return out
}

// FormatRat writes num/den exactly when it is an integer or has a short
// decimal expansion, and as a fraction with its decimal otherwise.
func FormatRat(num, den int64) string {
	if den <= 0 {
		den = 1
	}
	if num%den == 0 {
		return strconv.FormatInt(num/den, 10)
	}
	g := gcd(abs(num), den)
	n, d := num/g, den/g
	if terminates(d) {
		return FormatFloat(float64(n) / float64(d))
	}
	return strconv.FormatInt(n, 10) + "/" + strconv.FormatInt(d, 10) + " ≈ " + FormatFloat(float64(n)/float64(d))
}

// FormatFloat writes v with at most three decimals and no trailing zeros.
func FormatFloat(v float64) string {
	s := strconv.FormatFloat(v, 'f', 3, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}

func terminates(d int64) bool {
	for d%2 == 0 {
		d /= 2
	}
	for d%5 == 0 {
		d /= 5
	}
	return d == 1
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	if a == 0 {
		return 1
	}
	return a
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}
