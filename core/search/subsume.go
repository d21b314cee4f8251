// Subsumption: a coarser test than inclusion, supplied by the state space.

package search

import "beeline/core/dbm"

// Subsumer is implemented by a Space whose abstraction lets the passed
// list compare zones of the same discrete part by a test coarser than
// inclusion, such as core/zone's aLU subsumption (z ⊆ aLU(stored) with
// the bounds of the discrete part). Run uses it for StoreOptions.Subsumes.
//
// The test must be a preorder implied by inclusion — reflexive,
// transitive, true whenever z ⊆ stored — so that the live zones of a key
// stay an antichain and one pass of the store's sweep suffices. It must
// be a simulation: the successors of a subsumed state are subsumed by
// successors of the subsuming one, and the goal holding on a subsumed
// state holds on the subsuming one, so that discarding the subsumed state
// loses no goal. Under CoverRequiresSmallerDepth it also keeps the trace
// lengths of BFS minimal, by the argument for inclusion in the package
// documentation.
type Subsumer interface {
	// Subsumption returns the test, or nil when zones must be compared
	// by inclusion.
	Subsumption() func(d []int32, z, stored *dbm.DBM) bool
}

// subsumption widens rel, the inclusion relation between stored, the
// decoded zone of nd, and z (a zone of the discrete part d and the given
// depth), by
// StoreOptions.Subsumes: Superset when the stored zone subsumes z, Subset
// when z subsumes it. The second test is skipped when the first lets the
// sweep stop.
func (s *Store) subsumption(d []int32, nd *node, stored, z *dbm.DBM, rel dbm.Relation, depth int32) dbm.Relation {
	if rel&dbm.Superset == 0 && s.opts.Subsumes(d, z, stored) {
		rel |= dbm.Superset
	}
	if rel&dbm.Superset != 0 && (!s.opts.CoverRequiresSmallerDepth || nd.level() <= depth) {
		return rel
	}
	if rel&dbm.Subset == 0 && s.opts.Subsumes(d, stored, z) {
		rel |= dbm.Subset
	}
	return rel
}

// covers reports whether the live zone a of the discrete part d covers
// the live zone b: it includes it or, under StoreOptions.Subsumes,
// subsumes it.
func (s *Store) covers(d []int32, a, b *dbm.DBM) bool {
	return a.Includes(b) || s.opts.Subsumes != nil && s.opts.Subsumes(d, b, a)
}

// subsumesOf returns sp's subsumption test, or nil.
func subsumesOf(sp Space) func(d []int32, z, stored *dbm.DBM) bool {
	if sub, ok := sp.(Subsumer); ok {
		return sub.Subsumption()
	}
	return nil
}
