package engine

import (
	"testing"

	"beeline/core/protocol"
)

// TestCheckAuto: a /check with the auto order answers with the winner's
// verdict and trace, shortest when asked, and says how the race went;
// member progress frames name their member.
func TestCheckAuto(t *testing.T) {
	h := New(Options{})
	req := &protocol.Request{Version: protocol.Version, Name: "hanoi-4.xml",
		Model: readModel(t, "../../testdata/models/hanoi/hanoi-4.xml"), Queries: []int{0},
		Options: protocol.Options{Order: "auto", Trace: "shortest"}}
	_, frames := post(t, h, "/check", req)
	k := kinds(frames)
	if len(k[protocol.FrameResult]) != 1 {
		t.Fatalf("%d results, %d errors (%+v)", len(k[protocol.FrameResult]), len(k[protocol.FrameError]), frames)
	}
	r := k[protocol.FrameResult][0].Result
	p := r.Portfolio
	if r.Verdict != protocol.VerdictSatisfied || r.Trace == nil || p == nil || p.Winner < 0 {
		t.Fatalf("result %+v, portfolio %+v", r, p)
	}
	// The model's comment: the shortest witness has 41 transitions.
	if len(r.Trace.Steps) != 41 {
		t.Errorf("a trace of %d steps, want the shortest, 41", len(r.Trace.Steps))
	}
	if w := p.Members[p.Winner]; w.State != "won" || w.Name == "" || w.Label == "" {
		t.Errorf("winner %+v", w)
	}
	for _, f := range k[protocol.FrameProgress] {
		if m := f.Progress.Member; m < 0 || m > len(p.Members) {
			t.Errorf("progress of member %d of %d", m, len(p.Members))
		}
	}
}
