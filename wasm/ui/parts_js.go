//go:build js && wasm

// The text panes of the workbench: the document's parts listed as
// UPPAAL's project tree lists them, and the editors of the part chosen.

package main

import (
	"strconv"
	"strings"

	"honnef.co/go/js/dom/v2"

	"beeline/core/edit"
)

// panes is the parts list (#parts) and the pane (#part-pane) that edits
// the part chosen in it: the global declarations, a template's name,
// parameters and local declarations, or the system declarations. Every
// edit goes through the bench; sync brings the list and the pane in line
// with the document after any change, and showDiagnostics marks them.
type panes struct {
	a *app
	b *bench
	// shown is the key of the part chosen ("decl", "t2", "system"), and
	// built the key of the part the pane's editors were made for.
	shown, built string
	// editors are the pane's code editors by part key ("t2.decl"), and
	// fields its one-line fields (the template's name and parameters).
	editors map[string]*codeEditor
	fields  map[string]*dom.HTMLInputElement
	// diags are the last parse's diagnostics by part key.
	diags map[string][]partDiag
}

func newPanes(a *app, b *bench) *panes {
	p := &panes{a: a, b: b, shown: keyDecl}
	b.panes = p
	a.byID(idBench).RemoveAttribute("hidden")
	p.renderList()
	p.renderPane()
	return p
}

// close removes the panes of a model no longer loaded.
func (p *panes) close() {
	p.destroyEditors()
	p.a.byID(idParts).SetInnerHTML("")
	p.a.byID(idPartPane).SetInnerHTML("")
	p.a.byID(idBench).SetAttribute("hidden", "")
}

// partNames lists the parts: key and the name shown.
func (p *panes) partNames() [][2]string {
	d := p.b.doc()
	out := [][2]string{{keyDecl, "Declarations"}}
	for i := range d.Templates() {
		out = append(out, [2]string{templateKey(i), d.Template(i).Name()})
	}
	return append(out, [2]string{keySystem, "System declarations"})
}

// renderList brings the parts list in line with the document, marking
// the part shown and the parts with errors. It runs after every edit and
// every parse: while the same parts are listed, their buttons are kept
// and updated in place, so that a press on one, or the keyboard focus,
// is not lost to a new button under it.
func (p *panes) renderList() {
	ul := p.a.byID(idParts)
	parts := p.partNames()
	btns := qsa(ul, "button[data-part]")
	same := len(btns) == len(parts)
	for i := 0; same && i < len(btns); i++ {
		same = btns[i].GetAttribute("data-part") == parts[i][0]
	}
	if !same {
		ul.SetInnerHTML("")
		btns = btns[:0]
		for _, pn := range parts {
			btns = append(btns, p.partButton(ul, pn[0]))
		}
	}
	for i, pn := range parts {
		p.markPart(btns[i], pn[0], pn[1])
	}
}

// partButton adds the list item and button of the part key to ul.
func (p *panes) partButton(ul dom.Element, key string) dom.Element {
	li := p.a.doc.CreateElement("li")
	btn := p.a.doc.CreateElement("button").(*dom.HTMLButtonElement)
	btn.SetAttribute("type", "button")
	btn.SetAttribute("data-part", key)
	if key[0] == 't' {
		btn.Class().Add("template")
	}
	btn.AddEventListener("click", false, func(dom.Event) { p.show(key) })
	li.AppendChild(btn)
	ul.AppendChild(li)
	return btn
}

// markPart writes a part's button: its name, whether it is shown, and
// its errors.
func (p *panes) markPart(btn dom.Element, key, name string) {
	if key[0] == 't' && strings.TrimSpace(name) == "" {
		name = "(no name)"
	}
	btn.SetTextContent(name)
	btn.SetAttribute("aria-pressed", strconv.FormatBool(key == p.shown))
	n := p.errorCount(key)
	if n == 0 {
		btn.Class().Remove("has-errors")
		btn.RemoveAttribute("data-errors")
		return
	}
	btn.Class().Add("has-errors")
	btn.SetAttribute("data-errors", strconv.Itoa(n))
	mark := p.a.doc.CreateElement("span")
	mark.SetAttribute("class", "visually-hidden")
	mark.SetTextContent(" (" + plural(n, "error") + ")")
	btn.AppendChild(mark)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// errorCount counts the errors of the last parse in a listed part.
func (p *panes) errorCount(key string) int {
	n := 0
	for k, ds := range p.diags {
		if listKey(k) != key {
			continue
		}
		for _, d := range ds {
			if d.Severity == "error" {
				n++
			}
		}
	}
	return n
}

// show puts a part in the pane.
func (p *panes) show(key string) {
	p.shown = key
	p.renderList()
	p.renderPane()
	for k, ed := range p.editors {
		if listKey(k) == key {
			ed.Focus()
			return
		}
	}
}

func (p *panes) destroyEditors() {
	for _, ed := range p.editors {
		ed.Destroy()
	}
	p.editors = map[string]*codeEditor{}
	p.fields = map[string]*dom.HTMLInputElement{}
}

// renderPane builds the editors of the part shown.
func (p *panes) renderPane() {
	p.destroyEditors()
	p.built = p.shown
	box := p.a.byID(idPartPane)
	box.SetInnerHTML("")
	d := p.b.doc()
	switch {
	case p.shown == keyDecl:
		p.heading(box, "Declarations")
		p.code(box, keyDecl, "Global declarations", d.Declaration(), "Edit declarations",
			func(d *edit.Doc, s string) { d.SetDeclaration(s) })
	case p.shown == keySystem:
		p.heading(box, "System declarations")
		p.code(box, keySystem, "System declarations", d.System(), "Edit system declarations",
			func(d *edit.Doc, s string) { d.SetSystem(s) })
	default:
		i, ok := p.templateIndex(p.shown)
		if !ok {
			p.shown = keyDecl
			p.renderList()
			p.renderPane()
			return
		}
		p.templatePane(box, i)
	}
	p.markEditors()
}

// templateIndex returns the template a key names, if it is there.
func (p *panes) templateIndex(key string) (int, bool) {
	if !strings.HasPrefix(key, "t") {
		return 0, false
	}
	i, err := strconv.Atoi(key[1:])
	return i, err == nil && i >= 0 && i < p.b.doc().Templates()
}

func (p *panes) heading(box dom.Element, text string) {
	h := p.a.doc.CreateElement("h3")
	h.SetTextContent(text)
	box.AppendChild(h)
}

// code adds a code editor for one text part; every change is applied to
// the document with set.
func (p *panes) code(box dom.Element, key, label, text, step string, set func(d *edit.Doc, s string)) {
	holder := p.a.doc.CreateElement("div")
	holder.SetAttribute("class", "code")
	holder.SetAttribute("data-part", key)
	box.AppendChild(holder)
	p.editors[key] = newCodeEditor(holder, editorOptions{
		Text: text, Language: "uppaal", Label: label, Lines: true, Lazy: true,
		OnChange: func(s string) { p.b.applyText(key, step, func(d *edit.Doc) { set(d, s) }) },
		OnUndo:   p.b.undo,
		OnRedo:   p.b.redo,
	})
}

// templatePane builds template i's pane: name and parameters, local
// declarations, and Delete.
func (p *panes) templatePane(box dom.Element, i int) {
	t := p.b.doc().Template(i)
	key := templateKey(i)
	p.heading(box, "Template "+t.Name())
	row := p.a.doc.CreateElement("div")
	row.SetAttribute("class", "template-fields")
	box.AppendChild(row)
	// The name is applied when the field is left (or Enter): a rename
	// letter by letter would make a template of every prefix.
	p.field(row, key+".name", "Name", t.Name(), "change", "Rename template",
		func(d *edit.Doc, s string) { d.Template(i).SetName(strings.TrimSpace(s)) })
	p.field(row, key+".param", "Parameters", t.Parameter(), "input", "Edit parameters",
		func(d *edit.Doc, s string) { d.Template(i).SetParameter(s) })
	p.code(box, key+".decl", "Declarations of "+t.Name(), t.Declaration(), "Edit local declarations",
		func(d *edit.Doc, s string) { d.Template(i).SetDeclaration(s) })
	del := p.a.doc.CreateElement("button").(*dom.HTMLButtonElement)
	del.SetAttribute("type", "button")
	del.SetAttribute("class", "delete-template")
	del.SetTextContent("Delete template " + t.Name())
	del.AddEventListener("click", false, func(dom.Event) { p.deleteTemplate(i) })
	box.AppendChild(del)
}

// field adds a one-line field; on event ("input" or "change") its text is
// applied with set.
func (p *panes) field(row dom.Element, key, label, text, event, step string, set func(d *edit.Doc, s string)) {
	lab := p.a.doc.CreateElement("label")
	lab.SetTextContent(label + " ")
	in := p.a.doc.CreateElement("input").(*dom.HTMLInputElement)
	in.SetValue(text)
	in.SetAttribute("autocomplete", "off")
	in.SetAttribute("spellcheck", "false")
	in.SetAttribute("data-part", key)
	in.Class().Add("mono")
	in.AddEventListener(event, false, func(dom.Event) {
		s := in.Value()
		if event == "input" {
			p.b.applyText(key, step, func(d *edit.Doc) { set(d, s) })
		} else {
			p.b.apply(step, func(d *edit.Doc) { set(d, s) })
		}
	})
	lab.AppendChild(in)
	msg := p.a.doc.CreateElement("span")
	msg.SetAttribute("class", "field-error")
	msg.SetAttribute("data-part", key)
	lab.AppendChild(msg)
	row.AppendChild(lab)
	p.fields[key] = in
}

// deleteTemplate deletes template i once the user agrees.
func (p *panes) deleteTemplate(i int) {
	name := p.b.doc().Template(i).Name()
	ok := global.Call("confirm", "Delete template "+name+", its locations and edges? Undo brings it back.")
	if !ok.Truthy() {
		return
	}
	p.shown = keyDecl
	p.b.apply("Delete template "+name, func(d *edit.Doc) { d.DeleteTemplate(i) })
}

// addTemplate adds a template with a fresh name and shows it.
func (p *panes) addTemplate() {
	d := p.b.doc()
	taken := map[string]bool{}
	for i := range d.Templates() {
		taken[d.Template(i).Name()] = true
	}
	name := "Template"
	for n := 2; taken[name]; n++ {
		name = "Template" + strconv.Itoa(n)
	}
	p.shown = templateKey(d.Templates())
	p.b.apply("Add template "+name, func(d *edit.Doc) { d.AddTemplate(name) })
}

// sync brings the list and the pane in line with the document after a
// change: the list is redrawn, and each editor or field not already
// showing its part's text is given it (the one being typed into is).
func (p *panes) sync() {
	p.renderList()
	if _, ok := p.templateIndex(p.shown); p.built != p.shown || !ok && p.shown != keyDecl && p.shown != keySystem {
		p.renderPane()
		return
	}
	d := p.b.doc()
	for key, ed := range p.editors {
		if text, ok := partText(d, key); ok && ed.Text() != text {
			ed.SetText(text)
		}
	}
	for key, in := range p.fields {
		if text, ok := partText(d, key); ok && in.Value() != text && !isActive(in) {
			in.SetValue(text)
		}
	}
	if i, ok := p.templateIndex(p.shown); ok {
		if h := qs(p.a.byID(idPartPane), "h3"); h != nil {
			h.SetTextContent("Template " + d.Template(i).Name())
		}
	}
}

// showDiagnostics marks the parts with the last parse's diagnostics.
func (p *panes) showDiagnostics(ds map[string][]partDiag) {
	p.diags = ds
	p.renderList()
	p.markEditors()
}

// markEditors shows the diagnostics of the pane's parts inline: in the
// code editors, and beside the one-line fields.
func (p *panes) markEditors() {
	for key, ed := range p.editors {
		var marks []inlineDiag
		for _, d := range p.diags[key] {
			marks = append(marks, inlineDiag{From: d.From, To: d.To, Severity: d.Severity, Message: d.Message})
		}
		ed.SetDiagnostics(marks)
	}
	for key, in := range p.fields {
		var msgs []string
		for _, d := range p.diags[key] {
			msgs = append(msgs, d.Message)
		}
		msg := strings.Join(msgs, "; ")
		in.SetAttribute("aria-invalid", strconv.FormatBool(msg != ""))
		if span := qs(p.a.byID(idPartPane), `.field-error[data-part="`+key+`"]`); span != nil {
			span.SetTextContent(msg)
		}
	}
}
