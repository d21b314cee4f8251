// Diagnostics placed on the document's parts: which editor shows each,
// and where in its text.

package main

import (
	"strconv"
	"strings"

	"beeline/core/edit"
	"beeline/core/protocol"
)

// partDiag is a diagnostic in one text part: From and To are byte
// offsets into the part's text.
type partDiag struct {
	From, To          int
	Severity, Message string
}

// Part keys name what the parts list lists and the panes edit: "decl",
// "system", "t<i>" for template i, and within a template ".name",
// ".param", ".decl" and ".drawing" (a location's or an edge's label);
// "q<i>" and "q<i>.comment" for query i.
const (
	keyDecl   = "decl"
	keySystem = "system"
)

// templateKey is the parts list's key of template i.
func templateKey(i int) string { return "t" + strconv.Itoa(i) }

// partKey returns the key of the text a part of the document is.
func partKey(p edit.Part) string {
	switch p.Kind {
	case edit.GlobalDecl:
		return keyDecl
	case edit.System:
		return keySystem
	case edit.TemplateName:
		return templateKey(p.Template) + ".name"
	case edit.TemplateParam:
		return templateKey(p.Template) + ".param"
	case edit.TemplateDecl:
		return templateKey(p.Template) + ".decl"
	case edit.LocationName, edit.Invariant, edit.EdgeLabel:
		return templateKey(p.Template) + ".drawing"
	case edit.QueryFormula:
		return "q" + strconv.Itoa(p.Query)
	case edit.QueryComment:
		return "q" + strconv.Itoa(p.Query) + ".comment"
	}
	return ""
}

// listKey returns the key of the parts list's entry a part key belongs
// to: "t3" for "t3.decl"; "" for the queries, which the verifier lists.
func listKey(key string) string {
	if key == "" || key[0] == 'q' {
		return ""
	}
	for i := range len(key) {
		if key[i] == '.' {
			return key[:i]
		}
	}
	return key
}

// locateDiags places each diagnostic whose position is in d's bytes on
// the part it falls in, by part key. Its end is kept when it falls in
// the same part; otherwise the mark covers one byte.
func locateDiags(d *edit.Doc, ds []protocol.Diagnostic) map[string][]partDiag {
	out := map[string][]partDiag{}
	for _, dg := range ds {
		if !dg.Pos.IsValid() {
			continue
		}
		p, from, ok := d.Locate(dg.Pos.Offset)
		if !ok {
			continue
		}
		key := partKey(p)
		if key == "" {
			continue
		}
		to := from + 1
		if dg.End.IsValid() && dg.End.Offset > dg.Pos.Offset {
			if pe, end, ok := d.Locate(dg.End.Offset); ok && partKey(pe) == key && end > from {
				to = end
			}
		}
		out[key] = append(out[key], partDiag{From: from, To: to, Severity: dg.Severity, Message: dg.Message})
	}
	return out
}

// partText returns the text of the part a key names.
func partText(d *edit.Doc, key string) (string, bool) {
	switch key {
	case keyDecl:
		return d.Declaration(), true
	case keySystem:
		return d.System(), true
	}
	dot := strings.IndexByte(key, '.')
	if dot < 0 || key[0] != 't' {
		return "", false
	}
	i, err := strconv.Atoi(key[1:dot])
	if err != nil || i < 0 || i >= d.Templates() {
		return "", false
	}
	t := d.Template(i)
	switch key[dot+1:] {
	case "name":
		return t.Name(), true
	case "param":
		return t.Parameter(), true
	case "decl":
		return t.Declaration(), true
	}
	return "", false
}
