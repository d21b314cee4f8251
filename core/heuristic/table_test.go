// The table header embedded in a table encodes as the fields it
// replaced.

package heuristic_test

import (
	"bytes"
	"testing"

	"beeline/core/heuristic"
)

// TestTableHeaderInline encodes a table that embeds TableHeader and one
// that spells its fields out, as tables did before the header existed:
// the bytes must be the same, or every table made before would be
// refused (or worse, read wrong).
func TestTableHeaderInline(t *testing.T) {
	type embedded struct {
		heuristic.TableHeader
		Bound int32   `msgpack:"bound"`
		Dist  []int32 `msgpack:"dist"`
	}
	type flat struct {
		Version int     `msgpack:"version"`
		Network string  `msgpack:"network"`
		Target  string  `msgpack:"target"`
		Bound   int32   `msgpack:"bound"`
		Dist    []int32 `msgpack:"dist"`
	}
	f := heuristic.TableFormat{Kind: "test", What: "the test table", Version: 7}
	h := heuristic.TableHeader{Version: 7, Network: "0123-4567", Target: "1/89ab"}
	got, err := f.Encode(&embedded{TableHeader: h, Bound: -3, Dist: []int32{0, 1, 300}})
	if err != nil {
		t.Fatal(err)
	}
	want, err := f.Encode(&flat{Version: h.Version, Network: h.Network, Target: h.Target, Bound: -3, Dist: []int32{0, 1, 300}})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("embedded header encodes as\n%x\nwant\n%x", got, want)
	}
	var back embedded
	if err := f.Decode(got, &back); err != nil || back.TableHeader != h || back.Bound != -3 {
		t.Fatalf("decoded %+v (%v), want header %+v and bound -3", back, err, h)
	}
}
