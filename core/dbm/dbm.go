// The DBM type: construction, access, copying, comparison and hashing.

package dbm

import "fmt"

// A DBM is a difference bound matrix over dim−1 clocks and the reference
// clock x_0 = 0. Entry m[i*dim+j] bounds x_i − x_j. See the package
// documentation for the invariants every operation maintains.
//
// The zero DBM has no matrix and is not usable; build one with New or
// FromRaw.
type DBM struct {
	dim int
	m   []Bound
}

// New returns a DBM of dimension dim (dim−1 clocks plus the reference clock)
// holding the zone where every clock is 0 (see Zero). It allocates dim²
// bounds. Precondition (checked, panics): dim ≥ 1.
func New(dim int) *DBM {
	if dim < 1 {
		panic(fmt.Sprintf("dbm: dimension %d is less than 1", dim))
	}
	d := &DBM{dim: dim, m: make([]Bound, dim*dim)}
	d.Zero()
	return d
}

// FromRaw returns a DBM that uses raw as its matrix without copying it, so a
// store can keep many DBMs in one slab of bounds and look at one of them
// without allocating. Writes through the DBM go to raw. The contents are
// taken as they are: call Check to validate them. Precondition (checked,
// panics): dim ≥ 1 and len(raw) == dim*dim.
func FromRaw(dim int, raw []Bound) DBM {
	if dim < 1 || len(raw) != dim*dim {
		panic(fmt.Sprintf("dbm: %d bounds do not make a matrix of dimension %d", len(raw), dim))
	}
	return DBM{dim: dim, m: raw[: dim*dim : dim*dim]}
}

// Raw returns the matrix in row-major order, entry i*dim+j bounding x_i − x_j.
// The slice aliases the DBM: copy it to keep a snapshot.
func (d *DBM) Raw() []Bound { return d.m }

// Dim returns the dimension: the number of clocks plus one.
func (d *DBM) Dim() int { return d.dim }

// At returns the bound on x_i − x_j. Precondition (checked by the runtime's
// index check): 0 ≤ i, j < Dim().
func (d *DBM) At(i, j int) Bound { return d.m[i*d.dim+j] }

// Set stores b as the bound on x_i − x_j without closing the matrix. It is the
// raw write used to build a constraint system; call Close afterwards.
// Precondition (index checked by the runtime): 0 ≤ i, j < Dim().
func (d *DBM) Set(i, j int, b Bound) { d.m[i*d.dim+j] = b }

// Zero sets d to the zone where every clock is 0: all entries LEZero. The
// result is closed and non-empty.
func (d *DBM) Zero() {
	for k := range d.m {
		d.m[k] = LEZero
	}
}

// Unconstrained sets d to the zone of all non-negative valuations: row 0 and
// the diagonal are LEZero, every other entry LTInfinity. UDBM calls this
// dbm_init. The result is closed and non-empty.
func (d *DBM) Unconstrained() {
	n := d.dim
	for k := range d.m {
		d.m[k] = LTInfinity
	}
	for j := 0; j < n; j++ {
		d.m[j] = LEZero
		d.m[j*n+j] = LEZero
	}
}

// SetEmpty marks d as the empty zone (see IsEmpty). The other entries are
// left as they are and carry no meaning.
func (d *DBM) SetEmpty() { d.m[0] = LTZero }

// IsEmpty reports whether d is the empty zone. Every operation that finds a
// zone empty marks it by a negative entry at (0,0), so this is one load.
// Precondition: d was produced by an operation of this package or closed by
// Close; an unclosed matrix may be empty without being marked.
func (d *DBM) IsEmpty() bool { return d.m[0] < LEZero }

// Copy returns a new DBM equal to d. It allocates.
func (d *DBM) Copy() *DBM {
	c := &DBM{dim: d.dim, m: make([]Bound, len(d.m))}
	copy(c.m, d.m)
	return c
}

// CopyFrom overwrites d with src without allocating. Precondition (checked,
// panics): src.Dim() == d.Dim().
func (d *DBM) CopyFrom(src *DBM) {
	if src.dim != d.dim {
		panic(fmt.Sprintf("dbm: copy from dimension %d into dimension %d", src.dim, d.dim))
	}
	copy(d.m, src.m)
}

// Equal reports whether d and o denote the same zone. For closed DBMs that is
// equality of the matrices; two empty DBMs are equal whatever their other
// entries. DBMs of different dimensions are never equal.
func (d *DBM) Equal(o *DBM) bool {
	if d.dim != o.dim {
		return false
	}
	de, oe := d.IsEmpty(), o.IsEmpty()
	if de || oe {
		return de == oe
	}
	a, b := d.m, o.m[:len(d.m)]
	for k, x := range a {
		if x != b[k] {
			return false
		}
	}
	return true
}

// Hash returns a 64-bit hash of the zone: equal DBMs (see Equal) hash equal.
// It mixes two bounds per 64-bit word with one multiply and xor-shift step,
// and finishes with the SplitMix64 finaliser. A byte-wise FNV-1a would cost
// one multiply per byte, eight times as many.
func (d *DBM) Hash() uint64 {
	h := uint64(d.dim)*0x9e3779b97f4a7c15 ^ 0x2545f4914f6cdd1d
	if d.IsEmpty() {
		return Mix(h)
	}
	m := d.m
	for len(m) >= 2 {
		w := uint64(uint32(m[0])) | uint64(uint32(m[1]))<<32
		h = (h ^ w) * 0xbf58476d1ce4e5b9
		h ^= h >> 31
		m = m[2:]
	}
	if len(m) == 1 {
		h = (h ^ uint64(uint32(m[0]))) * 0xbf58476d1ce4e5b9
	}
	return Mix(h)
}

// Mix is the SplitMix64 finaliser, which the DBMs' hashes end with (and
// others may use).
func Mix(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return h
}
