package main

import (
	"strings"
	"testing"

	"beeline/core/options"
	"beeline/core/protocol"
)

// The heuristic menu says admissible or not; the line under it says the
// rest of what the estimates guarantee, after the catalog's description.
func TestHeuristicTexts(t *testing.T) {
	for _, tc := range []struct {
		c          protocol.Choice
		text, note string
	}{
		{protocol.Choice{Label: "dL", Description: "graph distance", Admissible: true, Consistent: true},
			"dL (admissible)", "graph distance (admissible, consistent)"},
		{protocol.Choice{Label: "hL", Description: "relaxed steps", Admissible: true},
			"hL (admissible)", "relaxed steps (admissible)"},
		{protocol.Choice{Label: "hU", Description: "a relaxed plan"},
			"hU (not admissible)", "a relaxed plan (not admissible)"},
	} {
		if got := heuristicText(tc.c); got != tc.text {
			t.Errorf("menu text of %s: %q, want %q", tc.c.Label, got, tc.text)
		}
		if got := heuristicNote(&tc.c); got != tc.note {
			t.Errorf("note of %s: %q, want %q", tc.c.Label, got, tc.note)
		}
	}
	if heuristicNote(nil) != "" {
		t.Error("a note for no heuristic")
	}
}

// Every entry of every menu of the engine's catalog has a line to show
// under its menu.
func TestEveryChoiceDescribed(t *testing.T) {
	c := options.Builtin().Catalog()
	for _, m := range []struct {
		menu string
		cs   []protocol.Choice
	}{{"order", c.Orders}, {"heuristic", c.Heuristics}, {"trace", c.Traces}, {"symmetry", c.Symmetries}} {
		for _, ch := range m.cs {
			note := choiceNote(m.cs, ch.Name)
			if m.menu == "heuristic" {
				note = heuristicNote(choice(m.cs, ch.Name))
			}
			if strings.TrimSpace(note) == "" || strings.Contains(note, "\n") {
				t.Errorf("%s %q: note %q, want one line of text", m.menu, ch.Name, note)
			}
		}
	}
	if choiceNote(c.Orders, "nope") != "" {
		t.Error("a note for an order the catalog does not list")
	}
}

// Liveness and sup/inf queries are checked without a heuristic, and the
// line beside the menu says so; reachability queries are not.
func TestIgnoresHeuristic(t *testing.T) {
	for _, tc := range []struct{ f, kind string }{
		{"E<> P(1).cs", ""},
		{"A[] not deadlock", ""},
		{"E <> P(1).cs", ""},
		{"A [] x <= 3", ""},
		{"E[] not Train(0).Cross", "E[]"},
		{"E [] x < 3", "E[]"},
		{"A<> Train(0).Cross", "A<>"},
		{" A <> done", "A<>"},
		{"Train(0).Appr --> Train(0).Cross", "-->"},
		{"Alpha --> Beta", "-->"},
		{"sup: q.len", "sup"},
		{"inf{Train(0).Cross}: Train(0).x", "inf"},
		{"", ""},
	} {
		if got := ignoresHeuristic(tc.f); got != tc.kind {
			t.Errorf("ignoresHeuristic(%q) = %q, want %q", tc.f, got, tc.kind)
		}
		note := ignoredNote(tc.f)
		if tc.kind == "" {
			if note != "" {
				t.Errorf("%q: note %q, want none", tc.f, note)
			}
			continue
		}
		if want := "This query kind (" + tc.kind + ") ignores the heuristic: "; !strings.HasPrefix(note, want) {
			t.Errorf("%q: note %q, want it to start %q", tc.f, note, want)
		}
		if !strings.HasSuffix(note, "keeps its choice for E<> and A[] queries.") {
			t.Errorf("%q: note %q does not say the choice is kept", tc.f, note)
		}
	}
}
