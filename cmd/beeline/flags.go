// Flag helpers: repeated flags, byte sizes, and flags after arguments.

package main

import (
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// intList is a flag that may be given several times.
type intList []int

func (l *intList) String() string { return fmt.Sprint(*l) }

func (l *intList) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return fmt.Errorf("want a query number (0, 1, ...), got %q", s)
	}
	*l = append(*l, n)
	return nil
}

// stringList is a flag that may be given several times.
type stringList []string

func (l *stringList) String() string { return strings.Join(*l, "; ") }

func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

// byteSize is a flag for a number of bytes with an optional K, M or G
// suffix (powers of 1024).
type byteSize int64

// String says the size as Set reads it: with the largest suffix that
// divides it ("16M", "1G", "1500").
func (b *byteSize) String() string {
	n := int64(*b)
	for _, u := range []struct {
		suffix string
		size   int64
	}{{"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}} {
		if n != 0 && n%u.size == 0 {
			return strconv.FormatInt(n/u.size, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10)
}

func (b *byteSize) Set(s string) error {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(t, "B")
	mult := int64(1)
	switch {
	case strings.HasSuffix(t, "K"):
		mult, t = 1<<10, strings.TrimSuffix(t, "K")
	case strings.HasSuffix(t, "M"):
		mult, t = 1<<20, strings.TrimSuffix(t, "M")
	case strings.HasSuffix(t, "G"):
		mult, t = 1<<30, strings.TrimSuffix(t, "G")
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 0 {
		return fmt.Errorf("want a size in bytes such as 512M or 2G, got %q", s)
	}
	*b = byteSize(n * mult)
	return nil
}

// parseInterspersed parses flags that may come before, between or after
// the positional arguments, and returns the positional ones.
func parseInterspersed(fl *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fl.Parse(args); err != nil {
			return nil, err
		}
		rest := fl.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// perMinute is a flag for a rate: "30" or "30/min" a minute, "600/h" an
// hour; its value is per minute.
type perMinute float64

func (p *perMinute) String() string {
	return strconv.FormatFloat(float64(*p), 'g', -1, 64) + "/min"
}

func (p *perMinute) Set(s string) error {
	num, unit, _ := strings.Cut(strings.TrimSpace(s), "/")
	per := 1.0
	switch strings.ToLower(unit) {
	case "", "min", "m":
	case "h", "hour":
		per = 60
	case "s", "sec":
		per = 1.0 / 60
	default:
		return fmt.Errorf("a rate is N, N/min or N/h, not %q", s)
	}
	n, err := strconv.ParseFloat(num, 64)
	if err != nil || n < 0 || math.IsInf(n, 0) || math.IsNaN(n) {
		return fmt.Errorf("a rate is a number, 0 or more, not %q", num)
	}
	*p = perMinute(n / per)
	return nil
}
