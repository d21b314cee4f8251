// Positions: files, segments of remapped text, and the compact Pos type.

package source

import (
	"fmt"
	"sort"
)

// Pos is a compact position: an offset into the address space of a FileSet.
// The zero value NoPos means "no position". A Pos becomes a Position (file,
// line, column) only when it is printed, through FileSet.Position.
type Pos int

// NoPos is the zero Pos; it has no position.
const NoPos Pos = 0

// IsValid reports whether p is a real position.
func (p Pos) IsValid() bool { return p != NoPos }

// Position is a printable position. Line and Column are 1-based; Column counts
// bytes of the original file (the web page converts to UTF-16 at its edge).
// Offset is the 0-based byte offset into the original file.
type Position struct {
	Filename string `json:"file" msgpack:"file"`
	Offset   int    `json:"offset" msgpack:"offset"`
	Line     int    `json:"line" msgpack:"line"`
	Column   int    `json:"column" msgpack:"column"`
}

// IsValid reports whether the position names a line.
func (p Position) IsValid() bool { return p.Line > 0 }

// String formats the position as file:line:column, omitting unknown parts.
func (p Position) String() string {
	s := p.Filename
	if p.IsValid() {
		if s != "" {
			s += ":"
		}
		s += fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	if s == "" {
		s = "-"
	}
	return s
}

// A File is one source file: its name, its bytes and its line table.
type File struct {
	name  string
	base  int // Pos of offset 0
	src   []byte
	lines []int // offsets of line starts; lines[0] == 0
}

// Name returns the file name as given to AddFile.
func (f *File) Name() string { return f.name }

// Source returns the file's bytes.
func (f *File) Source() []byte { return f.src }

// Size returns the number of bytes in the file.
func (f *File) Size() int { return len(f.src) }

// Pos returns the Pos of a byte offset in the file (0 <= offset <= Size()).
func (f *File) Pos(offset int) Pos {
	if offset < 0 {
		offset = 0
	}
	if offset > len(f.src) {
		offset = len(f.src)
	}
	return Pos(f.base + offset)
}

// Offset returns the byte offset of p in f; p must belong to f.
func (f *File) Offset(p Pos) int { return int(p) - f.base }

// Position returns the line and column of a byte offset in the file.
func (f *File) Position(offset int) Position {
	i := sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > offset }) - 1
	if i < 0 {
		i = 0
	}
	return Position{Filename: f.name, Offset: offset, Line: i + 1, Column: offset - f.lines[i] + 1}
}

// A Segment is text extracted from a file with its characters moved: the
// unescaped content of an XML element (where "&lt;" is one byte of text but
// four bytes of file), or a label joined from pieces. The segment owns a range
// of Pos values, one per byte of its text plus one for its end, and maps each
// back to the file offset it came from. Parsers see only the text and its base
// Pos, and never need to know about XML.
type Segment struct {
	file *File
	base int
	text string
	// offsets[i] is the file offset of text byte i; offsets[len(text)] is the
	// offset just past the text. nil means identity from start.
	offsets []int32
	start   int
}

// Text returns the segment's text.
func (s *Segment) Text() string { return s.text }

// Pos returns the Pos of byte i of the segment's text (0 <= i <= len(Text())).
func (s *Segment) Pos(i int) Pos {
	if i < 0 {
		i = 0
	}
	if i > len(s.text) {
		i = len(s.text)
	}
	return Pos(s.base + i)
}

// File returns the file the segment's text came from.
func (s *Segment) File() *File { return s.file }

func (s *Segment) fileOffset(i int) int {
	if s.offsets == nil {
		return s.start + i
	}
	return int(s.offsets[i])
}

// FileSet allocates Pos ranges to files and segments and maps a Pos back to a
// Position. Ranges are allocated in increasing order, so Pos values compare in
// allocation order. A FileSet is not safe for concurrent mutation.
type FileSet struct {
	next   int
	ranges []rng
}

type rng struct {
	base, size int // [base, base+size]
	file       *File
	seg        *Segment
}

// NewFileSet returns an empty FileSet.
func NewFileSet() *FileSet { return &FileSet{next: 1} }

// AddFile adds a file with the given name and contents.
func (fs *FileSet) AddFile(name string, src []byte) *File {
	f := &File{name: name, base: fs.next, src: src, lines: []int{0}}
	for i, c := range src {
		if c == '\n' {
			f.lines = append(f.lines, i+1)
		}
	}
	fs.ranges = append(fs.ranges, rng{base: f.base, size: len(src), file: f})
	fs.next += len(src) + 1
	return f
}

// AddSpan adds a segment whose text is the file's bytes [start, end) unchanged.
func (fs *FileSet) AddSpan(f *File, start, end int) *Segment {
	s := &Segment{file: f, base: fs.next, text: string(f.src[start:end]), start: start}
	fs.ranges = append(fs.ranges, rng{base: s.base, size: len(s.text), seg: s})
	fs.next += len(s.text) + 1
	return s
}

// AddSegment adds a segment of text taken from f. offsets has len(text)+1
// entries: offsets[i] is the file offset of text byte i, and the last entry the
// offset just past the text.
func (fs *FileSet) AddSegment(f *File, text string, offsets []int32) *Segment {
	if len(offsets) != len(text)+1 {
		panic("source: AddSegment: offsets must have len(text)+1 entries")
	}
	s := &Segment{file: f, base: fs.next, text: text, offsets: offsets}
	fs.ranges = append(fs.ranges, rng{base: s.base, size: len(text), seg: s})
	fs.next += len(text) + 1
	return s
}

// AddText adds a segment that belongs to no file (a formula typed on the
// command line, say); its positions print as name:1:column.
func (fs *FileSet) AddText(name, text string) *Segment {
	f := fs.AddFile(name, []byte(text))
	return fs.AddSpan(f, 0, len(text))
}

func (fs *FileSet) find(p Pos) *rng {
	i := sort.Search(len(fs.ranges), func(i int) bool { return fs.ranges[i].base > int(p) }) - 1
	if i < 0 {
		return nil
	}
	r := &fs.ranges[i]
	if int(p) > r.base+r.size {
		return nil
	}
	return r
}

// Position resolves p. An invalid or unknown Pos gives the zero Position.
func (fs *FileSet) Position(p Pos) Position {
	if fs == nil || !p.IsValid() {
		return Position{}
	}
	r := fs.find(p)
	switch {
	case r == nil:
		return Position{}
	case r.file != nil:
		return r.file.Position(int(p) - r.base)
	default:
		return r.seg.file.Position(r.seg.fileOffset(int(p) - r.base))
	}
}

// File returns the file a Pos belongs to (through its segment), or nil.
func (fs *FileSet) File(p Pos) *File {
	r := fs.find(p)
	switch {
	case r == nil:
		return nil
	case r.file != nil:
		return r.file
	default:
		return r.seg.file
	}
}
