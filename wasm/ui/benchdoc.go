// Opening a model as an editable document: XML as it is, .xta
// converted, and the queries of its .q files joined to the document's.

package main

import (
	"bytes"
	"strings"

	"beeline/core/edit"
	"beeline/core/protocol"
	"beeline/core/source"
	"beeline/core/uppaal"
)

// readDoc reads a model as a document: XML as it is, an .xta through
// core/uppaal's reader (layout is then set: it has no coordinates).
func readDoc(name string, data []byte) (d *edit.Doc, layout bool) {
	text := bytes.TrimSpace(data)
	if bytes.HasPrefix(text, []byte("<")) {
		d, err := edit.Parse(data)
		if err != nil {
			return nil, false
		}
		return d, false
	}
	doc, diags := uppaal.Read(source.NewFileSet(), name, data)
	if doc == nil || diags.HasErrors() {
		return nil, false
	}
	return edit.FromDocument(doc), true
}

// mergeQueries appends the queries of the .q files to d's, less repeats
// of d's own or of one another (the same formula, whatever its white
// space: a model's .q saved by UPPAAL repeats its queries), and says in
// plain words what could not be read.
func mergeQueries(d *edit.Doc, files []protocol.File) string {
	have := map[string]bool{}
	for _, q := range d.Queries() {
		have[foldSpace(q.Formula)] = true
	}
	var notes []string
	for _, f := range files {
		fs := source.NewFileSet()
		qs, diags := uppaal.ReadQueries(fs, f.Name, f.Data)
		if errs := diags.Errors(); len(errs) > 0 {
			notes = append(notes, fs.Format(errs[0]))
		}
		for _, q := range qs {
			formula := strings.TrimSpace(q.Formula.Text())
			if formula == "" || have[foldSpace(formula)] {
				continue
			}
			have[foldSpace(formula)] = true
			d.InsertQuery(len(d.Queries()), edit.Query{Formula: formula, Comment: q.Comment})
		}
	}
	return strings.Join(notes, "; ")
}

// foldSpace writes a formula with each run of white space as one space,
// as the engine names queries (core/job's Query.Text).
func foldSpace(formula string) string {
	return strings.Join(strings.Fields(formula), " ")
}
