// The heuristic interface, its metadata, and a bounded cache of estimates.

package heuristic

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"beeline/core/dbm"
)

// Heuristic estimates, for a symbolic state, the number of transitions to
// the nearest state of its target. A Heuristic keeps scratch buffers: it
// is not safe for concurrent use; build one per search.
type Heuristic interface {
	// Info describes the heuristic.
	Info() Info

	// Precompute runs the optional precomputation (a no-op returning nil
	// for heuristics without one). progress, if non-nil, is called now
	// and then with the work done and the total, in the heuristic's own
	// units. It stops early with ctx's error when ctx is done.
	Precompute(ctx context.Context, progress func(done, total int64)) error

	// Table returns the precomputed data encoded with msgpack, or nil when
	// the heuristic has none, so that a caller can cache it; Load reads
	// such an encoding back in place of Precompute. Load fails when the
	// data was made for another network or target.
	Table() ([]byte, error)
	Load(table []byte) error

	// Estimate returns h for the state (d, z), or inf when no target
	// state is reachable from it (a dead end). d and z are only valid
	// during the call. An admissible heuristic never returns more than
	// the true distance, and says inf only of dead ends.
	Estimate(d []int32, z *dbm.DBM) (h int32, inf bool)
}

// Info is what a heuristic says about itself.
type Info struct {
	Name string // "dl", "du", "hl", "hu"
	// Params are the heuristic's parameters, as name=value strings.
	Params map[string]string
	// Admissible: never above the true distance (A* then finds shortest
	// traces). Consistent: h(s) ≤ 1 + h(s') along every transition s → s'
	// (A* then never reopens a state).
	Admissible, Consistent bool
	// UsesZone is set when estimates depend on the zone, not only on the
	// discrete part: such a heuristic must not sit behind the Cache,
	// which is keyed by the discrete part.
	UsesZone bool
	// AnyState is set when those guarantees hold on every state, not
	// only on the states reachable from the initial state: the estimate
	// reads the state alone (graph distances, the relaxation from it).
	// An abstraction explored from the initial state, or values
	// collected from it, knows nothing of the other states and may call
	// them dead ends; symmetry reduction meets such states (see
	// zone.InitialOrbit), and core/verify then takes the estimate over
	// the initial state's orbit.
	AnyState bool
}

// String returns "hl (admissible, cache=65536)".
func (i Info) String() string {
	var parts []string
	switch {
	case i.Consistent:
		parts = append(parts, "admissible, consistent")
	case i.Admissible:
		parts = append(parts, "admissible")
	default:
		parts = append(parts, "not admissible")
	}
	keys := make([]string, 0, len(i.Params))
	for k := range i.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		parts = append(parts, k+"="+i.Params[k])
	}
	return fmt.Sprintf("%s (%s)", i.Name, strings.Join(parts, ", "))
}

// Progress is what a precomputation says of itself beyond the count
// that Precompute's callback gets: what it does (Step: "trial",
// "exploring", "composing: 3 of 20", "table built"), on which pattern,
// and its abstract states, distance layers and table bytes so far (0:
// not said).
type Progress struct {
	Step, Pattern string
	States        int64
	Layers        int
	Bytes         int64
}

// Reporter is a heuristic that reports its precomputation's Progress.
// When Precompute succeeds, its last report has Step "table built", with
// the table's pattern (if any) and abstract states.
type Reporter interface {
	ReportTo(func(Progress))
}

// NoTable implements Precompute, Table and Load for heuristics without a
// precomputation. Embed it.
type NoTable struct{}

// Precompute does nothing.
func (NoTable) Precompute(context.Context, func(done, total int64)) error { return nil }

// Table returns nil: there is nothing to cache.
func (NoTable) Table() ([]byte, error) { return nil, nil }

// Load accepts only an empty table.
func (NoTable) Load(t []byte) error {
	if len(t) > 0 {
		return fmt.Errorf("this heuristic has no precomputed table")
	}
	return nil
}

// Done returns ctx's error, or context.DeadlineExceeded once the clock is
// past ctx's deadline (under js/wasm a busy goroutine never lets the
// context's timer fire). A precomputation asks it last: an evaluation of
// the model's code that the interrupt stopped looks like a failed one,
// and a table built from it must not be kept.
func Done(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if dl, ok := ctx.Deadline(); ok && !time.Now().Before(dl) {
		return context.DeadlineExceeded
	}
	return nil
}
