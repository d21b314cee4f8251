// Locate: from a byte offset of the written XML back to a text part.

package edit

import (
	"unicode/utf8"

	"beeline/core/uppaal"
)

// maxRef bounds the length of a character reference looked at.
const maxRef = 16

// Locate says where a byte offset of the latest Bytes() output falls: the
// text part whose element content holds it, and the offset in that part's
// text as its accessor returns it (unescaped, line ends normalised). An
// offset inside an entity reference maps to the character it stands for.
// Diagnostics from the engine carry such offsets (source.Position.Offset
// of the bytes it parsed). ok is false when the offset is outside every
// text part, or when Bytes has not been called.
func (d *Doc) Locate(offset int) (p Part, off int, ok bool) {
	for _, s := range d.parts {
		if offset < s.start || offset > s.end {
			continue
		}
		// An offset at the end of a part's content counts for it: the
		// engine reports a missing token there.
		return s.part, textOffset(s, offset), true
	}
	return Part{Template: -1, Edge: -1, Query: -1}, 0, false
}

// textOffset converts an output offset inside s to an offset of its text.
func textOffset(s span, offset int) int {
	n := 0
	for _, pc := range s.pieces {
		if offset < pc.at {
			break
		}
		k := offset - pc.at
		if k >= len(pc.written) {
			n += unescapedLen(pc.written, pc.cdata)
			continue
		}
		return n + unescapedLen(pc.written[:k], pc.cdata)
	}
	return n
}

// unescapedLen is the length of the text that the written bytes w (or a
// prefix of them) stand for.
func unescapedLen(w string, cdata bool) int {
	if cdata {
		return cdataLen(w)
	}
	n := 0
	for i := 0; i < len(w); i++ {
		switch w[i] {
		case '&':
			if r, size := uppaal.EntityAt([]byte(w[i:min(len(w), i+maxRef)])); size > 0 {
				n += utf8.RuneLen(r)
				i += size - 1
				continue
			}
			n++
		case '\r':
			n++
			if i+1 < len(w) && w[i+1] == '\n' {
				i++
			}
		default:
			n++
		}
	}
	return n
}

// cdataLen is unescapedLen for a CDATA section: the markup counts for
// nothing, line ends are normalised.
func cdataLen(w string) int {
	const open, close = len("<![CDATA["), len("]]>")
	body := w[min(open, len(w)):]
	if len(w) > open+close && w[len(w)-close:] == "]]>" {
		body = w[open : len(w)-close]
	}
	n := 0
	for i := 0; i < len(body); i++ {
		if body[i] == '\r' && i+1 < len(body) && body[i+1] == '\n' {
			i++
		}
		n++
	}
	return n
}
