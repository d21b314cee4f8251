package options

import (
	"context"
	"strings"
	"testing"

	"beeline/core/heuristic"
	"beeline/core/heuristic/graphdist"
	"beeline/core/internal/testmodel"
	"beeline/core/model"
	"beeline/core/protocol"
	"beeline/core/search"
	"beeline/core/verify"
)

const fischerBroken = "../../testdata/models/fischer-broken.xml"

func TestBuiltinInvariants(t *testing.T) {
	if err := Builtin().Check(); err != nil {
		t.Fatal(err)
	}
}

// Check finds each kind of broken entry.
func TestCheckRefusesBrokenEntries(t *testing.T) {
	for _, tc := range []struct {
		name    string
		breakIt func(r *Registry)
		want    string
	}{
		{"no label", func(r *Registry) { r.Orders[1].Label = "" }, `search order "dfs" needs a label`},
		{"no description", func(r *Registry) { r.Traces[0].Description = "" }, `diagnostic trace "none" needs a label and a description`},
		{"same name", func(r *Registry) { r.Heuristics[1].Name = "dl" }, `heuristic name "dl" is empty, not a word, or taken`},
		{"alias taken", func(r *Registry) { r.Orders[0].Aliases = []string{"dfs"} }, `search order name "dfs"`},
		{"no name", func(r *Registry) { r.Traces[2].Name = "" }, `diagnostic trace name ""`},
		{"not a word", func(r *Registry) { r.Heuristics[0].Name = "d:l" }, `heuristic name "d:l"`},
		{"no constructor", func(r *Registry) { r.Heuristics[2].New = nil }, `heuristic "hl" has no constructor`},
		{"two suggested", func(r *Registry) { r.Orders[1].Suggested = true }, `2 search orders are suggested, want one`},
		{"no symmetry suggested", func(r *Registry) { r.Symmetries[0].Suggested = false }, `0 symmetry reductions are suggested, want one`},
		{"bad default", func(r *Registry) {
			r.Heuristics[0].Params = []protocol.Param{{Name: "select", Label: "selection", Values: []string{"rd"}, Default: "dprc"}}
		}, `heuristic dl: the default select=dprc is not an allowed value`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Builtin()
			tc.breakIt(r)
			if err := r.Check(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Check: %v, want %q", err, tc.want)
			}
		})
	}
}

// Every entry is read back by its name and each alias, to its own value.
func TestApplyEveryName(t *testing.T) {
	r := Builtin()
	for _, o := range r.Orders {
		for _, name := range append([]string{o.Name}, o.Aliases...) {
			v := verify.Options{Order: search.Order(99)}
			if err := r.Apply(protocol.Options{Order: protocol.Order(name)}, &v); err != nil || v.Order != o.Order {
				t.Errorf("order %s: %v, %v", name, v.Order, err)
			}
		}
	}
	for _, tr := range r.Traces {
		v := verify.Options{Trace: verify.TraceMode(99)}
		if err := r.Apply(protocol.Options{Trace: protocol.TraceMode(tr.Name)}, &v); err != nil || v.Trace != tr.Mode {
			t.Errorf("trace %s: %v, %v", tr.Name, v.Trace, err)
		}
	}
	for _, s := range r.Symmetries {
		v := verify.Options{NoSymmetry: !s.Off}
		if err := r.Apply(protocol.Options{Symmetry: protocol.Symmetry(s.Name)}, &v); err != nil || v.NoSymmetry != s.Off {
			t.Errorf("symmetry %s: %v, %v", s.Name, v.NoSymmetry, err)
		}
	}
	n := testmodel.File(t, fischerBroken)
	target := heuristic.TargetOf(n, testmodel.Query(t, n, "E<> P(1).cs"))
	for _, h := range r.Heuristics {
		build, err := r.NewHeuristic(h.Name)
		if err != nil || build == nil {
			t.Fatalf("heuristic %s: %v", h.Name, err)
		}
		built, err := build(n, target)
		if err != nil {
			t.Fatalf("heuristic %s: %v", h.Name, err)
		}
		if got := built.Info().Name; got != h.Name {
			t.Errorf("heuristic %s builds %s", h.Name, got)
		}
	}
}

// The zero Options leaves the verifier's options alone.
func TestApplyNothing(t *testing.T) {
	v := verify.Options{Order: search.DFS, Trace: verify.TraceSome}
	if err := Builtin().Apply(protocol.Options{}, &v); err != nil || v.Order != search.DFS || v.Trace != verify.TraceSome || v.Heuristic != nil {
		t.Errorf("Apply of nothing: %+v, %v", v, err)
	}
	if h, err := Builtin().NewHeuristic("none"); h != nil || err != nil {
		t.Errorf(`NewHeuristic("none"): %v, %v`, h != nil, err)
	}
}

// Unknown names are refused with the list of the valid ones.
func TestApplyRefusesUnknownNames(t *testing.T) {
	r := Builtin()
	for _, tc := range []struct {
		o    protocol.Options
		want string
	}{
		{protocol.Options{Order: "sideways"}, `unknown search order "sideways" (want bfs, dfs, rdfs, astar, gbfs or auto)`},
		{protocol.Options{Trace: "all"}, `unknown diagnostic trace "all" (want none, some or shortest)`},
		{protocol.Options{Symmetry: "maybe"}, `unknown symmetry reduction "maybe" (want on or off)`},
		{protocol.Options{Heuristic: protocol.Heuristic{Name: "hz"}}, `unknown heuristic "hz" (want dl, du, hl, hu, pdb, mas or pa)`},
		{protocol.Options{Heuristic: protocol.Heuristic{Name: "hl", Params: map[string]string{"k": "1"}}}, `heuristic hl has no parameters, got k`},
	} {
		var v verify.Options
		if err := r.Apply(tc.o, &v); err == nil || err.Error() != tc.want {
			t.Errorf("%+v: %v, want %s", tc.o, err, tc.want)
		}
	}
	if _, err := r.NewHeuristic("hl:"); err == nil {
		t.Error("a malformed heuristic was accepted")
	}
}

// The traits a heuristic's entry claims are those the heuristic reports
// of itself, and Precomputes says whether it has a table to cache.
func TestHeuristicTraits(t *testing.T) {
	n := testmodel.File(t, fischerBroken)
	target := heuristic.TargetOf(n, testmodel.Query(t, n, "E<> P(1).cs && P(2).cs"))
	for _, e := range Builtin().Heuristics {
		h, err := e.New(n, target, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := h.Precompute(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
		info := h.Info()
		if info.Admissible != e.Admissible || info.Consistent != e.Consistent {
			t.Errorf("%s: the entry says admissible %v, consistent %v; the heuristic %v", e.Name, e.Admissible, e.Consistent, info)
		}
		table, err := h.Table()
		if err != nil || (table != nil) != e.Precomputes {
			t.Errorf("%s: the entry says precomputes %v; its table has %d bytes (%v)", e.Name, e.Precomputes, len(table), err)
		}
	}
}

// A heuristic with parameters is one more entry: it shows in the catalog,
// its parameters are checked, and its constructor gets them with the
// defaults filled in.
func TestAddHeuristicWithParameters(t *testing.T) {
	r := Builtin()
	var got map[string]string
	r.Heuristics = append(r.Heuristics, Heuristic{
		Choice: protocol.Choice{Name: "tab", Label: "Table", Description: "a precomputed table", Admissible: true, Precomputes: true,
			Params: []protocol.Param{
				{Name: "select", Label: "pattern selection", Description: "how patterns are chosen", Values: []string{"dprc", "rd"}, Default: "dprc"},
				{Name: "table", Label: "table file", Description: "a precomputed table"}}},
		New: func(n *model.Network, t *heuristic.Target, params map[string]string) (heuristic.Heuristic, error) {
			got = params
			return graphdist.New(n, t, graphdist.Max), nil
		},
	})
	if err := r.Check(); err != nil {
		t.Fatal(err)
	}
	if c := r.Catalog(); c.Heuristics[len(c.Heuristics)-1].Params[0].Default != "dprc" {
		t.Errorf("the catalog does not describe pdb: %+v", c.Heuristics)
	}
	n := testmodel.File(t, fischerBroken)
	for spec, want := range map[string]string{"tab": "select=dprc", "tab:select=rd,table=f.pdb": "select=rd,table=f.pdb"} {
		build, err := r.NewHeuristic(spec)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if _, err := build(n, heuristic.TargetOf(n, nil)); err != nil {
			t.Fatal(err)
		}
		if s := paramString(got); s != want {
			t.Errorf("%s: the constructor got %s, want %s", spec, s, want)
		}
	}
	if _, err := r.NewHeuristic("tab:select=best"); err == nil || !strings.Contains(err.Error(), "want dprc or rd") {
		t.Errorf("a value tab does not allow: %v", err)
	}
}

func paramString(m map[string]string) string {
	return strings.TrimPrefix(protocol.Heuristic{Name: "x", Params: m}.String(), "x:")
}
