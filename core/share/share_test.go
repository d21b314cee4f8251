package share

import (
	"reflect"
	"strings"
	"testing"

	"beeline/core/protocol"
)

func sampleLink() *Link {
	model := []byte("<nta><declaration>clock x;</declaration></nta>")
	return &Link{
		Name:    "m.xml",
		Model:   model,
		Hash:    Hash(model),
		Formula: "E<> P(1).cs",
		Options: protocol.Options{Order: "bfs", Trace: "shortest", MaxMemory: 1 << 30},
		Steps: []protocol.TraceStep{
			{Delay: 0, Edges: []protocol.TraceEdge{{Process: 0, Edge: 1}}},
			{Delay: 3, Edges: []protocol.TraceEdge{{Process: 1, Edge: 2, Select: []int32{2}}, {Process: 0, Edge: 4}}},
		},
		Step: 2,
	}
}

func TestRoundTrip(t *testing.T) {
	in := sampleLink()
	frag, err := Encode(in)
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(frag, "+/=#?& ") {
		t.Errorf("fragment has characters that need escaping: %q", frag)
	}
	out, err := Decode("#" + frag)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, out) {
		t.Errorf("round trip changed the link:\n in %+v\nout %+v", in, out)
	}
	if err := out.Verify(in.Model); err != nil {
		t.Errorf("verify of the same bytes: %v", err)
	}
}

func TestVersionTag(t *testing.T) {
	frag, err := Encode(sampleLink())
	if err != nil {
		t.Fatal(err)
	}
	if want := tag(Version); !strings.HasPrefix(frag, want) {
		t.Fatalf("fragment %.10q does not start with %q", frag, want)
	}
	if !IsLink(frag) || IsLink("section-2") || IsLink("b.abc") || IsLink("bx.abc") {
		t.Error("IsLink tells links from other fragments wrongly")
	}
	newer := tag(Version+1) + strings.TrimPrefix(frag, tag(Version))
	if _, err := Decode(newer); err == nil || !strings.Contains(err.Error(), "another version") {
		t.Errorf("a link of a newer format: got %v, want a version error", err)
	}
}

func TestHashMismatch(t *testing.T) {
	l := sampleLink()
	edited := append([]byte(nil), l.Model...)
	edited[0] = ' '
	err := l.Verify(edited)
	if err == nil || !strings.Contains(err.Error(), "model has changed") {
		t.Errorf("verify of edited bytes: got %v, want a plain mismatch message", err)
	}
}

func TestDamaged(t *testing.T) {
	frag, _ := Encode(sampleLink())
	for name, f := range map[string]string{
		"cut":        frag[:len(frag)/2],
		"not base64": tag(Version) + "***",
		"not a link": "hello",
		"empty":      "",
	} {
		if _, err := Decode(f); err == nil {
			t.Errorf("%s: decoded without error", name)
		}
	}
}

func TestBombCapped(t *testing.T) {
	frag := fragment(t, make([]byte, MaxPayload+10))
	if _, err := Decode(frag); err == nil || !strings.Contains(err.Error(), "MiB") {
		t.Errorf("oversized payload: got %v", err)
	}
}

func TestSameSteps(t *testing.T) {
	l := sampleLink()
	same := append([]protocol.TraceStep(nil), l.Steps...)
	if err := l.SameSteps(same); err != nil {
		t.Errorf("identical steps: %v", err)
	}
	other := []protocol.TraceStep{l.Steps[0], {Delay: 3, Edges: []protocol.TraceEdge{{Process: 1, Edge: 2, Select: []int32{1}}, {Process: 0, Edge: 4}}}}
	if err := l.SameSteps(other); err == nil || !strings.Contains(err.Error(), "step 2") {
		t.Errorf("different select value: got %v, want parting at step 2", err)
	}
	if err := l.SameSteps(same[:1]); err == nil || !strings.Contains(err.Error(), "1 steps") {
		t.Errorf("shorter trace: got %v", err)
	}
}

func TestSameTrace(t *testing.T) {
	l := sampleLink()
	l.End, l.Loop = "loop", 1
	frag, err := Encode(l)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(frag)
	if err != nil {
		t.Fatal(err)
	}
	if back.End != "loop" || back.Loop != 1 {
		t.Fatalf("the lasso did not survive the link: end %q, loop %d", back.End, back.Loop)
	}
	tr := &protocol.Trace{Steps: append([]protocol.TraceStep(nil), l.Steps...), End: "loop", Loop: 1}
	if err := back.SameTrace(tr); err != nil {
		t.Errorf("the same lasso: %v", err)
	}
	tr.Loop = 0
	if err := back.SameTrace(tr); err == nil || !strings.Contains(err.Error(), "loops back to state 0") {
		t.Errorf("another loop head: %v", err)
	}
	tr.End = "delay"
	if err := back.SameTrace(tr); err == nil || !strings.Contains(err.Error(), "time passing forever") {
		t.Errorf("another end: %v", err)
	}
	// A link without End (a reachability trace, or a link made before
	// liveness traces) matches a trace to a goal.
	plain := sampleLink()
	if err := plain.SameTrace(&protocol.Trace{Steps: plain.Steps}); err != nil {
		t.Errorf("a reachability trace: %v", err)
	}
}
