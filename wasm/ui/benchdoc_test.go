package main

import (
	"os"
	"strings"
	"testing"

	"beeline/core/protocol"
)

// A .q file's queries join the document's, less exact repeats of the
// model's own, so a model opened with its own .q lists each query once.
func TestMergeQueries(t *testing.T) {
	model, err := os.ReadFile("../../e2e/testdata/bench-own.xml")
	if err != nil {
		t.Fatal(err)
	}
	q, err := os.ReadFile("../../e2e/testdata/bench-own.q")
	if err != nil {
		t.Fatal(err)
	}
	d, layout := readDoc("bench-own.xml", model)
	if d == nil || layout {
		t.Fatalf("readDoc: %v, layout %v", d, layout)
	}
	files := []protocol.File{{Name: "bench-own.q", Data: q}, {Name: "again.q", Data: q}}
	if notes := mergeQueries(d, files); notes != "" {
		t.Errorf("notes %q", notes)
	}
	var got []string
	for _, q := range d.Queries() {
		got = append(got, strings.TrimSpace(q.Formula)+" /* "+q.Comment+" */")
	}
	want := "E<> P.B /* B can be reached */ | A[] x >= 0 /*  */ | E<> P.A /* A is where it starts */"
	if strings.Join(got, " | ") != want {
		t.Errorf("queries\n%s\nwant\n%s", strings.Join(got, " | "), want)
	}
	if notes := mergeQueries(d, []protocol.File{{Name: "bad.q", Data: []byte("/* open")}}); !strings.Contains(notes, "bad.q:1:") {
		t.Errorf("a broken .q gives the note %q, want its position", notes)
	}
}

// An .xta opens as a document to lay out; malformed XML is left to the
// engine, which says where it is broken.
func TestReadDoc(t *testing.T) {
	xta, err := os.ReadFile("../../testdata/models/crossing.xta")
	if err != nil {
		t.Fatal(err)
	}
	d, layout := readDoc("crossing.xta", xta)
	if d == nil || !layout {
		t.Fatalf("crossing.xta: %v, layout %v", d, layout)
	}
	if d.Templates() == 0 || !strings.Contains(d.System(), "system") {
		t.Errorf("crossing.xta read as %d templates, system %q", d.Templates(), d.System())
	}
	if d, _ := readDoc("bad.xml", []byte("<nta><template>")); d != nil {
		t.Error("malformed XML read as a document")
	}
}

// A .q whose formulas differ from the model's own only in their white
// space (as one saved by UPPAAL may) adds nothing.
func TestMergeQueriesFoldsSpace(t *testing.T) {
	model, err := os.ReadFile("../../testdata/models/fischer.xml")
	if err != nil {
		t.Fatal(err)
	}
	d, _ := readDoc("fischer.xml", model)
	if d == nil {
		t.Fatal("fischer.xml is not read as a document")
	}
	before := len(d.Queries())
	q := []byte("A[] forall (i : pid_t)  forall (j : pid_t) P(i).cs && P(j).cs imply i == j\nE<>\tP(1).cs\n  A[] not deadlock  \nE<> P(2).cs\nE<>  P(2).cs\n")
	if notes := mergeQueries(d, []protocol.File{{Name: "own.q", Data: q}}); notes != "" {
		t.Errorf("notes %q", notes)
	}
	var got []string
	for _, q := range d.Queries()[before:] {
		got = append(got, q.Formula)
	}
	if want := "E<> P(2).cs"; strings.Join(got, " | ") != want {
		t.Errorf("queries added: %q, want only %q", got, want)
	}
}
