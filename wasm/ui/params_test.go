package main

import (
	"maps"
	"slices"
	"testing"

	"beeline/core/options"
	"beeline/core/protocol"
)

// The page offers a field for every parameter of the engine's catalog
// that has values or a range, and sends only what differs from the
// default.
func TestSettable(t *testing.T) {
	c := options.Builtin().Catalog()
	pa := choice(c.Heuristics, "pa")
	var names []string
	for _, p := range settable(pa) {
		names = append(names, p.Name)
	}
	if got, want := names, []string{"preds", "combine", "split", "states", "layers"}; !slices.Equal(got, want) {
		t.Errorf("pa's fields %q, want %q", got, want)
	}
	if got := settable(choice(c.Heuristics, "hl")); got != nil {
		t.Errorf("hL has fields %v, want none", got)
	}
	// A free value is left to the command line.
	free := &protocol.Choice{Params: []protocol.Param{{Name: "table", Label: "table file"}, {Name: "n", Label: "n", Min: 1, Max: 3}}}
	if got := settable(free); len(got) != 1 || got[0].Name != "n" {
		t.Errorf("fields %v, want n alone", got)
	}
	ps := settable(pa)
	for _, tc := range []struct {
		shown, want map[string]string
	}{
		{map[string]string{"preds": "2abs", "combine": "", "split": "2", "states": "5000", "layers": "10"}, nil},
		{map[string]string{"preds": "syntax", "combine": "", "split": "3", "states": "", "layers": "10"}, map[string]string{"preds": "syntax", "split": "3"}},
		{map[string]string{"combine": "sum", "other": "1"}, map[string]string{"combine": "sum"}},
	} {
		if got := chosenParams(ps, tc.shown); !maps.Equal(got, tc.want) || (tc.want == nil) != (got == nil) {
			t.Errorf("chosenParams(%v) = %v, want %v", tc.shown, got, tc.want)
		}
	}
}

// A menu parameter whose default depends on the others starts on
// "default"; one with a default lists its values alone.
func TestParamItems(t *testing.T) {
	c := options.Builtin().Catalog()
	var combine, preds protocol.Param
	for _, p := range choice(c.Heuristics, "pa").Params {
		switch p.Name {
		case "combine":
			combine = p
		case "preds":
			preds = p
		}
	}
	if items := paramItems(combine); len(items) != 3 || items[0].Value != "" || items[0].Text != "default" || items[1].Value != "max" {
		t.Errorf("combine's menu %v, want default, max, sum", items)
	}
	if items := paramItems(preds); len(items) != len(preds.Values) || items[0].Value != preds.Values[0] {
		t.Errorf("preds' menu %v, want its values", items)
	}
}
