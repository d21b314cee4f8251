// The messages of a search split between Web Workers, as plain values:
// what the lead tells its helpers, and the steps of a trace they send
// back. The transport (MessagePorts) is in part_js.go.

package main

import (
	"encoding/json"
	"fmt"
	"time"

	"beeline/core/dbm"
	"beeline/core/search"
)

// runOrder is what the lead posts each helper to start its share of one
// search: which run (a check may search twice), which query of the
// request, how many workers, and the search options' scalar fields.
type runOrder struct {
	Run     int        `json:"run"`
	Pick    int        `json:"pick"`
	Workers int        `json:"workers"`
	Search  searchWire `json:"search"`
}

// searchWire is search.Options without its functions.
type searchWire struct {
	Order                     int    `json:"order"`
	Seed                      uint64 `json:"seed"`
	MaxStates                 int64  `json:"maxStates"`
	MaxMemory                 int64  `json:"maxMemory"`
	TimeoutNS                 int64  `json:"timeout"`
	ProgressEveryNS           int64  `json:"progressEvery"`
	Trace                     bool   `json:"trace"`
	PassTransient             bool   `json:"passTransient"`
	CoverRequiresSmallerDepth bool   `json:"coverSmaller"`
	CheckInvariants           bool   `json:"checkInvariants"`
}

// wireSearch returns the scalar fields of so.
func wireSearch(so search.Options) searchWire {
	return searchWire{Order: int(so.Order), Seed: so.Seed, MaxStates: so.MaxStates, MaxMemory: so.MaxMemory,
		TimeoutNS: int64(so.Timeout), ProgressEveryNS: int64(so.ProgressEvery), Trace: so.Trace,
		PassTransient: so.PassTransient, CoverRequiresSmallerDepth: so.CoverRequiresSmallerDepth,
		CheckInvariants: so.CheckInvariants}
}

// options returns the search options w carries.
func (w searchWire) options() search.Options {
	return search.Options{Order: search.Order(w.Order), Seed: w.Seed, MaxStates: w.MaxStates, MaxMemory: w.MaxMemory,
		Timeout: time.Duration(w.TimeoutNS), ProgressEvery: time.Duration(w.ProgressEveryNS), Trace: w.Trace,
		PassTransient: w.PassTransient, CoverRequiresSmallerDepth: w.CoverRequiresSmallerDepth,
		CheckInvariants: w.CheckInvariants}
}

// stepWire is one step of a trace as a helper sends it: the state's
// parent (a global node number), its label, discrete part and zone. Ok
// is false when the helper has no such state.
type stepWire struct {
	Ok       bool    `json:"ok"`
	Parent   int32   `json:"parent"`
	Label    []int32 `json:"label"`
	Discrete []int32 `json:"discrete"`
	Dim      int     `json:"dim"`
	Zone     []int32 `json:"zone"`
}

// wireStep returns the step answer of Partition.Step's results.
func wireStep(parent int32, st search.Step, ok bool) stepWire {
	if !ok {
		return stepWire{}
	}
	w := stepWire{Ok: true, Parent: parent, Label: st.Label, Discrete: st.Discrete, Dim: st.Zone.Dim()}
	for _, b := range st.Zone.Raw() {
		w.Zone = append(w.Zone, int32(b))
	}
	return w
}

// step returns the step w carries; an error when the helper had no
// such state or sent a zone of the wrong size.
func (w stepWire) step(g int32) (int32, search.Step, error) {
	if !w.Ok {
		return search.NoNode, search.Step{}, fmt.Errorf("trace: no state %d in its worker", g)
	}
	if w.Dim < 1 || len(w.Zone) != w.Dim*w.Dim {
		return search.NoNode, search.Step{}, fmt.Errorf("trace: state %d came with %d bounds for dimension %d", g, len(w.Zone), w.Dim)
	}
	z := dbm.New(w.Dim)
	raw := z.Raw()
	for i, b := range w.Zone {
		raw[i] = dbm.Bound(b)
	}
	return w.Parent, search.Step{Label: w.Label, Discrete: w.Discrete, Zone: z}, nil
}

// encodeJSON is json.Marshal for the values of this file and
// search.Report, which always encode.
func encodeJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("worker: cannot encode %T: %v", v, err))
	}
	return string(b)
}
