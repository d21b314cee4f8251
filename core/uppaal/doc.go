// Package uppaal reads UPPAAL documents: the XML format of the UPPAAL GUI,
// the textual .xta format, and .q query files.
//
// # What a Document is
//
// A Document is a model as written. Its structure is known (templates,
// locations with their flags and coordinates, branch points, edges with
// their source, target, nails and labels, the initial location, the system
// definition, the queries) but every piece of the UPPAAL language in it
// (global and local declarations, parameter lists, invariants, guards,
// synchronisations, updates, select bindings, the system definition,
// query formulas) is still text: a *source.Segment that core/lang parses.
// The graphical layout (location, name and label coordinates, nails and
// colours) is kept for the page that draws and animates the model; nothing
// in it changes what a model means.
//
// Read checks structure only. Names are not resolved: an <init ref> or an
// edge endpoint naming no location, a missing initial location or a missing
// system definition are left to core/model, which knows what to say about
// them. What Read does report: malformed XML, missing required attributes
// (a location id, a ref), missing elements a transition cannot do without,
// duplicate elements and labels, and, in xta, whatever breaks the
// structure of a process, including commit and urgent lists that name
// undeclared locations (the Document has no other place for them).
//
// # Positions and the offset table
//
// Every segment maps each byte of its text back to a byte of the file, so
// that core/lang reports file:line:column in the file the user has open.
// In xta the text is the file's own bytes, registered with AddSpan, and the
// map is the identity. In XML the text is what the element means, not what
// it says: "x &lt; 5" is the text "x < 5", CDATA sections lose their
// brackets, comments inside an element disappear, and "\r\n" becomes "\n".
// For such text the reader builds the table itself while unescaping (the
// decoder's own unescaped text carries no positions): every byte of a
// decoded reference maps to its '&', a normalised line end maps to its
// '\r', and every other byte to itself. Text that turns out to be a plain
// copy of the file is registered with AddSpan instead, which needs no
// table; most labels are plain. encoding/xml's Decoder is used for the
// grammar and for well-formedness: InputOffset gives the end of each token
// and so the byte range of every element and text node.
//
// Lines and columns are 1-based and count bytes of the text the FileSet
// holds. That text is the file itself when it is UTF-8. A file in another
// encoding is converted to UTF-8 first and the converted text is what the
// FileSet holds, so on a line with non-ASCII characters the columns count
// UTF-8 bytes, not bytes of the original file (lines are unaffected).
// Converted: UTF-16 with a byte-order mark, or without one when the file
// starts with '<' as a UTF-16 unit (as XML's appendix F detects it);
// ISO-8859-1 (and US-ASCII) and windows-1252 when the XML declaration
// names them; any other input that is not valid UTF-8, as ISO-8859-1 with
// a warning. Input that is not text at all gets one error and an empty
// Document: a gzip file or a zip archive (by their first bytes, with what
// to do about it), and anything with a NUL character, which neither format
// allows. An XML declaration
// naming another encoding gets a warning and the file is read as UTF-8.
// A UTF-8 byte-order mark stays in the file (it counts in the columns of
// line 1) and is skipped by the readers.
//
// Segment texts keep what the language needs and lose what it does not:
// labels, names, parameters and formulas are trimmed of surrounding white
// space (each byte keeps its own position, so trimming loses nothing);
// declarations and the system definition are kept whole. A label whose
// text is blank is no label (an empty guard is no guard), a blank
// <parameter> is no parameter list, and a query with a blank formula (the
// GUI's placeholder for an empty entry) is no query.
//
// # Formats and versions
//
// Read tells the formats apart by content: XML if, after an optional
// byte-order mark and white space, the input starts with '<'; xta
// otherwise.
//
// XML: the flat-1_0 and flat-1_1 DTDs of UPPAAL 3.x, whose system
// definition is split into a separate <instantiation> element (kept in
// Document.Instantiation), and flat-1_2 to flat-1_6 of UPPAAL 4.x and 5.x,
// with or without an XML declaration and DOCTYPE (Document.DTD names the
// version when the DOCTYPE does). Nothing a DOCTYPE declares is used:
// external DTDs and entities are never fetched, and a reference to a
// declared entity (an external one, or a "billion laughs" of nested ones)
// is an unknown entity, an error; only the five predefined entities and
// character references are read. Elements read: <nta>, <declaration>,
// <template> with <name x y>, <parameter>, <declaration>, <location id x y
// color> with <name>, <label kind x y>, <urgent/> and <committed/>,
// <branchpoint id x y>, <init ref>, <transition id color controllable
// action> with <source ref>, <target ref>, <label kind x y> and <nail x y>;
// <instantiation>, <system>, and <queries> with <query> (<formula>,
// <comment>, and UPPAAL 5's <option> and <result>, kept verbatim) and
// <option> directly under <queries> (Document.QueryOptions). The label
// kinds select, guard, synchronisation and assignment of edges and
// invariant of locations have fields of their own; every other kind
// (comments, testcode, probability, exponentialrate, ...) goes to Other
// with its kind, for core/model to use, ignore or refuse by name. Live
// Sequence Charts, written <lsc> or <template type="LSC">, become
// templates marked LSC (with LSCPos), which the compiler refuses; their
// instances, messages and conditions are not read. Any other element is
// skipped whole, wherever it is. Attributes may come in any order, and x
// and y may be absent (the coordinates are then nil) or malformed (a
// warning, and nil).
//
// XTA: UPPAAL 4's syntax and the older 3.x syntax (the structure is the
// same; what differs, such as ":=" for assignment, "guard a, b" for a
// conjunction and "const id" parameters, is language, left to core/lang).
// The reader is a small structural scanner: it skips comments and string
// literals, balances brackets, and finds the reserved words that structure
// a file, so that global declarations, process definitions
//
//	process Name(parameters) {
//	    local declarations
//	    state a { invariant }, b { invariant; rate }, c;
//	    branchpoint b1;
//	    commit c; urgent a;
//	    init a;
//	    trans a -> b { select ...; guard ...; sync ...; assign ...; probability ...; },
//	          -> c { ... }, b -u-> a { ... };
//	}
//
// the system section, and `query { formula }` blocks at the very end come
// out as segments. Global declarations may be interleaved with processes:
// Declaration is then the pieces joined by newlines (each joining newline
// maps to the end of the piece before it). System is everything after the
// last process (instantiations, more declarations, the system line), or
// the whole file when it has no process. An edge written "-> c" has the
// source of the edge before it; "-u->" marks an uncontrollable edge. A
// location's ID and Name are its name; it has no coordinates; edges have no
// ID. A stray operator in a state list draws a warning instead of an error
// (one published benchmark has one, and it cannot change the list).
//
// Query files (ReadQueries): one formula per line, each usually after a
// /* comment */, with // comments anywhere; a formula continues on the next
// line when its line ends with a backslash or while a bracket is open; the
// non-blank comments since the previous formula become its Comment, and a
// //NO_QUERY line discards them.
//
// # Costs and limits
//
// Reading runs in time linear in the input and never panics. Memory is
// linear too: about 18 bytes per input byte for a large real model, at
// most about 210 for input made of nothing but one-letter xta states,
// which is what a Location, its name segment and its index entry cost. At
// most 100 diagnostics are kept per file, elements may nest 64 deep, a
// file holds at most 10000 queries (published models have a few dozen),
// and input over 2 GiB is refused (the offset table holds int32). After the
// first XML syntax error (encoding/xml cannot resume) the Document holds
// what was read before it.
package uppaal
