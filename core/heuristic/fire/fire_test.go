// Ranges at the ends of int32, domains, the odometer's order and
// limits, and a fixpoint of slot domains.

package fire_test

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"beeline/core/heuristic/fire"
	"beeline/core/heuristic/labels"
	"beeline/core/internal/testmodel"
)

// TestRangeEndsOfInt32 expands ranges that end at the largest and start
// at the smallest int32, which a counter of the range's own type would
// pass by wrapping around (mas once looped forever there), and ranges
// that are not expanded: wider than MaxDomain, or empty.
func TestRangeEndsOfInt32(t *testing.T) {
	tests := []struct {
		name   string
		lo, hi int32
		want   fire.Domain
	}{
		{"top", math.MaxInt32 - 2, math.MaxInt32, fire.Domain{math.MaxInt32 - 2, math.MaxInt32 - 1, math.MaxInt32}},
		{"bottom", math.MinInt32, math.MinInt32 + 1, fire.Domain{math.MinInt32, math.MinInt32 + 1}},
		{"one value", math.MaxInt32, math.MaxInt32, fire.Domain{math.MaxInt32}},
		{"MaxDomain values", math.MaxInt32 - fire.MaxDomain + 1, math.MaxInt32, nil}, // checked by length below
		{"too wide", 0, fire.MaxDomain, nil},
		{"all of int32", math.MinInt32, math.MaxInt32, nil},
		{"empty", 1, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := fire.Range(tt.lo, tt.hi)
			if tt.name == "MaxDomain values" {
				if len(got) != fire.MaxDomain || got[len(got)-1] != math.MaxInt32 {
					t.Errorf("Range [%d, %d] has %d values ending at %d, want %d ending at %d", tt.lo, tt.hi, len(got), got[len(got)-1], fire.MaxDomain, math.MaxInt32)
				}
				return
			}
			if !slices.Equal(got, tt.want) || (got == nil) != (tt.want == nil) {
				t.Errorf("Range [%d, %d] = %v, want %v", tt.lo, tt.hi, got, tt.want)
			}
		})
	}
}

// TestDomainAdd adds values in any order, keeps them sorted and once,
// widens past MaxDomain and stays wide.
func TestDomainAdd(t *testing.T) {
	d := fire.Domain{5}
	for _, v := range []int32{3, 5, 9, math.MinInt32, 3} {
		d, _ = d.Add(v)
	}
	if want := (fire.Domain{math.MinInt32, 3, 5, 9}); !slices.Equal(d, want) {
		t.Fatalf("domain %v, want %v", d, want)
	}
	if _, changed := d.Add(9); changed {
		t.Errorf("adding a value already there changed the domain")
	}
	for v := range int32(fire.MaxDomain) {
		d, _ = d.Add(100 + v)
	}
	if d != nil {
		t.Fatalf("%d values, want wide (nil) past %d", len(d), fire.MaxDomain)
	}
	if d, changed := d.Add(1); d != nil || changed {
		t.Errorf("a wide domain took a value")
	}
}

const selects = `
int[0,3] a;
int[0,1] b;
process P {
    state A, B;
    init A;
    trans
        A -> B { select i : int[0,1]; guard a + i != 2; assign b = i; },
        B -> A { select j : int[0,1]; };
}
system P;`

// TestEnumOrder walks slots and select bindings in the order they were
// added, the last turning fastest, and loads the slots' values.
func TestEnumOrder(t *testing.T) {
	n := testmodel.Source(t, "selects.xta", selects)
	f := fire.New(t.Context(), n)
	edges := []labels.EdgeRef{{Proc: 0, Edge: 0}}
	tests := []struct {
		name      string
		slotFirst bool
		want      string
	}{
		{"slot first", true, "a=0 i=0,a=0 i=1,a=2 i=0,a=2 i=1,"},
		{"select first", false, "a=0 i=0,a=2 i=0,a=0 i=1,a=2 i=1,"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			en := f.Enum(edges)
			if tt.slotFirst && !en.Slot(0, fire.Domain{0, 2}) || !en.Selects(0) || !tt.slotFirst && !en.Slot(0, fire.Domain{0, 2}) {
				t.Fatal("a small enumeration refused")
			}
			got := ""
			for en.Next() {
				f.Load(en, edges)
				got += fmt.Sprintf("a=%d i=%d,", f.Env.Vars[0], en.Sels[0][0])
			}
			if got != tt.want {
				t.Errorf("valuations %s, want %s", got, tt.want)
			}
		})
	}
}

// TestEnumLimits refuses a wide slot and an enumeration past MaxEnum,
// and walks nothing when a binding's range is empty.
func TestEnumLimits(t *testing.T) {
	n := testmodel.Source(t, "selects.xta", selects)
	f := fire.New(t.Context(), n)
	if en := f.Enum(nil); en.Slot(0, nil) {
		t.Error("a wide slot was enumerated")
	}
	en := f.Enum(nil)
	for k := range 100 {
		if !en.Slot(int32(k), fire.Domain{0, 1}) {
			if k != 12 {
				t.Errorf("refused at %d binary slots, want 12 (MaxEnum %d)", k+1, fire.MaxEnum)
			}
			break
		}
	}
	// Once refused, always refused: 256 values in each of 8 dimensions
	// make 2^64, which a product that wrapped round would take for 0
	// and let every later dimension in.
	en = f.Enum(nil)
	dom := fire.Range(0, 255)
	for k := range 40 {
		if en.Slot(int32(k), dom) != (k < 1) {
			t.Fatalf("slot %d of 256 values: accepted %v, want only the first", k, !(k < 1))
		}
	}
	en.Next()
	n256 := 0
	for en.Next() {
		n256++
	}
	if n256 != 255 {
		t.Errorf("walked %d more valuations after the first, want 255", n256)
	}
	// The checker refuses an empty range in a model; an edge built
	// otherwise may still carry one.
	n.Processes[0].Edges[1].Select[0].Lo = 1
	n.Processes[0].Edges[1].Select[0].Hi = 0
	en = f.Enum([]labels.EdgeRef{{Proc: 0, Edge: 1}})
	if !en.Selects(0) || !en.Empty() || en.Next() {
		t.Error("an empty select range was enumerated")
	}
	en = f.Enum([]labels.EdgeRef{{Proc: 0, Edge: 0, Sel: []int32{1}}})
	if !en.Selects(0) || !en.Next() || en.Sels[0][0] != 1 || en.Next() {
		t.Error("select values fixed by the label were enumerated")
	}
}

// TestDomains finds the values an edge writes over what it reads: b
// takes i where a + i != 2 from a's one value 0, so both of its values;
// a, written by nothing, keeps its initial value.
func TestDomains(t *testing.T) {
	n := testmodel.Source(t, "selects.xta", selects)
	f := fire.New(t.Context(), n)
	f.SourceInvariants = true
	ls, err := labels.Build(n)
	if err != nil {
		t.Fatal(err)
	}
	dom, err := f.Domains(ls)
	if err != nil {
		t.Fatal(err)
	}
	if want := []fire.Domain{{0}, {0, 1}}; !slices.EqualFunc(dom, want, slices.Equal) {
		t.Errorf("domains %v, want %v", dom, want)
	}
}
