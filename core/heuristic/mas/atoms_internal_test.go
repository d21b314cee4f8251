// The enumeration of a slot's range, at the ends of int32.

package mas

import (
	"math"
	"slices"
	"testing"

	"beeline/core/model"
)

// TestRangeOfEndsOfInt32 enumerates ranges that end at the largest and
// start at the smallest int32, which a counter of the range's own type
// would pass by wrapping around, and one wider than maxDomain, which is
// not enumerated.
func TestRangeOfEndsOfInt32(t *testing.T) {
	tests := []struct {
		name   string
		lo, hi int32
		want   []int32
	}{
		{"top", math.MaxInt32 - 2, math.MaxInt32, []int32{math.MaxInt32 - 2, math.MaxInt32 - 1, math.MaxInt32}},
		{"bottom", math.MinInt32, math.MinInt32 + 1, []int32{math.MinInt32, math.MinInt32 + 1}},
		{"one value", math.MaxInt32, math.MaxInt32, []int32{math.MaxInt32}},
		{"too wide", 0, maxDomain, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &builder{net: &model.Network{Vars: []model.Var{{Name: "v", Lo: tt.lo, Hi: tt.hi}}}}
			if got := b.rangeOf(0); !slices.Equal(got, tt.want) {
				t.Errorf("rangeOf [%d, %d] = %v, want %v", tt.lo, tt.hi, got, tt.want)
			}
		})
	}
}
