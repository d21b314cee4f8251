package e2e

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Merge-and-shrink in the page: chosen in the heuristic menu, it is
// precomputed in its own phase with its progress, kept in the cache and
// reused after a reload, and a check with it finds the shortest trace.
func TestPageMergeAndShrink(t *testing.T) {
	base := site(t)
	ctx := openPage(t, base)
	if !Eval[bool](t, ctx, `[...document.querySelectorAll("#heuristic option")].some(o => o.value === "mas" && o.textContent.startsWith("M&S"))`) {
		t.Fatal("the heuristic menu does not offer M&S")
	}
	phases, explored := checkBrokenWith(t, ctx, "mas")
	if !slices.Contains(phases, "precomputing") || !slices.Contains(phases, "searching") {
		t.Errorf("first check went through phases %q, want precomputing, then searching", phases)
	}
	if got := text(t, ctx, "p-table"); !strings.HasPrefix(got, "computed in ") {
		t.Errorf("first check's table: %q, want computed", got)
	}
	if n, err := strconv.Atoi(text(t, ctx, "p-abstract")); err != nil || n == 0 {
		t.Errorf("abstract states %q, want their number", text(t, ctx, "p-abstract"))
	}
	waitPage(t, ctx, `document.getElementById("table-note").textContent.startsWith("cached table: ")`, 5*time.Second)
	Screenshot(t, ctx, "page-mas-computed.png")

	reopen(t, ctx, base)
	phases, again := checkBrokenWith(t, ctx, "mas")
	expectFromCache(t, ctx, phases, again, explored)
	if got := text(t, ctx, "tables-total"); !strings.HasPrefix(got, "1 table, ") {
		t.Errorf("cached tables: %q, want the one of mas", got)
	}
}

// arbiter5 is Beeline's arbiter tree of height 5 (64 clients, 128
// processes), whose merge-and-shrink abstraction takes a second natively
// and a few in the page's worker.
const arbiter5 = "../testdata/models/arbiter/arbiter-5.xml"

// Cancel during merge-and-shrink's precomputation stops it at once and
// caches nothing.
func TestPageMergeAndShrinkCancel(t *testing.T) {
	ctx := cancelPrecomputation(t, arbiter5, "mas", 500*time.Millisecond)
	if got := text(t, ctx, "tables-total"); got != "none" {
		t.Errorf("cached tables after cancel: %q, want none", got)
	}
}
