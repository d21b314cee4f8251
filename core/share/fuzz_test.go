package share

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzDecode checks that no fragment makes Decode panic or hang (a link
// is a stranger's input), that what it accepts stays within MaxPayload,
// and that an accepted link encodes and decodes to the same link.
func FuzzDecode(f *testing.F) {
	if frag, err := Encode(sampleLink()); err == nil {
		f.Add("#" + frag)
		f.Add(frag[:len(frag)/2])
	}
	f.Add("#b1.")
	f.Add("#b1.AAAA")
	f.Add("b0.x")
	f.Add("#b99999999999999999999.x")
	// Payloads that declare more than they hold (see core/unpack).
	f.Add(fragment(f, []byte{0x81, 0xa5, 's', 't', 'e', 'p', 's', 0xdd, 0x7f, 0xff, 0xff, 0xff, 0, 0}))
	f.Add(fragment(f, []byte{0x81, 0xa5, 'm', 'o', 'd', 'e', 'l', 0xc6, 0xff, 0xff, 0xff, 0xff, 0, 0}))
	f.Fuzz(func(t *testing.T, fragment string) {
		l, err := Decode(fragment)
		if err != nil {
			if l != nil {
				t.Fatalf("a link and an error: %v", err)
			}
			return
		}
		frag, err := Encode(l)
		if err != nil {
			if strings.Contains(err.Error(), "MiB") {
				return // the payload fits once compressed but not as a fragment
			}
			t.Fatalf("re-encoding %+v: %v", l, err)
		}
		again, err := Decode(frag)
		if err != nil || !reflect.DeepEqual(again, l) {
			t.Fatalf("round trip changed the link:\n%+v\n%+v (%v)", l, again, err)
		}
	})
}

// FuzzCheckEnvelope checks that no envelope makes CheckEnvelope panic or
// hang, and that what it accepts is canonical: checking its canonical
// envelope again gives the same id and envelope.
func FuzzCheckEnvelope(f *testing.F) {
	if frag, err := Encode(sampleLink()); err == nil {
		f.Add(frag)
		f.Add(frag[:len(frag)/2])
	}
	f.Add("b1.")
	f.Add("b1.AAAA")
	f.Fuzz(func(t *testing.T, envelope string) {
		s, err := CheckEnvelope(envelope)
		if err != nil {
			if s != nil {
				t.Fatalf("a short link and an error: %v", err)
			}
			return
		}
		if !IsID(s.ID) || len(s.Envelope) > MaxEnvelope {
			t.Fatalf("id %q, envelope of %d bytes", s.ID, len(s.Envelope))
		}
		again, err := CheckEnvelope(s.Envelope)
		if err != nil || again.ID != s.ID || again.Envelope != s.Envelope {
			t.Fatalf("the canonical envelope is not canonical: %v", err)
		}
	})
}
