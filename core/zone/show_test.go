// Golden concrete traces: the printed form of a few traces, reviewed by
// hand (go test -update rewrites the file).

package zone

import (
	"flag"
	"os"
	"strings"
	"testing"

	"beeline/core/internal/testmodel"
)

var update = flag.Bool("update", false, "rewrite golden files")

func TestTraceGolden(t *testing.T) {
	var b strings.Builder
	for _, c := range []struct{ file, q string }{
		{"clocks.xta", "E<> P.A && not (x < 3) && y > 10"},
		{"priority.xta", "E<> R.B && P.B"},
		{"deadlock.xta", "E<> deadlock"},
		{"timelock.xta", "E<> deadlock"},
		{"urgentchan.xta", "E<> P.B && x > 1"},
		{"select.xta", "E<> P.B && R.B && v == 8"},
	} {
		g, f, res := reach(t, testmodel.File(t, "testdata/"+c.file), c.q, Options{})
		tr := expectTraceOK(t, g, res.Trace, f.Prop)
		b.WriteString("== " + c.file + ": " + c.q + "\n" + g.FormatTrace(tr))
	}
	const golden = "testdata/traces.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	expectLines(t, golden, strings.Split(b.String(), "\n"), strings.Split(string(want), "\n"))
}
