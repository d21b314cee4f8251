// A damaged table in Request.Table is refused before any search.

package engine

import (
	"strings"
	"testing"

	"beeline/core/protocol"
)

// A table with a bit flipped, cut short, empty-bodied or of the format
// before the checksum is refused with one error frame saying so, and no
// result (issue 29: a damaged table loaded and changed the verdict); the
// page then drops it and computes it again.
func TestDamagedTableRefused(t *testing.T) {
	h := New(Options{})
	tb := prepareTable(t, h, pdbRequest(t, "../../testdata/models/fischer-broken.xml", 0))
	flipped := append([]byte(nil), tb.Data...)
	flipped[len(flipped)/2] ^= 4
	for _, tc := range []struct {
		name  string
		table []byte
		want  string
	}{
		{"a bit flipped", flipped, "the table is damaged: its checksum does not match its contents"},
		{"cut short", tb.Data[:len(tb.Data)-1], "the table is damaged: it is cut short"},
		{"the format before the checksum", []byte{0x81, 0xa7, 'v', 'e', 'r', 's', 'i', 'o', 'n', 1}, "the table was made by an older Beeline"},
	} {
		req := pdbRequest(t, "../../testdata/models/fischer-broken.xml", 0)
		req.Table = tc.table
		_, frames := post(t, h, "/check", req)
		k := kinds(frames)
		if len(k[protocol.FrameResult]) != 0 || len(k[protocol.FrameError]) != 1 || !strings.Contains(k[protocol.FrameError][0].Message, tc.want) {
			t.Errorf("%s: %d results, errors %+v; want one error saying %q", tc.name, len(k[protocol.FrameResult]), k[protocol.FrameError], tc.want)
		}
	}
}
