// Short links: the envelope a short-link service stores, its checks and
// its content-addressed id.

package share

import (
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
)

// MaxEnvelope caps the size of an envelope a short-link service accepts:
// the fragment as the page makes it, compressed and in base64url. Real
// models pack into a few KiB: 146 KiB of CSMA/CD (50 stations) into 9.4
// KiB, UPPAAL's car radio (62 KiB) into 11.2 KiB.
const MaxEnvelope = 64 << 10

// MaxEnvelopePayload caps an accepted envelope's decompressed payload,
// far below MaxPayload: a stored envelope is decompressed by every page
// that opens it, and 64 KiB of deflate could inflate a thousandfold.
const MaxEnvelopePayload = 4 << 20

// IDLength is the length of a short link's id: 16 base64url characters,
// the first 96 bits of the SHA-256 of the canonical envelope. Two
// different links share an id with probability about n²/2⁹⁷ after n
// links: one in ten billion after four billion links.
const IDLength = 16

// ErrTooLarge is CheckEnvelope's refusal of an envelope over MaxEnvelope,
// and a service's when a body is over it before it is read whole.
var ErrTooLarge = fmt.Errorf("the link is larger than a short link may be (%s)", sizeWords(MaxEnvelope))

// Short is an envelope accepted for a short link.
type Short struct {
	// ID names the envelope; Envelope is the canonical fragment payload
	// (Encode of the decoded link), what the service stores.
	ID, Envelope string
	Link         *Link
}

// CheckEnvelope decides whether a short-link service may store envelope
// (a fragment without '#', as Encode makes it): it must be of this
// version, decode within MaxEnvelopePayload, carry its model (whose bytes
// hash to the recorded SHA-256) or a same-origin path to fetch it from,
// and its step must lie on its trace. The envelope is re-encoded, so that
// the same link gives the same id whichever deflate made it. Errors are
// one plain sentence, meant for the person who asked.
func CheckEnvelope(envelope string) (*Short, error) {
	if len(envelope) > MaxEnvelope {
		return nil, ErrTooLarge
	}
	l, err := decode(envelope, MaxEnvelopePayload)
	if err != nil {
		return nil, err
	}
	switch {
	case len(l.Model) == 0 && l.ModelURL == "":
		return nil, errors.New("the link carries no model")
	case len(l.Model) > 0 && l.ModelURL != "":
		return nil, errors.New("the link carries both a model and the address of one")
	case len(l.Model) > 0:
		if err := l.Verify(l.Model); err != nil {
			return nil, err
		}
	default:
		if !SameOriginPath(l.ModelURL) {
			return nil, errors.New("the link's model address is not a path on this site")
		}
		if !isHexHash(l.Hash) {
			return nil, errors.New("the link's model hash is not a SHA-256")
		}
	}
	if l.Step < 0 || l.Step > len(l.Steps) {
		return nil, fmt.Errorf("the link's step %d is not a state of its %d-step trace", l.Step, len(l.Steps))
	}
	canon, err := Encode(l)
	if err != nil {
		return nil, err
	}
	if len(canon) > MaxEnvelope {
		// Packed by a better compressor than this one.
		return nil, ErrTooLarge
	}
	return &Short{ID: ID(canon), Envelope: canon, Link: l}, nil
}

// ID returns the short-link id of a canonical envelope.
func ID(envelope string) string {
	sum := sha256.Sum256([]byte(envelope))
	return base64.RawURLEncoding.EncodeToString(sum[:])[:IDLength]
}

// IsID reports whether s has the form of a short-link id, so that a
// service can refuse anything else before it looks anything up.
func IsID(s string) bool {
	if len(s) != IDLength {
		return false
	}
	for i := range len(s) {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// SameOriginPath reports whether u is a path that stays on the site it is
// resolved against, as the page records a model it fetched
// ("/web/examples/fischer.xml"): no scheme, no host ("//host"), no
// backslash (which browsers read as a slash), no control characters.
func SameOriginPath(u string) bool {
	if u == "" || strings.HasPrefix(u, "//") || strings.ContainsAny(u, "\\") {
		return false
	}
	for _, r := range u {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	head, _, _ := strings.Cut(u, "/")
	return !strings.Contains(head, ":")
}

func isHexHash(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := range len(s) {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// sizeWords says a size in bytes as people read it: "16 MiB", "64 KiB".
func sizeWords(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
