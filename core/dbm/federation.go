// Federations: finite unions of zones of one dimension, with subtraction.

package dbm

import (
	"fmt"
	"strings"
)

// Federation is a finite union of zones (closed, non-empty DBMs) of one
// dimension. Zones are not kept disjoint, and a zone may lie inside the
// union of others; only Add drops a zone included in a single other zone.
// The empty federation has no zones.
//
// Federations serve the semantics layer where a zone is not enough: the
// complement of a clock constraint inside a zone, and the deadlock test
// (a zone minus the union of the pre-images of its transitions). They are
// not used by the search's passed list, so the operations favour clarity
// over speed: Includes is "subtract and test for emptiness" (exact, and
// exponential in the worst case), as in UDBM's fed_t::le.
type Federation struct {
	dim   int
	zones []*DBM
}

// NewFederation returns the empty federation of dimension dim.
func NewFederation(dim int) *Federation {
	return &Federation{dim: dim}
}

// FederationOf returns the federation holding a copy of z, or the empty
// federation when z is empty.
func FederationOf(z *DBM) *Federation {
	f := NewFederation(z.Dim())
	f.Add(z)
	return f
}

// Dim returns the dimension of the federation's zones.
func (f *Federation) Dim() int { return f.dim }

// Len returns the number of zones in the federation.
func (f *Federation) Len() int { return len(f.zones) }

// Zones returns the federation's zones. They belong to the federation:
// the caller must not modify them.
func (f *Federation) Zones() []*DBM { return f.zones }

// IsEmpty reports whether the federation contains no valuation. Zones of a
// federation are never empty, so it is empty exactly when it has no zone.
func (f *Federation) IsEmpty() bool { return len(f.zones) == 0 }

// Copy returns a deep copy of f.
func (f *Federation) Copy() *Federation {
	g := &Federation{dim: f.dim, zones: make([]*DBM, len(f.zones))}
	for i, z := range f.zones {
		g.zones[i] = z.Copy()
	}
	return g
}

// Add adds a copy of the zone z (closed, of dimension f.Dim()) to the
// union. An empty z is ignored; so is a z included in one of f's zones,
// and f's zones included in z are dropped.
func (f *Federation) Add(z *DBM) {
	f.checkDim(z)
	if z.IsEmpty() {
		return
	}
	f.addOwned(z.Copy())
}

// addOwned adds z without copying it; z must be closed and non-empty.
func (f *Federation) addOwned(z *DBM) {
	kept := f.zones[:0]
	for _, y := range f.zones {
		if y.Includes(z) {
			// Keep the rest untouched: z adds nothing.
			return
		}
	}
	for _, y := range f.zones {
		if !z.Includes(y) {
			kept = append(kept, y)
		}
	}
	for i := len(kept); i < len(f.zones); i++ {
		f.zones[i] = nil
	}
	f.zones = append(kept, z)
}

// Union adds every zone of g to f. g is not modified.
func (f *Federation) Union(g *Federation) {
	f.checkFed(g)
	for _, z := range g.zones {
		f.addOwned(z.Copy())
	}
}

// Intersect intersects every zone of f with the closed zone z and drops
// the zones that become empty.
func (f *Federation) Intersect(z *DBM) {
	f.checkDim(z)
	kept := f.zones[:0]
	for _, y := range f.zones {
		if y.Intersect(z) {
			kept = append(kept, y)
		}
	}
	f.truncate(kept)
}

// IntersectFederation sets f to f ∩ g, zone by zone (|f|·|g| intersections).
func (f *Federation) IntersectFederation(g *Federation) {
	f.checkFed(g)
	old := f.zones
	f.zones = nil
	for _, y := range old {
		for _, z := range g.zones {
			c := y.Copy()
			if c.Intersect(z) {
				f.addOwned(c)
			}
		}
	}
}

// Constrain intersects every zone of f with x_i − x_j ≺ b and drops the
// zones that become empty.
func (f *Federation) Constrain(i, j int, b Bound) {
	kept := f.zones[:0]
	for _, y := range f.zones {
		if y.Constrain(i, j, b) {
			kept = append(kept, y)
		}
	}
	f.truncate(kept)
}

// Subtract sets f to f minus the zone z (closed, same dimension). The
// complement of x_i − x_j ≺ c is x_j − x_i ≺' −c (≤ and < swapped), which
// is Bound.Negate.
//
// The algorithm is the standard DBM difference (Bengtsson & Yi 2004,
// section 4; UDBM's dbm_substract): a zone A minus B is the union, over
// the constraints x_i − x_j ≺ c of B in turn, of A ∧ ¬(x_i − x_j ≺ c)
// ∧ (the constraints of B already used). Each piece is a zone, the pieces
// are pairwise disjoint, and constraints of B that A already satisfies
// produce no piece. A that does not meet B is kept whole.
func (f *Federation) Subtract(z *DBM) {
	f.checkDim(z)
	if z.IsEmpty() {
		return
	}
	old := f.zones
	f.zones = nil
	for _, a := range old {
		f.subtractZone(a, z)
	}
}

// subtractZone adds the pieces of a minus b to f; it may consume a.
func (f *Federation) subtractZone(a, b *DBM) {
	probe := a.Copy()
	if !probe.Intersect(b) {
		f.zones = append(f.zones, a) // disjoint: a survives whole
		return
	}
	dim := f.dim
	rb := b.Raw()
	rest := a
	for i := 0; i < dim; i++ {
		for j := 0; j < dim; j++ {
			if i == j || rb[i*dim+j] == LTInfinity {
				continue
			}
			c := rb[i*dim+j]
			if rest.Raw()[i*dim+j] <= c {
				continue // rest already satisfies the constraint
			}
			piece := rest.Copy()
			if piece.Constrain(j, i, c.Negate()) {
				f.zones = append(f.zones, piece)
			}
			if !rest.Constrain(i, j, c) {
				return
			}
		}
	}
	// What is left of a lies inside b: it is subtracted away.
}

// SubtractFederation sets f to f minus every zone of g.
func (f *Federation) SubtractFederation(g *Federation) {
	f.checkFed(g)
	for _, z := range g.zones {
		if f.IsEmpty() {
			return
		}
		f.Subtract(z)
	}
}

// Includes reports whether the zone z is a subset of the union f. It
// subtracts f from z and tests the difference for emptiness, which is
// exact (a zone may be covered by several zones and by none alone).
func (f *Federation) Includes(z *DBM) bool {
	f.checkDim(z)
	if z.IsEmpty() {
		return true
	}
	for _, y := range f.zones {
		if y.Includes(z) {
			return true // the common case, without splitting
		}
	}
	d := FederationOf(z)
	d.SubtractFederation(f)
	return d.IsEmpty()
}

// IncludesFederation reports whether every zone of g is a subset of f.
func (f *Federation) IncludesFederation(g *Federation) bool {
	f.checkFed(g)
	for _, z := range g.zones {
		if !f.Includes(z) {
			return false
		}
	}
	return true
}

// Down replaces every zone by its past (the valuations from which some
// delay leads into the zone). Zones that come to include others absorb
// them.
func (f *Federation) Down() {
	old := f.zones
	f.zones = nil
	for _, z := range old {
		z.Down()
		f.addOwned(z)
	}
}

// Up replaces every zone by its future.
func (f *Federation) Up() {
	old := f.zones
	f.zones = nil
	for _, z := range old {
		z.Up()
		f.addOwned(z)
	}
}

// truncate keeps the zones in kept (a prefix-reuse of f.zones) and clears
// the tail so dropped zones can be collected.
func (f *Federation) truncate(kept []*DBM) {
	for i := len(kept); i < len(f.zones); i++ {
		f.zones[i] = nil
	}
	f.zones = kept
}

// Hull returns the smallest zone that includes every zone of f, a new
// DBM (the largest bound of each entry). f must not be empty.
func (f *Federation) Hull() *DBM {
	h := f.zones[0].Copy()
	for _, z := range f.zones[1:] {
		for k, b := range z.m {
			if b > h.m[k] {
				h.m[k] = b
			}
		}
	}
	return h
}

// String prints the federation as its zones joined by " ∪ ", "∅" when empty.
func (f *Federation) String() string {
	if len(f.zones) == 0 {
		return "∅"
	}
	parts := make([]string, len(f.zones))
	for i, z := range f.zones {
		parts[i] = fmt.Sprint(z)
	}
	return strings.Join(parts, " ∪ ")
}

// checkDim panics when z's dimension differs from f's: mixing dimensions
// is a programming error, never a consequence of user input.
func (f *Federation) checkDim(z *DBM) {
	if z.Dim() != f.dim {
		panic(fmt.Sprintf("dbm: federation of dimension %d used with a zone of dimension %d", f.dim, z.Dim()))
	}
}

func (f *Federation) checkFed(g *Federation) {
	if g.dim != f.dim {
		panic(fmt.Sprintf("dbm: federations of dimensions %d and %d mixed", f.dim, g.dim))
	}
}
