// Text with an offset table: building remapped segments from XML content.

package uppaal

import (
	"bytes"
	"slices"
	"unicode/utf8"

	"beeline/core/source"
)

// textBuilder accumulates the unescaped text of an XML element together with
// the file offset of every byte it produces. The naive way would be to take
// the decoder's unescaped string and search the file for it, which breaks as
// soon as an entity or a CDATA section changes lengths; instead each raw
// character-data range is unescaped here, one byte of output at a time, so
// that "x &lt; 5" gives the text "x < 5" whose '<' maps to the '&'. The table
// costs four bytes per byte of text.
type textBuilder struct {
	text []byte
	offs []int32
	end  int // file offset just past the last piece added
}

func newTextBuilder(end int) *textBuilder { return &textBuilder{end: end} }

func (b *textBuilder) emit(c byte, off int) {
	b.text = append(b.text, c)
	b.offs = append(b.offs, int32(off))
}

var (
	cdataOpen  = []byte("<![CDATA[")
	cdataClose = []byte("]]>")
)

// addRaw adds the raw character data src[lo:hi] as the XML decoder returned
// it: either one CDATA section or text with entity and character references.
func (b *textBuilder) addRaw(src []byte, lo, hi int) {
	raw := src[lo:hi]
	b.text = slices.Grow(b.text, len(raw))
	b.offs = slices.Grow(b.offs, len(raw))
	if bytes.HasPrefix(raw, cdataOpen) && bytes.HasSuffix(raw, cdataClose) && len(raw) >= len(cdataOpen)+len(cdataClose) {
		b.addVerbatim(src, lo+len(cdataOpen), hi-len(cdataClose))
		b.end = hi - len(cdataClose)
		return
	}
	b.addEscaped(src, lo, hi)
	b.end = hi
}

// addVerbatim copies src[lo:hi], normalising line ends as XML does: "\r\n"
// and a lone '\r' become one '\n' that maps to the '\r'.
func (b *textBuilder) addVerbatim(src []byte, lo, hi int) {
	for i := lo; i < hi; i++ {
		i = b.addByte(src, i, hi)
	}
}

// addByte emits src[i] (with line-end normalisation) and returns the index
// of the last byte consumed.
func (b *textBuilder) addByte(src []byte, i, hi int) int {
	c := src[i]
	if c != '\r' {
		b.emit(c, i)
		return i
	}
	b.emit('\n', i)
	if i+1 < hi && src[i+1] == '\n' {
		return i + 1
	}
	return i
}

// addEscaped copies src[lo:hi], replacing entity and character references by
// the bytes they stand for; every byte of a replacement maps to its '&'.
func (b *textBuilder) addEscaped(src []byte, lo, hi int) {
	for i := lo; i < hi; i++ {
		if src[i] != '&' {
			i = b.addByte(src, i, hi)
			continue
		}
		r, n := EntityAt(src[i:hi])
		if n == 0 {
			b.emit('&', i)
			continue
		}
		var buf [utf8.UTFMax]byte
		for _, c := range buf[:utf8.EncodeRune(buf[:], r)] {
			b.emit(c, i)
		}
		i += n - 1
	}
}

// maxEntity bounds the length of a reference ("&#x0010FFFF;" is the longest
// one that can be valid) so that a stray '&' never costs a scan to the end.
const maxEntity = 16

// EntityAt decodes the XML reference at the start of s ("&lt;", "&#60;",
// "&#x3c;") and returns the rune and the reference's length, or n == 0 when s
// does not start with a valid reference.
func EntityAt(s []byte) (r rune, n int) {
	end := bytes.IndexByte(s[:min(len(s), maxEntity)], ';')
	if end < 2 {
		return 0, 0
	}
	name := s[1:end]
	switch string(name) {
	case "lt":
		return '<', end + 1
	case "gt":
		return '>', end + 1
	case "amp":
		return '&', end + 1
	case "apos":
		return '\'', end + 1
	case "quot":
		return '"', end + 1
	}
	if name[0] != '#' {
		return 0, 0
	}
	r, ok := charRef(name[1:])
	if !ok {
		return 0, 0
	}
	return r, end + 1
}

// charRef decodes the digits of a character reference ("60" or "x3c").
func charRef(digits []byte) (rune, bool) {
	base := rune(10)
	if len(digits) > 0 && digits[0] == 'x' {
		base, digits = 16, digits[1:]
	}
	if len(digits) == 0 {
		return 0, false
	}
	var r rune
	for _, c := range digits {
		d := digitValue(c)
		if d < 0 || rune(d) >= base {
			return 0, false
		}
		r = r*base + rune(d)
		if r > utf8.MaxRune {
			return 0, false
		}
	}
	return r, utf8.ValidRune(r)
}

func digitValue(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// isSpace reports whether c is white space in XML and in UPPAAL's language.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// blank reports whether the builder holds only white space.
func (b *textBuilder) blank() bool {
	for _, c := range b.text {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

// segment registers the whole text as a segment of f.
func (b *textBuilder) segment(fs *source.FileSet, f *source.File) *source.Segment {
	return b.slice(fs, f, 0, len(b.text))
}

// trimmed registers the text without leading and trailing white space; the
// empty segment that remains of blank text sits at the end of the content.
func (b *textBuilder) trimmed(fs *source.FileSet, f *source.File) *source.Segment {
	i, j := 0, len(b.text)
	for i < j && isSpace(b.text[i]) {
		i++
	}
	for j > i && isSpace(b.text[j-1]) {
		j--
	}
	return b.slice(fs, f, i, j)
}

// identity reports whether text[i:j] is a plain copy of the file's bytes
// from some offset on (no reference, no normalised line end, no gap), and
// that offset. Such text needs no offset table: most labels are plain.
func (b *textBuilder) identity(src []byte, i, j int) (int, bool) {
	if i == j {
		return 0, false
	}
	start := int(b.offs[i])
	end := b.end
	if j < len(b.offs) {
		end = int(b.offs[j])
	}
	if end != start+j-i || end > len(src) || !bytes.Equal(b.text[i:j], src[start:end]) {
		return 0, false
	}
	for k := i; k < j; k++ {
		if int(b.offs[k]) != start+k-i {
			return 0, false
		}
	}
	return start, true
}

// slice registers text[i:j]; the end offset is that of the byte after j, or
// the end of the content when j is the end of the text.
func (b *textBuilder) slice(fs *source.FileSet, f *source.File, i, j int) *source.Segment {
	if start, ok := b.identity(f.Source(), i, j); ok {
		return fs.AddSpan(f, start, start+j-i)
	}
	offs := make([]int32, j-i+1)
	copy(offs, b.offs[i:j])
	if j < len(b.offs) {
		offs[j-i] = b.offs[j]
	} else {
		offs[j-i] = int32(b.end)
	}
	return fs.AddSegment(f, string(b.text[i:j]), offs)
}
