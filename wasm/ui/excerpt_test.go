package main

import (
	"strings"
	"testing"

	"beeline/core/protocol"
	"beeline/core/source"
)

func TestExcerptMarksRange(t *testing.T) {
	text := []byte("line one\nint x = <y;\nline three\n")
	d := protocol.Diagnostic{
		Pos: source.Position{Offset: 17, Line: 2, Column: 9},
		End: source.Position{Offset: 19, Line: 2, Column: 11},
	}
	got := excerptHTML(text, d)
	if !strings.Contains(got, `<span class="line hit"><span class="ln">2</span>int x = <mark>&lt;y</mark>;</span>`) {
		t.Errorf("range not marked on line 2:\n%s", got)
	}
	if !strings.Contains(got, "line one") || !strings.Contains(got, "line three") {
		t.Errorf("context lines missing:\n%s", got)
	}
}

func TestExcerptEmptyRangeAndBadPos(t *testing.T) {
	text := []byte("abc\n")
	d := protocol.Diagnostic{Pos: source.Position{Offset: 3, Line: 1, Column: 4}}
	if got := excerptHTML(text, d); !strings.Contains(got, "abc<mark> </mark>") {
		t.Errorf("an empty range at the end of a line is not marked: %s", got)
	}
	if got := excerptHTML(text, protocol.Diagnostic{}); got != "" {
		t.Errorf("no position: got %q, want nothing", got)
	}
	if got := excerptHTML(text, protocol.Diagnostic{Pos: source.Position{Line: 9}}); got != "" {
		t.Errorf("line past the end: got %q", got)
	}
}

func TestWhereText(t *testing.T) {
	two := 2
	d := protocol.Diagnostic{Pos: source.Position{Filename: "m.q", Line: 3, Column: 5}, Query: &two, Message: "undeclared identifier \"x\""}
	if got, want := whereText(d), `m.q:3:5: query 2: undeclared identifier "x"`; got != want {
		t.Errorf("whereText = %q, want %q", got, want)
	}
	d = protocol.Diagnostic{Context: "template P, guard of edge id5", Message: "m"}
	if got, want := whereText(d), "template P, guard of edge id5: m"; got != want {
		t.Errorf("whereText = %q, want %q", got, want)
	}
}
