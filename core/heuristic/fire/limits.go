// The limits of the enumerations, the values a slot may take, and the
// expansion of a declared range.

package fire

import "slices"

// Limits of the enumerations. Past them a heuristic follows a
// transition coarsely: its abstraction is coarser, never unsound.
const (
	// MaxDomain is the most values a slot is followed with.
	MaxDomain = 256
	// MaxEnum bounds the valuations one transition is evaluated on.
	MaxEnum = 1 << 12
)

// A Domain is the sorted values a slot may take. nil stands for wide:
// more than MaxDomain values, too many to follow.
type Domain []int32

// Add returns d with v added and whether d changed. Past MaxDomain
// values it returns nil (wide), which is a change; a wide d stays wide.
func (d Domain) Add(v int32) (Domain, bool) {
	if d == nil {
		return nil, false
	}
	i, found := slices.BinarySearch(d, v)
	if found {
		return d, false
	}
	if d = slices.Insert(d, i, v); len(d) > MaxDomain {
		return nil, true
	}
	return d, true
}

// Range returns the values lo through hi in order, or nil (wide) when
// there are more than MaxDomain or none. It counts in int64: an int32
// counter would wrap around past the largest int32 and never end when
// the range ends there.
func Range(lo, hi int32) Domain {
	if int64(hi)-int64(lo) >= MaxDomain || lo > hi {
		return nil
	}
	r := make(Domain, 0, int64(hi)-int64(lo)+1)
	for x := int64(lo); x <= int64(hi); x++ {
		r = append(r, int32(x))
	}
	return r
}
