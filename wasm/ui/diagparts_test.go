package main

import (
	"strings"
	"testing"

	"beeline/core/edit"
	loader "beeline/core/job"
	"beeline/core/present"
	"beeline/core/protocol"
)

// parseDiags has the engine's loader read d's bytes and returns its
// diagnostics as the page gets them.
func parseDiags(t *testing.T, d *edit.Doc) []protocol.Diagnostic {
	t.Helper()
	l := loader.Load(loader.File{Name: "m.xml", Data: d.Bytes()})
	return present.Diagnostics(l.FS, l.Doc, l.Diags)
}

const benchModel = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE nta PUBLIC '-//Uppaal Team//DTD Flat System 1.1//EN' 'http://www.it.uu.se/research/group/darts/uppaal/flat-1_2.dtd'>
<nta>
	<declaration>// globals
const int N = 2;
clock x;</declaration>
	<template>
		<name>P</name>
		<parameter>const int[0,1] id</parameter>
		<declaration>int a;</declaration>
		<location id="id0" x="0" y="0"><name x="-10" y="-30">A</name></location>
		<location id="id1" x="100" y="0"><name x="90" y="-30">B</name></location>
		<init ref="id0"/>
		<transition><source ref="id0"/><target ref="id1"/><label kind="guard" x="40" y="-20">x &gt;= 1</label></transition>
	</template>
	<system>system P;</system>
	<queries><query><formula>E&lt;&gt; P(0).B</formula><comment></comment></query></queries>
</nta>
`

// An error typed into a part is placed on that part, at the offset of
// the text the engine marks.
func TestLocateDiags(t *testing.T) {
	tests := []struct {
		name   string
		change func(d *edit.Doc)
		key    string // the part the first error is on
		marked string // the part's text the mark covers
	}{
		{"global declarations", func(d *edit.Doc) { d.SetDeclaration("// globals\nconst itn N = 2;\nclock x;") }, "decl", "itn"},
		{"local declarations", func(d *edit.Doc) { d.Template(0).SetDeclaration("int a;\nint b = c;") }, "t0.decl", "c"},
		{"system", func(d *edit.Doc) { d.SetSystem("system Q;") }, "system", "Q"},
		{"guard", func(d *edit.Doc) { d.Template(0).SetEdgeLabel(0, edit.Guard, "x >= 1O") }, "t0.drawing", "1O"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := edit.Parse([]byte(benchModel))
			if err != nil {
				t.Fatal(err)
			}
			if ds := parseDiags(t, d); len(ds) != 0 {
				t.Fatalf("the model has diagnostics before the change: %v", ds)
			}
			tt.change(d)
			ds := parseDiags(t, d)
			if len(ds) == 0 {
				t.Fatal("no diagnostic after the change")
			}
			got := locateDiags(d, ds[:1])
			pds := got[tt.key]
			if len(pds) != 1 {
				t.Fatalf("diagnostic %q at %v placed on %v, want part %q", ds[0].Message, ds[0].Pos, got, tt.key)
			}
			if text, ok := partText(d, tt.key); ok {
				if m := text[pds[0].From:pds[0].To]; !strings.HasPrefix(m, tt.marked) {
					t.Errorf("the mark covers %q of %q, want %q", m, text, tt.marked)
				}
			}
			if lk := listKey(tt.key); lk == "" || !strings.HasPrefix(tt.key, lk) {
				t.Errorf("listKey(%q) = %q", tt.key, lk)
			}
		})
	}
}

// The fingerprint changes with what the model means, not with where it
// is drawn or what is asked of it.
func TestFingerprint(t *testing.T) {
	base, err := edit.Parse([]byte(benchModel))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		change func(d *edit.Doc)
		same   bool
	}{
		{"move a location", func(d *edit.Doc) { d.Template(0).MoveLocation("id1", edit.Point{X: 300, Y: 40}) }, true},
		{"edit a query", func(d *edit.Doc) { d.SetQuery(0, edit.Query{Formula: "A[] true"}) }, true},
		{"add a query", func(d *edit.Doc) { d.InsertQuery(1, edit.Query{Formula: "E<> P(1).B"}) }, true},
		{"edit the declarations", func(d *edit.Doc) { d.SetDeclaration("const int N = 3;\nclock x;") }, false},
		{"edit a guard", func(d *edit.Doc) { d.Template(0).SetEdgeLabel(0, edit.Guard, "x >= 2") }, false},
		{"rename a location", func(d *edit.Doc) { d.Template(0).SetLocationName("id1", "C") }, false},
		{"edit the system", func(d *edit.Doc) { d.SetSystem("P1 = P(0);\nsystem P1;") }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := base.Clone()
			tt.change(d)
			if same := fingerprint(d) == fingerprint(base); same != tt.same {
				t.Errorf("same fingerprint: %v, want %v", same, tt.same)
			}
		})
	}
}
