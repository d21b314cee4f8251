package main

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"beeline/core/dbm"
	"beeline/core/search"
)

// The search options a lead sends its helpers come back as they were
// sent, but for their functions.
func TestSearchWireRoundTrip(t *testing.T) {
	so := search.Options{Order: search.DFS, Seed: 7, MaxStates: 1000, MaxMemory: 1 << 20, Timeout: 3 * time.Second,
		ProgressEvery: time.Second, Trace: true, PassTransient: true, CoverRequiresSmallerDepth: true,
		Progress: func(search.Stats) {}}
	var w searchWire
	if err := json.Unmarshal([]byte(encodeJSON(runOrder{Search: wireSearch(so)})), &struct {
		Search *searchWire `json:"search"`
	}{&w}); err != nil {
		t.Fatal(err)
	}
	got := w.options()
	so.Progress = nil
	if !reflect.DeepEqual(got, so) {
		t.Errorf("got %+v, want %+v", got, so)
	}
}

// A step of a trace comes back as the helper's store gave it; a missing
// one or a damaged zone is an error.
func TestStepWire(t *testing.T) {
	z := dbm.New(3)
	z.Up()
	st := search.Step{Label: []int32{1, 2}, Discrete: []int32{0, 4}, Zone: z}
	var w stepWire
	if err := json.Unmarshal([]byte(encodeJSON(wireStep(5, st, true))), &w); err != nil {
		t.Fatal(err)
	}
	parent, got, err := w.step(9)
	if err != nil || parent != 5 || !reflect.DeepEqual(got.Label, st.Label) || !reflect.DeepEqual(got.Discrete, st.Discrete) ||
		!reflect.DeepEqual(got.Zone.Raw(), z.Raw()) {
		t.Errorf("got %d %+v (%v), want 5 %+v", parent, got, err, st)
	}
	if _, _, err := wireStep(0, search.Step{}, false).step(9); err == nil {
		t.Error("a missing step came back without an error")
	}
	w.Zone = w.Zone[1:]
	if _, _, err := w.step(9); err == nil {
		t.Error("a damaged zone came back without an error")
	}
}
