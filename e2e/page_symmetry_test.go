package e2e

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Symmetry reduction from the page: the symmetric Fischer demo with four
// processes, its deadlock query checked with reduction (the default) and
// without; the same verdict, the progress list says which, and the
// reduced search stores fewer states.
func TestPageSymmetry(t *testing.T) {
	ctx := openPage(t, site(t))
	upload(t, ctx, "../testdata/models/symmetry/fischer-sym4.xml")
	waitDrawn(t, ctx)
	if got := Eval[string](t, ctx, `document.getElementById("symmetry").value`); got != "on" {
		t.Fatalf("symmetry menu starts on %q, want on", got)
	}
	i := queryAt(t, ctx, "A[] not deadlock")
	// One search, the same with and without the reduction: the auto
	// order, the page's default, may be won by another member each time.
	pick(t, ctx, "order", "bfs")
	stored := map[string]int{}
	for _, mode := range []string{"on", "off"} {
		pick(t, ctx, "symmetry", mode)
		marker, status := checkRow(t, ctx, i, 30*time.Second)
		want := map[string]string{"on": "pid_t (4 values)", "off": "off: turned off"}[mode]
		if got := text(t, ctx, "p-symmetry"); got != want {
			t.Errorf("symmetry %s: the progress list says %q, want %q", mode, got, want)
		}
		n, err := strconv.Atoi(text(t, ctx, "p-stored"))
		if err != nil || !slices.Contains(strings.Fields(marker), "satisfied") {
			t.Fatalf("symmetry %s: marker %q, status %q, stored %q", mode, marker, status, text(t, ctx, "p-stored"))
		}
		stored[mode] = n
	}
	if stored["on"] >= stored["off"] {
		t.Errorf("states stored with reduction %d, without %d", stored["on"], stored["off"])
	}
}
