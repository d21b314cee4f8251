// Renaming clocks: exchanging two clocks of a zone.

package dbm

// SwapClocks exchanges clocks i and j: afterwards d holds the valuations
// of d with the values of x_i and x_j exchanged. It swaps rows i and j
// and columns i and j, in O(Dim). Symmetry reduction renames the clocks
// of processes it exchanges this way. A closed DBM stays closed, since
// closure does not depend on how clocks are numbered. Precondition
// (checked, panics): 0 < i, j < Dim(); the reference clock has no peer.
func (d *DBM) SwapClocks(i, j int) {
	if i <= 0 || j <= 0 || i >= d.dim || j >= d.dim {
		panic("dbm: SwapClocks of the reference clock or out of range")
	}
	if i == j {
		return
	}
	n := d.dim
	ri, rj := d.m[i*n:i*n+n], d.m[j*n:j*n+n]
	for k := range n {
		ri[k], rj[k] = rj[k], ri[k]
	}
	for k := range n {
		d.m[k*n+i], d.m[k*n+j] = d.m[k*n+j], d.m[k*n+i]
	}
}
