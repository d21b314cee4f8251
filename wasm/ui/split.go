// How many Web Workers one search is split between: the page's rules,
// apart from the browser.

package main

import (
	"strconv"
	"strings"

	"beeline/core/protocol"
)

// maxSplit is the most workers the page splits one search between.
const maxSplit = 16

// defaultSplit is the number of workers the page splits a search
// between by default on a machine of the given cores: the race's slots
// (raceSlots), so that one core is left to the page and the browser,
// at least two and at most four.
func defaultSplit(cores int) int { return raceSlots(cores) }

// readSplit reads the workers field: a whole number from 1 to maxSplit;
// what cannot be read is 1, and a number out of range is clamped.
func readSplit(field string) int {
	n, err := strconv.Atoi(strings.TrimSpace(field))
	if err != nil {
		return 1
	}
	return min(max(n, 1), maxSplit)
}

// splitOf returns the number of workers the check of formula with
// options o is split between, k being the workers field's: k for an E<>
// or A[] query (deadlock included) searched breadth- or depth-first without a heuristic
// (orders that are neither directed nor a race), 1 otherwise.
func splitOf(c *protocol.Catalog, o protocol.Options, formula string, k int) int {
	if k < 2 || c == nil || !raceable(formula) {
		return 1
	}
	ch := choice(c.Orders, string(o.Order))
	if o.Order != "" && (ch == nil || ch.Directed || ch.Portfolio) {
		return 1
	}
	return k
}

// splitNote says what the workers field applies to with the order
// named order: "" when the order splits nothing.
func splitNote(c *protocol.Catalog, order string, k int) string {
	if c == nil {
		return ""
	}
	if ch := choice(c.Orders, order); order != "" && (ch == nil || ch.Directed || ch.Portfolio) {
		return "this search order runs in one worker"
	}
	if k < 2 {
		return "E<> and A[] queries are searched in one worker"
	}
	return "E<> and A[] queries are searched by " + strconv.Itoa(k) + " workers at once"
}
