package main

import (
	"strconv"
	"testing"
	"time"
)

func TestHistory(t *testing.T) {
	t0 := time.Unix(1000, 0)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	type op struct {
		do    string // "edit", "undo", "redo"
		label string
		part  string
		ms    int
		want  string // the state after it
	}
	tests := []struct {
		name string
		ops  []op
		// undos is how many undo steps remain at the end, redos how many
		// redo steps.
		undos, redos int
	}{
		{"typing merges", []op{
			{"edit", "Edit declarations", "decl", 0, "a"},
			{"edit", "Edit declarations", "decl", 300, "ab"},
			{"edit", "Edit declarations", "decl", 900, "abc"},
			{"undo", "", "", 1000, "0"},
		}, 0, 1},
		{"a pause splits", []op{
			{"edit", "Edit declarations", "decl", 0, "a"},
			{"edit", "Edit declarations", "decl", 1500, "ab"},
			{"undo", "", "", 1600, "a"},
		}, 1, 1},
		{"another part splits", []op{
			{"edit", "Edit declarations", "decl", 0, "a"},
			{"edit", "Edit system", "system", 100, "ab"},
			{"undo", "", "", 200, "a"},
			{"undo", "", "", 300, "0"},
			{"redo", "", "", 400, "a"},
		}, 1, 1},
		{"structural edits never merge", []op{
			{"edit", "Move location", "", 0, "a"},
			{"edit", "Move location", "", 10, "ab"},
			{"undo", "", "", 20, "a"},
		}, 1, 1},
		{"an edit empties the future", []op{
			{"edit", "Add query", "", 0, "a"},
			{"undo", "", "", 10, "0"},
			{"edit", "Add template", "", 20, "b"},
		}, 1, 0},
		{"typing after an undo is a new step", []op{
			{"edit", "Edit system", "system", 0, "a"},
			{"edit", "Edit system", "system", 2000, "ab"},
			{"undo", "", "", 2100, "a"},
			{"edit", "Edit system", "system", 2200, "ax"},
			{"undo", "", "", 2300, "a"},
		}, 1, 1},
		{"nothing to undo", []op{
			{"undo", "", "", 0, "0"},
			{"redo", "", "", 0, "0"},
		}, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var h history
			cur := "0"
			for i, o := range tt.ops {
				switch o.do {
				case "edit":
					h.record([]byte(cur), o.label, o.part, at(o.ms))
					cur = o.want
				case "undo":
					if d, ok := h.undo([]byte(cur)); ok {
						cur = string(d)
					}
				case "redo":
					if d, ok := h.redo([]byte(cur)); ok {
						cur = string(d)
					}
				}
				if cur != o.want {
					t.Fatalf("op %d (%s): state %q, want %q", i, o.do, cur, o.want)
				}
			}
			if len(h.past) != tt.undos || len(h.future) != tt.redos {
				t.Errorf("%d undo and %d redo steps, want %d and %d", len(h.past), len(h.future), tt.undos, tt.redos)
			}
		})
	}
}

func TestHistoryCap(t *testing.T) {
	var h history
	for i := range maxSteps + 50 {
		h.record([]byte(strconv.Itoa(i)), "Edit", "", time.Unix(int64(i), 0))
	}
	if len(h.past) != maxSteps {
		t.Fatalf("%d steps kept, want %d", len(h.past), maxSteps)
	}
	if got := string(h.past[0].data); got != "50" {
		t.Errorf("oldest step kept is %q, want \"50\"", got)
	}
	if h.undoLabel() != "Edit" || h.redoLabel() != "" {
		t.Errorf("labels %q/%q", h.undoLabel(), h.redoLabel())
	}
}
