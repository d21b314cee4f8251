package protocol

import (
	"reflect"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
)

// sampleCatalog has a heuristic with parameters, as a pattern database
// would have.
func sampleCatalog() *Catalog {
	return &Catalog{
		Orders: []Choice{{Name: "bfs", Label: "Breadth First", Suggested: true}, {Name: "astar", Aliases: []string{"a*"}, Label: "A*", Directed: true, Optimal: true}},
		Heuristics: []Choice{{Name: "hl", Label: "hL", Admissible: true, Suggested: true}, {Name: "pdb", Label: "PDB", Precomputes: true, Params: []Param{
			{Name: "select", Label: "pattern selection", Values: []string{"dprc", "rd"}, Default: "dprc"},
			{Name: "table", Label: "table file"},
			{Name: "size", Label: "size", Min: 1, Max: 64, Default: "8"}}}},
		Traces:     []Choice{{Name: "none", Label: "None"}, {Name: "shortest", Label: "Shortest", Suggested: true}},
		Symmetries: []Choice{{Name: "on", Label: "On", Suggested: true}, {Name: "off", Label: "Off"}},
	}
}

func TestHeuristicWireForm(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		h        Heuristic
	}{
		{"", "", Heuristic{}},
		{"none", "", Heuristic{}},
		{"hl", "hl", Heuristic{Name: "hl"}},
		{"pdb:table=f.pdb,select=rd", "pdb:select=rd,table=f.pdb", Heuristic{Name: "pdb", Params: map[string]string{"select": "rd", "table": "f.pdb"}}},
		{"pdb:table=dir/a=b.pdb", "pdb:table=dir/a=b.pdb", Heuristic{Name: "pdb", Params: map[string]string{"table": "dir/a=b.pdb"}}},
	} {
		h, err := ParseHeuristic(tc.in)
		if err != nil || !reflect.DeepEqual(h, tc.h) || h.String() != tc.want {
			t.Errorf("ParseHeuristic(%q) = %#v (%q), %v; want %#v (%q)", tc.in, h, h.String(), err, tc.h, tc.want)
		}
	}
	for _, bad := range []string{":x", "pdb:", "pdb:select", "pdb:select=", "pdb:=rd", "pdb:select=rd,select=dprc", "pdb:select=rd,"} {
		if h, err := ParseHeuristic(bad); err == nil {
			t.Errorf("ParseHeuristic(%q) = %#v, want an error", bad, h)
		}
	}
}

func TestOptionsRoundTrip(t *testing.T) {
	want := &Request{Version: Version, Name: "m.xml", Options: Options{Order: "astar", Trace: "shortest", Symmetry: "off", Seed: 7,
		Heuristic: Heuristic{Name: "pdb", Params: map[string]string{"select": "rd", "table": "f.pdb"}}}}
	b, err := EncodeRequest(want)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeRequest(b, sampleCatalog())
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("decoded %+v, %v; want %+v", got, err, want)
	}
}

// Share links made while the options were plain strings still decode.
func TestOptionsReadOldForm(t *testing.T) {
	type oldOptions struct {
		Order     string `msgpack:"order"`
		Heuristic string `msgpack:"heuristic"`
		Trace     string `msgpack:"trace"`
	}
	b, err := msgpack.Marshal(oldOptions{"astar", "hl", "shortest"})
	if err != nil {
		t.Fatal(err)
	}
	var o Options
	if err := msgpack.Unmarshal(b, &o); err != nil || o.Order != "astar" || o.Trace != "shortest" || !reflect.DeepEqual(o.Heuristic, Heuristic{Name: "hl"}) {
		t.Errorf("old options read as %+v, %v", o, err)
	}
}

func TestRequestRefusesUnknownOptions(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{Order: "sideways"}, `unknown search order "sideways" (want bfs or astar)`},
		{Options{Trace: "all"}, `unknown diagnostic trace "all" (want none or shortest)`},
		{Options{Symmetry: "partial"}, `unknown symmetry reduction "partial" (want on or off)`},
		{Options{Heuristic: Heuristic{Name: "hz"}}, `unknown heuristic "hz" (want hl or pdb)`},
		{Options{Heuristic: Heuristic{Name: "pdb", Params: map[string]string{"select": "best"}}}, `heuristic pdb: select=best is not allowed (want dprc or rd)`},
		{Options{Heuristic: Heuristic{Name: "pdb", Params: map[string]string{"width": "9"}}}, `heuristic pdb has no parameter width (want select, table or size)`},
		{Options{Heuristic: Heuristic{Name: "pdb", Params: map[string]string{"size": "65"}}}, `heuristic pdb: size=65 is not allowed (want a whole number from 1 to 64)`},
		{Options{Heuristic: Heuristic{Name: "pdb", Params: map[string]string{"size": "0"}}}, `heuristic pdb: size=0 is not allowed (want a whole number from 1 to 64)`},
		{Options{Heuristic: Heuristic{Name: "pdb", Params: map[string]string{"size": "2.5"}}}, `heuristic pdb: size=2.5 is not allowed (want a whole number from 1 to 64)`},
		{Options{Heuristic: Heuristic{Name: "hl", Params: map[string]string{"size": "9"}}}, `heuristic hl has no parameters, got size`},
	} {
		b, err := EncodeRequest(&Request{Version: Version, Options: tc.o})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := DecodeRequest(b, sampleCatalog()); err == nil || err.Error() != tc.want {
			t.Errorf("%+v: %v, want %s", tc.o, err, tc.want)
		}
	}
	// A whole number within the range is taken.
	b, _ := EncodeRequest(&Request{Version: Version, Options: Options{Heuristic: Heuristic{Name: "pdb", Params: map[string]string{"size": "64"}}}})
	if _, err := DecodeRequest(b, sampleCatalog()); err != nil {
		t.Errorf("size=64: %v", err)
	}
	// Names and aliases are matched without regard to case.
	b, _ = EncodeRequest(&Request{Version: Version, Options: Options{Order: "A*", Heuristic: Heuristic{Name: "HL"}}})
	if _, err := DecodeRequest(b, sampleCatalog()); err != nil {
		t.Errorf("an alias in capitals: %v", err)
	}
	// A malformed heuristic is refused by the msgpack decoder itself.
	b, _ = msgpack.Marshal(map[string]any{"v": Version, "options": map[string]any{"heuristic": "pdb:select"}})
	if _, err := DecodeRequest(b, sampleCatalog()); err == nil || !strings.Contains(err.Error(), "want name:parameter=value") {
		t.Errorf("malformed heuristic: %v", err)
	}
}

func TestLookupPicks(t *testing.T) {
	p, err := sampleCatalog().Lookup(Options{Order: "astar", Heuristic: Heuristic{Name: "pdb"}})
	if err != nil || p != (Picks{Order: 1, Heuristic: 1, Trace: -1, Symmetry: -1}) {
		t.Errorf("Lookup: %+v, %v", p, err)
	}
	p, err = sampleCatalog().Lookup(Options{Symmetry: "OFF"})
	if err != nil || p != (Picks{Order: -1, Heuristic: -1, Trace: -1, Symmetry: 1}) {
		t.Errorf("Lookup: %+v, %v", p, err)
	}
}
