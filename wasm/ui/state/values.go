// Values of a trace state: clocks as time passes, rationals as text.

package state

import (
	"errors"
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

// ParseRat reads a delay typed by the user, FormatRat's inverse: "3", "2.5" or "5/2". An
// empty field means 0.
func ParseRat(s string) (num, den int64, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, 1, nil
	}
	bad := errors.New("a delay is a number such as 3, 2.5 or 5/2")
	if strings.HasPrefix(s, "-") {
		return 0, 0, errors.New("a delay is 0 or more")
	}
	whole, frac, dot := strings.Cut(s, ".")
	top, bottom, slash := strings.Cut(s, "/")
	switch {
	case slash && !dot:
		num, err1 := strconv.ParseUint(top, 10, 40)
		den, err2 := strconv.ParseUint(bottom, 10, 20)
		if err1 != nil || err2 != nil || den == 0 {
			return 0, 0, bad
		}
		return reduce(int64(num), int64(den))
	case dot && !slash && len(frac) <= 6 && whole+frac != "":
		den := int64(1)
		for range frac {
			den *= 10
		}
		w, err1 := parseDigits(whole)
		f, err2 := parseDigits(frac)
		if err1 != nil || err2 != nil || w > 1<<40 {
			return 0, 0, bad
		}
		return reduce(w*den+f, den)
	case !dot && !slash:
		n, err := strconv.ParseUint(s, 10, 40)
		if err != nil {
			return 0, 0, bad
		}
		return int64(n), 1, nil
	}
	return 0, 0, bad
}

// parseDigits reads a run of decimal digits; "" is 0.
func parseDigits(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	n, err := strconv.ParseUint(s, 10, 41)
	return int64(n), err
}

// reduce writes num/den in lowest terms.
func reduce(num, den int64) (int64, int64, error) {
	g := gcd(num, den)
	return num / g, den / g, nil
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
