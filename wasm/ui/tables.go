// Precomputed heuristic tables as the page keeps and words them: cache
// keys, sizes, the heuristic to fall back on, and proofs.

package main

import (
	"strconv"
	"strings"

	"beeline/core/protocol"
)

// tableFormat versions the page's cache of tables. Bump it when the
// engine's tables change incompatibly, so that old entries are no longer
// found; an entry that slips through is refused by the engine in plain
// words, and the page then drops it and computes the table again.
const tableFormat = 2

// tableKey is the cache key of a table: what the engine's table records
// it was made for (the model, the query, the heuristic with its options),
// and the cache's format. modelHash is the hex SHA-256 of the model's
// bytes; formula the query as the page lists it; heuristic the option's
// wire form ("pdb", "pdb:select=rd").
func tableKey(modelHash, formula, heuristic string) string {
	return "v" + strconv.Itoa(tableFormat) + " " + modelHash + " " + heuristic + " " + formula
}

// sizeText writes a byte count for people: "740 bytes", "305 KiB",
// "1.2 MiB".
func sizeText(n int64) string {
	switch {
	case n >= 1<<20:
		return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB"
	case n >= 1<<10:
		return strconv.FormatInt((n+1<<9)>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// precomputes returns the catalog entry of the heuristic o directs its
// search with, when it precomputes a table; nil otherwise (a blind
// order, or a heuristic without a table).
func precomputes(c *protocol.Catalog, o protocol.Options) *protocol.Choice {
	if !directed(c, string(o.Order)) || o.Heuristic.IsZero() {
		return nil
	}
	if h := choice(c.Heuristics, o.Heuristic.Name); h != nil && h.Precomputes {
		return h
	}
	return nil
}

// fallback is the heuristic to go on with when the table of the one
// named could not be made: the catalog's suggestion if it precomputes
// nothing, else the first admissible one that does not, else any that
// does not; "" when there is none.
func fallback(c *protocol.Catalog, name string) string {
	if c == nil {
		return ""
	}
	ok := func(h protocol.Choice) bool { return !h.Precomputes && h.Name != name }
	for _, h := range c.Heuristics {
		if h.Suggested && ok(h) {
			return h.Name
		}
	}
	for _, pass := range []bool{true, false} {
		for _, h := range c.Heuristics {
			if ok(h) && (h.Admissible || !pass) {
				return h.Name
			}
		}
	}
	return ""
}

// proofText says what a verdict reached by running out of states proves,
// when the heuristic pruned some of them: "proved safe: 12 states
// explored, 3 pruned by the pattern database". It returns "" for any
// other result (a trace found, nothing pruned, or no verdict).
func proofText(res *protocol.Result, c *protocol.Catalog) string {
	if !res.Exhausted || res.Pruned == 0 {
		return ""
	}
	what := "proved safe"
	if res.Verdict == protocol.VerdictNotSatisfied {
		what = "proved unreachable"
	} else if res.Verdict != protocol.VerdictSatisfied {
		return ""
	}
	return what + ": " + strconv.FormatInt(res.Explored, 10) + " states explored, " +
		strconv.FormatInt(res.Pruned, 10) + " " + prunedBy(res.Heuristic, c)
}

// prunedBy names what pruned the states, from a result's description of
// its heuristic ("pdb (admissible, ...)").
func prunedBy(info string, c *protocol.Catalog) string {
	name, _, _ := strings.Cut(info, " ")
	if name == patternDatabase {
		return "pruned by the pattern database"
	}
	if c != nil {
		if h := choice(c.Heuristics, name); h != nil {
			name = h.Label
		}
	}
	if name == "" {
		return "pruned as dead ends by the heuristic"
	}
	return "pruned as dead ends by " + name
}

// patternDatabase is the catalog's name of the pattern database, the
// heuristic the page prefers for A* on reachability queries.
const patternDatabase = "pdb"

// whyPatternDatabase says, beside the menu, why the page chose the
// pattern database.
const whyPatternDatabase = "pattern database: precomputed once, then A* explores few states"

// pageHeuristic is the heuristic the page sets the menu to, as long as
// the user has not picked one for the model loaded, when the search order
// is order and the selected query formula; cached reports whether the
// table of a heuristic for that query is in the cache.
//
// For A* (the directed order that finds shortest traces) on a
// reachability query it is the pattern database: its table is computed
// once per model and query (the cache keeps it), and then A* explores
// far fewer states than with the catalog's suggestion on the models where
// precomputing pays (the figures are in the benchmarks). Otherwise it is an
// admissible heuristic whose table is cached, which costs nothing more,
// else the catalog's suggestion. It is "" when the order is blind, and
// when the query is of a kind the engine checks without a heuristic
// (liveness, sup and inf): the menu then keeps what it shows, for the
// next reachability query, and says why it does not matter (ignoredNote).
func pageHeuristic(c *protocol.Catalog, order, formula string, cached func(name string) bool) string {
	o := choice(c.Orders, order)
	if o == nil || !o.Directed || ignoresHeuristic(formula) != "" {
		return ""
	}
	if o.Optimal && reachability(formula) && choice(c.Heuristics, patternDatabase) != nil {
		return patternDatabase
	}
	for _, h := range c.Heuristics {
		if h.Precomputes && h.Admissible && cached(h.Name) {
			return h.Name
		}
	}
	return suggested(c.Heuristics)
}

// reachability reports whether formula asks whether a state is reachable
// (E<> φ) or always avoided (A[] φ), with φ about locations and variables
// rather than deadlock: heuristics estimate the distance to such states,
// but know nothing of deadlocks. Blanks may separate the quantifier's
// letter from its operator, as the query scanner allows.
func reachability(formula string) bool {
	f := strings.TrimSpace(formula)
	if f == "" {
		return false
	}
	var op string
	switch f[0] {
	case 'E':
		op = "<>"
	case 'A':
		op = "[]"
	default:
		return false
	}
	rest, ok := strings.CutPrefix(strings.TrimLeft(f[1:], " \t"), op)
	return ok && !mentionsDeadlock(rest)
}

// mentionsDeadlock reports whether the word deadlock occurs in s.
func mentionsDeadlock(s string) bool {
	for {
		i := strings.Index(s, "deadlock")
		if i < 0 {
			return false
		}
		end := i + len("deadlock")
		if (i == 0 || !isWordByte(s[i-1])) && (end == len(s) || !isWordByte(s[end])) {
			return true
		}
		s = s[end:]
	}
}

// isWordByte reports whether b may be part of an identifier.
func isWordByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}
