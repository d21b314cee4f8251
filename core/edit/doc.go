// Package edit is the UPPAAL XML document being edited: an element tree
// that keeps everything it reads and writes it back as UPPAAL does, with
// typed edits for the parts a user changes (declarations, templates,
// locations, edges, labels, nails, queries) and a map from offsets of the
// written bytes back to those parts.
//
// # The tree
//
// Parse reads the flat <nta> format (any version, any encoding that
// core/uppaal reads) into a tree of elements, text, comments, processing
// instructions and declarations, in document order, with attributes in
// order. Nothing is interpreted on the way in, so whatever Beeline does not
// understand is kept: <option> and <result> elements of queries, labels of
// kinds it ignores (comments, testcode, probability, exponentialrate),
// branchpoints, colours, unknown elements and attributes, XML comments,
// the white space between elements. A text that was not edited is written
// back byte for byte as it was read, entity forms, CDATA sections and line
// ends included.
//
// The typed edits address templates by index (the order of <template> and
// <lsc> elements, that of core/uppaal's Document.Templates), locations by
// id, edges by index among the template's <transition> elements (the index
// of core/uppaal's Template.Edges, protocol.Edge and
// protocol.Diagnostic.Edge) and queries by index among <query> elements
// (blank ones included, unlike core/uppaal's Document.Queries). An index
// or id that does not exist makes an edit do nothing. New elements go where
// UPPAAL writes them among their siblings, indented like them; new ids
// ("id7") are fresh in the whole document, as UPPAAL numbers them. Setting
// a text replaces the element's content, comments inside it included.
//
// # Writing
//
// Bytes writes UPPAAL's XML declaration, the DOCTYPE read (UPPAAL 5's
// flat-1_6 one when the input had none), and the tree. Start tags are
// written as UPPAAL writes them: `<name a="v" b="w">`, attributes in
// order, double quotes, one space apart, `<x/>` for an element read empty
// that way or created empty. Edited text is escaped as UPPAAL escapes it:
// &lt; &gt; &amp; in text, and &quot; too in attribute values.
//
// A document opened and saved with no edit is identical to its input up to
// these normalisations:
//
//   - the XML declaration is always `<?xml version="1.0" encoding="utf-8"?>`
//     (it is added when missing, followed by a line end);
//   - the text is UTF-8: a byte-order mark is dropped, other encodings are
//     converted (as core/uppaal reads them);
//   - a missing DOCTYPE becomes UPPAAL 5's;
//   - inside tags: single quotes become double quotes, white space
//     between attributes becomes one space, `<x />` becomes `<x/>`, and
//     entity and character references in attribute values are written in
//     UPPAAL's form (&amp; &lt; &gt; &quot;, &#10; &#13; &#9; for white
//     space other than the blank);
//   - an end tag with white space before its '>' loses it.
//
// Text content, comments, processing instructions, the DOCTYPE and the
// white space between elements, line ends included, are kept as read.
//
// # Offsets
//
// Locate maps a byte offset of the latest Bytes output (what the engine
// parsed; its diagnostics carry such offsets) to the text part it falls in
// and the offset within that part's text as its accessor returns it.
//
// FromDocument builds the tree from a document core/uppaal read (an .xta
// file, typically): texts as written, no coordinates unless the document
// had them.
package edit
