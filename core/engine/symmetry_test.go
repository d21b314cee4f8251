// Symmetry reduction through the engine: on by default, off on request,
// and the result says which.

package engine

import (
	"testing"

	"beeline/core/protocol"
)

func TestCheckSymmetry(t *testing.T) {
	h := New(Options{})
	model := readModel(t, "../../testdata/models/symmetry/fischer-sym4.xml")
	var stored []int64
	for _, c := range []struct {
		symmetry protocol.Symmetry
		want     string
	}{
		{"", "pid_t (4 values)"},
		{"on", "pid_t (4 values)"},
		{"off", "off: turned off"},
	} {
		req := &protocol.Request{Version: protocol.Version, Name: "fischer-sym4.xml", Model: model,
			Queries: []int{1}, Options: protocol.Options{Symmetry: c.symmetry}}
		_, frames := post(t, h, "/check", req)
		k := kinds(frames)
		if len(k[protocol.FrameResult]) != 1 {
			t.Fatalf("symmetry %q: %d results, errors %+v", c.symmetry, len(k[protocol.FrameResult]), *k[protocol.FrameError][0])
		}
		r := k[protocol.FrameResult][0].Result
		if r.Verdict != "satisfied" || r.Symmetry != c.want {
			t.Errorf("symmetry %q: %s, reduction %q, want satisfied, %q", c.symmetry, r.Verdict, r.Symmetry, c.want)
		}
		stored = append(stored, r.Stored)
	}
	if stored[0] != stored[1] || stored[1] >= stored[2] {
		t.Errorf("states stored by default, on and off: %v", stored)
	}
}
