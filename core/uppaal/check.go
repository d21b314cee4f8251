// The Document invariant checker.

package uppaal

import (
	"fmt"

	"beeline/core/source"
)

// Check verifies the invariants that Read promises and returns the first one
// broken, or nil. It is meant for tests and for debug modes, and costs time
// linear in the size of the document's text:
//
//   - FS and File are set, and every template has a Name;
//   - every segment belongs to File, and byte i of its text maps to a file
//     offset within the file, never before that of byte i-1;
//   - every text byte maps to the same byte of the file, or to the '&' of
//     the reference it was decoded from, or is a newline (normalised from
//     "\r\n", or joining two pieces);
//   - every label has a Kind and a Text.
func (d *Document) Check() error {
	if d.FS == nil || d.File == nil {
		return fmt.Errorf("uppaal: document without FileSet or File")
	}
	c := checker{fs: d.FS, f: d.File}
	c.seg("declaration", d.Declaration)
	c.seg("instantiation", d.Instantiation)
	c.seg("system", d.System)
	for _, t := range d.Templates {
		c.template(t)
	}
	for i, q := range d.Queries {
		if q.Formula == nil {
			c.failf("query %d has no formula", i+1)
		}
		c.seg("query formula", q.Formula)
	}
	return c.err
}

type checker struct {
	fs  *source.FileSet
	f   *source.File
	err error
}

func (c *checker) failf(format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("uppaal: "+format, args...)
	}
}

func (c *checker) template(t *Template) {
	if t.Name == nil {
		c.failf("template at %s has no name", c.fs.Position(t.Pos))
		return
	}
	c.seg("template name", t.Name)
	c.seg("parameter", t.Parameter)
	c.seg("local declaration", t.Declaration)
	for _, l := range t.Locations {
		c.seg("location name", l.Name)
		c.label(l.Invariant)
		for _, lab := range l.Other {
			c.label(lab)
		}
	}
	for _, e := range t.Edges {
		for _, lab := range []*Label{e.Select, e.Guard, e.Sync, e.Assign} {
			c.label(lab)
		}
		for _, lab := range e.Other {
			c.label(lab)
		}
	}
}

func (c *checker) label(lab *Label) {
	if lab == nil {
		return
	}
	if lab.Kind == "" || lab.Text == nil || !lab.Pos.IsValid() {
		c.failf("label at %s has no kind, text or position", c.fs.Position(lab.Pos))
		return
	}
	c.seg(lab.Kind+" label", lab.Text)
}

func (c *checker) seg(what string, s *source.Segment) {
	if s == nil || c.err != nil {
		return
	}
	if s.File() != c.f || c.fs.File(s.Pos(0)) != c.f {
		c.failf("%s %q belongs to another file", what, s.Text())
		return
	}
	src, text := c.f.Source(), s.Text()
	prev := -1
	for i := 0; i <= len(text); i++ {
		p := c.fs.Position(s.Pos(i))
		if !p.IsValid() || p.Offset < prev || p.Offset > len(src) {
			c.failf("%s %q: byte %d maps to %s, outside the file or backwards", what, text, i, p)
			return
		}
		prev = p.Offset
		if i < len(text) && !mapsTo(text[i], src, p.Offset) {
			c.failf("%s %q: byte %d (%q) maps to %s, which holds something else", what, text, i, text[i], p)
			return
		}
	}
}

// mapsTo reports whether text byte b may come from src[off].
func mapsTo(b byte, src []byte, off int) bool {
	if off >= len(src) {
		return false
	}
	return src[off] == b || src[off] == '&' || b == '\n'
}
