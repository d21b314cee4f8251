package e2e

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// checkTableLifecycle checks fischer-broken with A* and heuristic name,
// offered in the menu as label: the first check precomputes its table in
// its own phase with its abstract states, then searches, and keeps the
// table (afterFirst checks more of that first check, when not nil);
// after a reload the check takes the table from the cache and explores
// the same states.
func checkTableLifecycle(t *testing.T, base, name, label string, before, afterFirst func(ctx context.Context)) {
	t.Helper()
	ctx := openPage(t, base)
	if !Eval[bool](t, ctx, `[...document.querySelectorAll("#heuristic option")].some(o => o.value === "`+name+`" && o.textContent.startsWith("`+label+`"))`) {
		t.Fatalf("the heuristic menu does not offer %s", label)
	}
	if before != nil {
		before(ctx)
	}
	phases, explored := checkBrokenWith(t, ctx, name)
	if !slices.Contains(phases, "precomputing") || !slices.Contains(phases, "searching") {
		t.Errorf("first check went through phases %q, want precomputing, then searching", phases)
	}
	if got := text(t, ctx, "p-table"); !strings.HasPrefix(got, "computed in ") {
		t.Errorf("first check's table: %q, want computed", got)
	}
	if n, err := strconv.Atoi(text(t, ctx, "p-abstract")); err != nil || n <= 0 {
		t.Errorf("abstract states %q, want their number", text(t, ctx, "p-abstract"))
	}
	if afterFirst != nil {
		afterFirst(ctx)
	}
	waitPage(t, ctx, `document.getElementById("table-note").textContent.startsWith("cached table: ")`, 5*time.Second)
	Screenshot(t, ctx, "page-"+name+"-computed.png")

	reopen(t, ctx, base)
	phases, again := checkBrokenWith(t, ctx, name)
	expectFromCache(t, ctx, phases, again, explored)
	if got := text(t, ctx, "tables-total"); !strings.HasPrefix(got, "1 table, ") {
		t.Errorf("cached tables: %q, want the one of %s", got, name)
	}
}

// Merge-and-shrink in the page: chosen in the heuristic menu, it is
// precomputed in its own phase with its progress, kept in the cache and
// reused after a reload, and a check with it finds the shortest trace.
func TestPageMergeAndShrink(t *testing.T) {
	checkTableLifecycle(t, site(t), "mas", "M&S", nil, nil)
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
