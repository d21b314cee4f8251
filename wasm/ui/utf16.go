// Offsets into text in Go's units (bytes of UTF-8) and JavaScript's
// (UTF-16 code units), converted at the edge to the code editor.

package main

import "unicode/utf8"

// utf16Len is how many UTF-16 code units r takes: two for a character
// beyond the Basic Multilingual Plane (a surrogate pair), else one (an
// invalid byte, read as utf8.RuneError, becomes one U+FFFD in JavaScript).
func utf16Len(r rune) int {
	if r >= 0x10000 && r <= utf8.MaxRune {
		return 2
	}
	return 1
}

// utf16Offset converts the byte offset off into s to the UTF-16 offset of
// the same place. An offset inside a character's encoding gives that
// character's start; one below 0 gives 0 and one past the end gives the
// end.
func utf16Offset(s string, off int) int {
	u := 0
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		if off < i+w {
			return u
		}
		u += utf16Len(r)
		i += w
	}
	return u
}

// byteOffset converts the UTF-16 offset u into s to the byte offset of
// the same place. An offset between the two halves of a surrogate pair
// gives its character's start; one below 0 gives 0 and one past the end
// gives len(s).
func byteOffset(s string, u int) int {
	n := 0
	for i, r := range s {
		w := utf16Len(r)
		if u < n+w {
			return i
		}
		n += w
	}
	return len(s)
}
