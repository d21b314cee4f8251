package share

import (
	"bytes"
	"encoding/base64"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/vmihailenco/msgpack/v5"

	"beeline/core/protocol"
	"beeline/core/unpack"
)

// fragment packs raw (msgpack or not) as a link of the current version.
func fragment(t testing.TB, raw []byte) string {
	t.Helper()
	frag, err := Pack(raw)
	if err != nil {
		t.Fatal(err)
	}
	return frag
}

// TestHostileLinks decodes crafted fragments (issue 14): each is refused
// with a plain message, within a deadline and a bound on memory far below
// what the fragment claims.
func TestHostileLinks(t *testing.T) {
	good, err := msgpack.Marshal(sampleLink())
	if err != nil {
		t.Fatal(err)
	}
	withVersion := func(v int) []byte {
		l := sampleLink()
		l.Version = protocol.VersionNumber(v)
		b, _ := msgpack.Marshal(l)
		return b
	}
	damaged := "the link is damaged (its data is not what a Beeline link holds)"
	for _, tc := range []struct {
		name, fragment, want string
	}{
		{"bad base64", tag(Version) + "!!not*base64!!", "the link is damaged (it is not valid base64url); was it cut short?"},
		{"not deflate", tag(Version) + base64.RawURLEncoding.EncodeToString([]byte("plain text, not compressed")), "the link is damaged (its data does not decompress); was it cut short?"},
		{"huge fragment", tag(Version) + strings.Repeat("A", 4<<20), "the link is damaged (its data does not decompress); was it cut short?"},
		{"cut short", fragment(t, good)[:43], "the link is damaged (its data does not decompress); was it cut short?"},
		{"deflate bomb", fragment(t, make([]byte, 1<<28)), "the link holds more than 16 MiB of data"},
		{"wrong version", "#b" + "999." + strings.TrimPrefix(fragment(t, good), tag(Version)), "this link was made by another version of Beeline (link format 999, this page reads 1)"},
		{"payload of another version", fragment(t, withVersion(Version+1)), "the link's payload says version 2 but its tag says 1"},
		{"an array, not a link", fragment(t, []byte{0x93, 1, 2, 3}), damaged},
		{"an integer", fragment(t, []byte{0x05}), damaged},
		{"a string where a number goes", fragment(t, []byte{0x81, 0xa1, 'v', 0xa3, 'o', 'n', 'e'}), damaged},
		{"4 GiB of bytes declared", fragment(t, []byte{0x81, 0xa5, 'm', 'o', 'd', 'e', 'l', 0xc6, 0xff, 0xff, 0xff, 0xff, 0, 0}), damaged},
		{"2^31 steps declared", fragment(t, []byte{0x81, 0xa5, 's', 't', 'e', 'p', 's', 0xdd, 0x7f, 0xff, 0xff, 0xff, 0, 0}), damaged},
		{"2^31 select values declared", fragment(t, []byte{0x81, 0xa5, 's', 't', 'e', 'p', 's', 0x91, 0x81, 0xa5, 'e', 'd', 'g', 'e', 's', 0x91, 0x81, 0xa3, 's', 'e', 'l', 0xdd, 0x7f, 0xff, 0xff, 0xff}), damaged},
		{"2^31 map entries declared", fragment(t, []byte{0xdf, 0x7f, 0xff, 0xff, 0xff, 0xc0}), damaged},
		{"a million nils as steps", fragment(t, append([]byte{0x81, 0xa5, 's', 't', 'e', 'p', 's', 0xdd, 0x00, 0x10, 0x00, 0x01}, make([]byte, 1<<20+1)...)), damaged},
		{"nested a million deep", fragment(t, append([]byte{0x81, 0xa3, 'z', 'z', 'z'}, bytes.Repeat([]byte{0x91}, 1<<20)...)), damaged},
		{"trailing bytes", fragment(t, append(append([]byte(nil), good...), 0xc0)), damaged},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var m0, m1 runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&m0)
			start := time.Now()
			l, err := Decode(tc.fragment)
			elapsed := time.Since(start)
			runtime.ReadMemStats(&m1)
			alloc := m1.TotalAlloc - m0.TotalAlloc
			t.Logf("%6d bytes %8v %6.1f MiB: %v", len(tc.fragment), elapsed.Round(time.Millisecond), float64(alloc)/(1<<20), err)
			if l != nil || err == nil || err.Error() != tc.want {
				t.Errorf("got %v, %v; want the error %q", l, err, tc.want)
			}
			if elapsed > 5*time.Second {
				t.Errorf("took %v", elapsed)
			}
			if alloc > 4*MaxPayload {
				t.Errorf("allocated %.1f MiB", float64(alloc)/(1<<20))
			}
		})
	}
}

// TestShapeAccepts checks that what the encoder writes passes unpack.CheckShape:
// links with every field set, empty ones, and long traces.
func TestShapeAccepts(t *testing.T) {
	long := sampleLink()
	for range 5000 {
		long.Steps = append(long.Steps, long.Steps[1])
	}
	long.QueryFiles = append(long.QueryFiles, protocol.File{Name: "m.q", Data: []byte("E<> P.cs\n")})
	long.Options.Heuristic.Params = map[string]string{"select": "rd", "table": "f.pdb"}
	long.End, long.Loop, long.ModelURL = "loop", 3, "/models/m.xml"
	for _, l := range []*Link{sampleLink(), {}, long} {
		raw, err := msgpack.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		if err := unpack.CheckShape(raw, maxLinkElements); err != nil {
			t.Errorf("a link of %d steps: %v", len(l.Steps), err)
		}
	}
}
