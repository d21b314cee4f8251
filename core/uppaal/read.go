// Read: format detection and the entry point for documents.

package uppaal

import (
	"bytes"
	"math"

	"beeline/core/source"
)

// maxInput is the largest input accepted: segment offset tables hold int32.
const maxInput = math.MaxInt32 - 1

// Read reads an UPPAAL document from src, registered in fs under name. The
// format comes from the content: XML if, after an optional byte-order mark
// and white space, it starts with '<'; the textual .xta format otherwise.
//
// Read always returns a Document, partial when the input is malformed, with
// the diagnostics (errors and warnings, each with a position) found on the
// way. It checks the structure of the document only: declarations and
// labels are left as text for core/lang. It does not panic, it runs in time
// linear in the input, and it uses memory proportional to it.
//
// Non-UTF-8 input is converted to UTF-8 first (UTF-16, with a byte-order
// mark or starting with '<'; ISO-8859-1 or windows-1252 as an XML
// declaration names them; any other invalid UTF-8 as ISO-8859-1, with a
// warning), and it is the converted text that fs holds: positions then
// count bytes of that text. Input that is not text (compressed, an
// archive, or with a NUL character) gets one error and an empty Document.
func Read(fs *source.FileSet, name string, src []byte) (*Document, source.List) {
	var diags source.List
	f, isXML, ok := addText(fs, name, src, &diags)
	if !ok {
		return &Document{FS: fs, File: f}, diags
	}
	if isXML {
		return readXML(fs, f, &diags), diags
	}
	return readXTA(fs, f, &diags), diags
}

// addText registers src as addFile does and reports whether it is text
// that can be read: not too large, not compressed, not binary. Binary
// input gets one error, not the hundred that reading garbage would give.
func addText(fs *source.FileSet, name string, src []byte, diags *source.List) (f *source.File, isXML, ok bool) {
	if what := archive(src); what != "" {
		f := fs.AddFile(name, nil) // none of it is text
		diags.Add(f.Pos(0), source.NoPos, what)
		return f, false, false
	}
	n := len(*diags)
	f, isXML = addFile(fs, name, src, diags)
	if i := bytes.IndexByte(f.Source(), 0); i >= 0 {
		// Neither format allows NUL. The warnings about the encoding of
		// binary data are dropped.
		*diags = (*diags)[:n]
		diags.Add(f.Pos(i), source.NoPos, "the file holds binary data (a NUL character), not an UPPAAL model")
		return f, false, false
	}
	return f, isXML, len(src) <= maxInput
}

// addFile decodes src to UTF-8, registers it and reports what the decoding
// did. Input too large to address is registered empty, with an error.
func addFile(fs *source.FileSet, name string, src []byte, diags *source.List) (*source.File, bool) {
	if len(src) > maxInput {
		f := fs.AddFile(name, nil)
		diags.Addf(f.Pos(0), source.NoPos, "file too large (%d bytes)", len(src))
		return f, false
	}
	text, isXML, notes := decodeInput(src)
	f := fs.AddFile(name, text)
	for _, n := range notes {
		diags.Warnf(f.Pos(max(n.off, 0)), source.NoPos, "%s", n.msg)
	}
	return f, isXML
}

// archive names a compressed file or an archive by its first bytes, in a
// message saying what to do with it, or returns "".
func archive(src []byte) string {
	switch {
	case bytes.HasPrefix(src, []byte("\x1f\x8b")):
		return "the file is compressed with gzip: decompress it and open the model inside"
	case bytes.HasPrefix(src, []byte("PK\x03\x04")):
		return "the file is a zip archive: extract it and open the model inside"
	}
	return ""
}

// maxQueries bounds the queries of one file. Published models have a few
// dozen; each query costs about 1.4 KiB once parsed and compiled, and the
// page lists every one.
const maxQueries = 10000

// addQuery appends q to qs, unless qs is full: the first query too many
// gets an error, and the rest are dropped (counted in dropped).
func addQuery(qs *[]*Query, dropped *int, q *Query, diags *source.List) {
	if len(*qs) < maxQueries {
		*qs = append(*qs, q)
		return
	}
	if *dropped == 0 {
		diags.Addf(q.Formula.Pos(0), source.NoPos, "too many queries: more than %d in one file", maxQueries)
	}
	*dropped++
}

// maxDiagnostics caps the diagnostics of one file: past it a garbled input
// would only repeat itself, at a cost in memory.
const maxDiagnostics = 100

// room reports whether another diagnostic may be added to diags. At the cap
// it adds a last error saying that the rest is left out.
func room(diags *source.List, pos source.Pos) bool {
	switch n := len(*diags); {
	case n < maxDiagnostics:
		return true
	case n == maxDiagnostics:
		diags.Add(pos, source.NoPos, "too many errors, the rest are not reported")
	}
	return false
}
