//go:build js && wasm

// Editing on the drawings: the Edit toggle, the tools, the selection and
// the side panel with a location's or an edge's fields. Every change goes
// through the workbench's apply (one undo step each); pointer and key
// handling on the drawings is in drawdrag_js.go.

package main

import (
	"strconv"
	"strings"

	"honnef.co/go/js/dom/v2"

	"beeline/core/edit"
	"beeline/core/protocol"
)

// Tools of the drawing editor.
const (
	toolSelect   = "select"
	toolLocation = "location"
	toolEdge     = "edge"
	toolNail     = "nail"
)

// selection is what the side panel edits: a location (loc) or an edge
// (edge ≥ 0) of template tmpl (document order), or nothing (tmpl < 0).
type selection struct {
	tmpl int
	loc  string
	edge int
}

var noSelection = selection{tmpl: -1, edge: -1}

// drawEditor edits templates on their drawings. While it is on, the
// drawings show one figure per template (drawings.show asks it), drawn
// from the model as last parsed; an edit goes to the workbench's document
// and comes back as a redraw once the changed model has been read again.
type drawEditor struct {
	a       *app
	on      bool
	box     dom.HTMLElement // the toggle and the tools, shown with a model
	toggle  dom.HTMLElement
	bar     dom.HTMLElement // the tools, shown while on
	panel   dom.HTMLElement // the side panel
	tool    string
	buttons map[string]dom.HTMLElement
	sel     selection
	drag    *dragState
	// fields are the panel's text fields by name ("name", "invariant",
	// "select", "guard", ...); initial and kind a location's box and
	// menu; note lists the diagnostics of the selection in no field.
	fields  map[string]*panelField
	initial *dom.HTMLInputElement
	kind    *dom.HTMLSelectElement
	target  *dom.HTMLSelectElement // a location's "New edge to" menu
	targets string                 // the locations it lists, ids and names
	note    dom.HTMLElement
	// focus is the location or edge that had the keyboard focus when the
	// drawings were last replaced, to give it back.
	focus selection
	// refocus is set while the focus is given back, which must not
	// change the selection.
	refocus bool
}

// newDrawEditor adds the Edit toggle, the tools and the panel before the
// drawings.
func newDrawEditor(a *app) *drawEditor {
	de := &drawEditor{a: a, tool: toolSelect, sel: noSelection, focus: noSelection, buttons: map[string]dom.HTMLElement{}}
	doc := a.doc
	box := doc.CreateElement("div").(dom.HTMLElement)
	box.SetAttribute("class", "draw-bar")
	box.SetAttribute("hidden", "")
	de.box = box
	de.toggle = de.button(box, "Edit drawings", "Edit the templates on their drawings: one drawing per template, with tools and a side panel", func() { de.setOn(!de.on) })
	de.toggle.SetAttribute("aria-pressed", "false")
	de.toggle.SetAttribute("class", "draw-toggle")
	de.bar = doc.CreateElement("div").(dom.HTMLElement)
	de.bar.SetAttribute("class", "draw-tools")
	de.bar.SetAttribute("role", "toolbar")
	de.bar.SetAttribute("aria-label", "Drawing tools")
	de.bar.SetAttribute("hidden", "")
	for _, t := range []struct{ tool, name, title string }{
		{toolSelect, "Select", "Select, move and drag: locations, nails and labels (Shift+drag from a location adds an edge)"},
		{toolLocation, "Add location", "Click on the drawing to add a location there (or double-click with any tool)"},
		{toolEdge, "Add edge", "Drag from a location to another, or back to itself, to add an edge"},
		{toolNail, "Add nail", "Click on an edge to bend it there (or double-click an edge with any tool)"},
	} {
		t := t
		b := de.button(de.bar, t.name, t.title, func() { de.setTool(t.tool) })
		b.SetAttribute("aria-pressed", strconv.FormatBool(t.tool == de.tool))
		b.SetAttribute("data-tool", t.tool)
		de.buttons[t.tool] = b
	}
	de.button(de.bar, "Delete selected", "Delete the selected location (with its edges) or edge (Delete key on the drawing)", de.deleteSelected)
	box.AppendChild(de.bar)
	de.panel = doc.CreateElement("aside").(dom.HTMLElement)
	de.panel.SetAttribute("class", "draw-panel")
	de.panel.SetAttribute("aria-label", "Selected on the drawing")
	de.panel.SetAttribute("hidden", "")
	drawings := a.byID(idDrawings)
	drawings.ParentNode().InsertBefore(box, drawings)
	drawings.ParentNode().InsertBefore(de.panel, drawings)
	return de
}

// button adds a named button to parent.
func (de *drawEditor) button(parent dom.Element, name, title string, f func()) dom.HTMLElement {
	b := de.a.doc.CreateElement("button").(dom.HTMLElement)
	b.SetAttribute("type", "button")
	b.SetAttribute("title", title)
	b.SetTextContent(name)
	b.AddEventListener("click", false, func(dom.Event) { f() })
	parent.AppendChild(b)
	return b
}

// setOn switches editing on or off and redraws.
func (de *drawEditor) setOn(on bool) {
	de.setState(on)
	if de.a.model != nil {
		de.a.drawings.show(de.a.model)
		de.a.sim.redrawn() // a trace shown goes back on the processes' drawings
	}
	de.showPanel()
}

// setState switches editing on or off: the toggle, the tools, the panel.
func (de *drawEditor) setState(on bool) {
	de.on = on
	de.toggle.SetAttribute("aria-pressed", strconv.FormatBool(on))
	if on {
		de.bar.RemoveAttribute("hidden")
		de.panel.RemoveAttribute("hidden")
	} else {
		de.bar.SetAttribute("hidden", "")
		de.panel.SetAttribute("hidden", "")
		de.sel = noSelection
	}
	de.a.placeDiagnostics()
	if de.a.drawings != nil {
		de.a.drawings.placeProcesses()
	}
}

func (de *drawEditor) setTool(t string) {
	de.tool = t
	for name, b := range de.buttons {
		b.SetAttribute("aria-pressed", strconv.FormatBool(name == t))
	}
	for _, f := range de.a.drawings.figs {
		f.svg.SetAttribute("data-tool", t)
	}
}

// editable reports whether edits can be made: editing is on and the
// workbench holds a document.
func (de *drawEditor) editable() bool {
	return de.on && de.a.bench != nil && de.a.bench.doc() != nil
}

// change applies one undoable edit to template ti. A template the page
// laid out itself (no coordinates in the document) first gets the
// coordinates it is drawn with, so that nothing else moves.
func (de *drawEditor) change(label string, ti int, f func(t *edit.Template)) {
	if !de.editable() {
		return
	}
	var at map[string]protocol.Point
	for _, f := range de.a.drawings.figs {
		if f.index == ti {
			at = laidOut(f.template)
		}
	}
	de.a.bench.apply(label, func(d *edit.Doc) {
		t := d.Template(ti)
		if t == nil {
			return
		}
		for _, l := range t.Locations() {
			if p, ok := at[l.ID]; ok && !l.HasAt {
				t.MoveLocation(l.ID, edit.Point{X: p.X, Y: p.Y})
			}
		}
		f(t)
	})
}

// changeText is change for typing into a panel field: the workbench
// makes a pause-free run of typing in one part one undo step.
func (de *drawEditor) changeText(part, label string, ti int, f func(t *edit.Template)) {
	if !de.editable() {
		return
	}
	de.a.bench.applyText(part, label, func(d *edit.Doc) {
		if t := d.Template(ti); t != nil {
			f(t)
		}
	})
}

// template returns the document's template ti, or nil.
func (de *drawEditor) template(ti int) *edit.Template {
	if !de.editable() || ti < 0 {
		return nil
	}
	return de.a.bench.doc().Template(ti)
}

// selected returns the selected location or edge as the document has it.
func (de *drawEditor) selected() (loc *edit.Location, e *edit.Edge) {
	t := de.template(de.sel.tmpl)
	if t == nil {
		return nil, nil
	}
	if de.sel.loc != "" {
		for _, l := range t.Locations() {
			if l.ID == de.sel.loc {
				return &l, nil
			}
		}
		return nil, nil
	}
	if es := t.Edges(); de.sel.edge >= 0 && de.sel.edge < len(es) {
		return nil, &es[de.sel.edge]
	}
	return nil, nil
}

// selectItem selects a location or an edge and shows it in the panel.
func (de *drawEditor) selectItem(s selection) {
	de.sel = s
	de.markSelection()
	de.showPanel()
}

// markSelection marks the selected element on the drawings.
func (de *drawEditor) markSelection() {
	for _, f := range de.a.drawings.figs {
		for _, el := range qsa(f.svg, ".selected") {
			el.Class().Remove("selected")
			el.RemoveAttribute("aria-pressed")
		}
		if f.index != de.sel.tmpl {
			continue
		}
		if el := itemElement(f, de.sel); el != nil {
			el.Class().Add("selected")
			el.SetAttribute("aria-pressed", "true")
		}
	}
}

// itemElement is the group drawing s in figure f, or nil.
func itemElement(f *figure, s selection) dom.Element {
	switch {
	case s.loc != "":
		return qs(f.svg, `[data-loc="`+cssEscape(s.loc)+`"]`)
	case s.edge >= 0:
		return qs(f.svg, `[data-edge="`+strconv.Itoa(s.edge)+`"]`)
	}
	return nil
}

// deleteSelected deletes the selected location (and its edges) or edge.
func (de *drawEditor) deleteSelected() {
	s := de.sel
	switch {
	case s.tmpl < 0:
		return
	case s.loc != "":
		de.change("delete location", s.tmpl, func(t *edit.Template) { t.DeleteLocation(s.loc) })
	case s.edge >= 0:
		de.change("delete edge", s.tmpl, func(t *edit.Template) { t.DeleteEdge(s.edge) })
	}
	de.selectItem(noSelection)
}

// modelShown shows the Edit toggle once a model is drawn, enabled when
// the model is an editable document.
func (de *drawEditor) modelShown() {
	de.box.RemoveAttribute("hidden")
	ok := de.a.bench != nil
	de.toggle.(*dom.HTMLButtonElement).SetDisabled(!ok)
	if !ok && de.on {
		de.setState(false)
	}
}

// edited redraws the templates after a change of the document (an edit,
// undo or redo), at once: the drawing follows the document, not the
// parse, which waits for typing to pause and may find errors.
func (de *drawEditor) edited() {
	if de.on && de.a.model != nil {
		de.a.drawings.show(de.a.model)
	}
}

// reset forgets the selection when another model is loaded.
func (de *drawEditor) reset() {
	de.sel, de.focus, de.drag = noSelection, noSelection, nil
	de.showPanel()
}

// redrawn is called after the drawings were replaced: the tool, the
// selection and the keyboard focus carry over to the new elements, and
// the panel shows the document as it is now.
func (de *drawEditor) redrawn() {
	de.setTool(de.tool)
	if l, e := de.selected(); l == nil && e == nil {
		de.sel = noSelection
	}
	de.markSelection()
	if de.focus.tmpl >= 0 {
		for _, f := range de.a.drawings.figs {
			if f.index == de.focus.tmpl {
				if el := itemElement(f, de.focus); el != nil {
					de.refocus = true
					el.Underlying().Call("focus", map[string]any{"preventScroll": true})
					de.refocus = false
				}
			}
		}
		de.focus = noSelection
	}
	de.showPanel()
}

// rememberFocus notes the drawn location or edge that has the keyboard
// focus, before the drawings are replaced.
func (de *drawEditor) rememberFocus() {
	de.focus = noSelection
	el := de.a.doc.ActiveElement()
	if el == nil {
		return
	}
	for _, f := range de.a.drawings.figs {
		if f.index >= 0 && f.svg.Contains(el) {
			de.focus = itemOf(f, el)
		}
	}
}

// itemOf is the location or edge of figure f that el is part of.
func itemOf(f *figure, el dom.Element) selection {
	s := noSelection
	if g := el.Closest("[data-loc]"); g != nil {
		s.tmpl, s.loc = f.index, g.GetAttribute("data-loc")
	} else if g := el.Closest("[data-edge]"); g != nil {
		if n, err := strconv.Atoi(g.GetAttribute("data-edge")); err == nil {
			s.tmpl, s.edge = f.index, n
		}
	}
	return s
}

// showPanel fills the side panel with the selection's fields; a field
// that has the focus keeps what is being typed in it.
func (de *drawEditor) showPanel() {
	if !de.on {
		return
	}
	loc, e := de.selected()
	key := ""
	switch {
	case loc != nil:
		key = "loc " + strconv.Itoa(de.sel.tmpl) + " " + loc.ID
	case e != nil:
		key = "edge " + strconv.Itoa(de.sel.tmpl) + " " + strconv.Itoa(de.sel.edge)
	}
	// A panel never built (editing just switched on, nothing selected)
	// has no data-item yet: it is built too, with its hint.
	if !de.panel.HasAttribute("data-item") || de.panel.GetAttribute("data-item") != key {
		de.buildPanel(key, loc, e)
	}
	de.fillPanel(loc, e)
	de.showNotes()
}

// buildPanel makes the panel's fields for a location or an edge.
func (de *drawEditor) buildPanel(key string, loc *edit.Location, e *edit.Edge) {
	p := de.panel
	for _, f := range de.fields {
		f.area.Destroy()
	}
	p.SetInnerHTML("")
	p.SetAttribute("data-item", key)
	de.fields, de.initial, de.kind, de.target, de.targets = map[string]*panelField{}, nil, nil, nil, ""
	h := de.a.doc.CreateElement("h3")
	p.AppendChild(h)
	s := de.sel
	tname := ""
	if t := de.template(s.tmpl); t != nil {
		tname = t.Name()
	}
	switch {
	case loc != nil:
		h.SetTextContent("Location in " + tname)
		de.field(key, "name", "Name", func(v string) func(*edit.Template) {
			return func(t *edit.Template) { t.SetLocationName(s.loc, v) }
		})
		de.field(key, "invariant", "Invariant", func(v string) func(*edit.Template) {
			return func(t *edit.Template) { t.SetInvariant(s.loc, v) }
		})
		de.locationControls(s)
	case e != nil:
		h.SetTextContent("Edge " + strconv.Itoa(s.edge) + " in " + tname)
		for _, k := range labelKinds {
			kind := edgeLabelKind(k.kind)
			de.field(key, k.kind, k.name, func(v string) func(*edit.Template) {
				return func(t *edit.Template) { t.SetEdgeLabel(s.edge, kind, v) }
			})
		}
		de.button(p, "Remove nails", "Make this edge straight again", func() {
			de.change("remove nails", s.tmpl, func(t *edit.Template) { t.SetNails(s.edge, nil) })
		})
		de.button(p, "Delete edge", "Delete this edge (Delete key on the drawing)", de.deleteSelected)
	default:
		h.SetTextContent("Nothing selected")
		hint := de.a.doc.CreateElement("p")
		hint.SetAttribute("class", "muted")
		hint.SetTextContent("Click a location or an edge, or Tab to it on a drawing, to edit it here. Double-click empty space to add a location, an edge to bend it, a nail to remove it; Shift+drag from a location to another to add an edge.")
		p.AppendChild(hint)
	}
	de.note = de.a.doc.CreateElement("p").(dom.HTMLElement)
	de.note.SetAttribute("class", "draw-diag")
	de.note.SetAttribute("role", "status")
	de.note.SetAttribute("hidden", "")
	p.AppendChild(de.note)
}

// panelField is one text field of the panel: a one-line code editor in
// a row named after the field.
type panelField struct {
	row  dom.HTMLElement
	area *codeEditor
}

// field adds a named one-line editor whose typing is applied as it goes
// (the workbench makes a pause-free run of typing in it one undo step);
// set says what a text does to the template.
func (de *drawEditor) field(item, name, label string, set func(string) func(*edit.Template)) {
	doc := de.a.doc
	row := doc.CreateElement("div").(dom.HTMLElement)
	row.SetAttribute("class", "draw-field")
	row.SetAttribute("data-field", name)
	span := doc.CreateElement("span")
	span.SetAttribute("aria-hidden", "true")
	span.SetTextContent(label)
	row.AppendChild(span)
	de.panel.AppendChild(row)
	ti, part := de.sel.tmpl, templateKey(de.sel.tmpl)+".drawing "+item+" "+name
	b := de.a.bench
	area := newCodeEditor(row, editorOptions{Language: "uppaal", Label: label, SingleLine: true, OnUndo: b.undo, OnRedo: b.redo,
		OnChange: func(v string) {
			de.changeText(part, "edit "+strings.ToLower(label), ti, set(v))
		}})
	de.fields[name] = &panelField{row: row, area: area}
}

// locationControls adds a location's initial box, kind menu and delete.
func (de *drawEditor) locationControls(s selection) {
	doc := de.a.doc
	row := doc.CreateElement("label").(dom.HTMLElement)
	row.SetAttribute("class", "draw-check")
	box := doc.CreateElement("input").(*dom.HTMLInputElement)
	box.SetType("checkbox")
	box.SetAttribute("data-field", "initial")
	box.AddEventListener("change", false, func(dom.Event) {
		if box.Checked() {
			de.change("mark initial", s.tmpl, func(t *edit.Template) { t.SetInitial(s.loc) })
		}
	})
	row.AppendChild(box)
	row.AppendChild(doc.CreateTextNode(" Initial"))
	de.panel.AppendChild(row)
	de.initial = box
	menu := de.menuField("Kind", "kind")
	for _, k := range []string{"normal", "urgent", "committed"} {
		o := doc.CreateElement("option").(*dom.HTMLOptionElement)
		o.SetValue(k)
		o.SetTextContent(k)
		menu.AppendChild(o)
	}
	menu.AddEventListener("change", false, func(dom.Event) {
		k := locKind(menu.Value())
		de.change("mark "+menu.Value(), s.tmpl, func(t *edit.Template) { t.SetKind(s.loc, k) })
	})
	de.kind = menu
	de.edgeControls(s)
	de.button(de.panel, "Delete location", "Delete this location and its edges (Delete key on the drawing)", de.deleteSelected)
}

// edgeControls adds the keyboard's way to add an edge from location s:
// the "New edge to" menu of the template's locations (s itself for a
// self-loop) and the Add edge button.
func (de *drawEditor) edgeControls(s selection) {
	menu := de.menuField("New edge to", "edge-target")
	de.target = menu
	de.button(de.panel, "Add the edge", "Add an edge from this location to the one chosen in New edge to", func() {
		de.addEdgeFrom(s, menu.Value())
	})
}

// menuField adds a menu to the panel in a row that names it with label;
// name is its data-field.
func (de *drawEditor) menuField(label, name string) *dom.HTMLSelectElement {
	doc := de.a.doc
	row := doc.CreateElement("label").(dom.HTMLElement)
	row.SetAttribute("class", "draw-field")
	span := doc.CreateElement("span")
	span.SetTextContent(label)
	row.AppendChild(span)
	menu := doc.CreateElement("select").(*dom.HTMLSelectElement)
	menu.SetAttribute("data-field", name)
	row.AppendChild(menu)
	de.panel.AppendChild(row)
	return menu
}

// fillTargets lists the selected template's locations in the "New edge
// to" menu, keeping the one chosen; it is rebuilt only when the list
// changed, so that a menu being used is left alone.
func (de *drawEditor) fillTargets() {
	t := de.template(de.sel.tmpl)
	if de.target == nil || t == nil {
		return
	}
	var ids, names []string
	for _, l := range t.Locations() {
		name := l.Name
		if name == "" {
			name = l.ID
		}
		ids, names = append(ids, l.ID), append(names, name)
	}
	key := strings.Join(ids, "\n") + "\n\n" + strings.Join(names, "\n")
	if de.targets == key {
		return
	}
	chosen := de.target.Value()
	de.target.SetInnerHTML("")
	for i, id := range ids {
		o := de.a.doc.CreateElement("option").(*dom.HTMLOptionElement)
		o.SetValue(id)
		o.SetTextContent(names[i])
		de.target.AppendChild(o)
	}
	de.targets = key
	if chosen != "" {
		de.target.SetValue(chosen)
	}
}

// addEdgeFrom adds an edge from location s to location dst (one undo
// step), a self-loop bent by two nails above the location as a drag
// back to it makes, then selects the edge and puts the keyboard in its
// guard.
func (de *drawEditor) addEdgeFrom(s selection, dst string) {
	if s.tmpl < 0 || s.loc == "" || dst == "" {
		return
	}
	var nails []edit.Point
	if dst == s.loc {
		for _, f := range de.a.drawings.figs {
			if c, ok := de.centre(f, s.loc); f.index == s.tmpl && ok {
				for _, n := range selfLoopNails(c, c) {
					x, y := n.round()
					nails = append(nails, edit.Point{X: x, Y: y})
				}
			}
		}
	}
	added := -1
	de.change("add edge", s.tmpl, func(t *edit.Template) {
		added = t.AddEdge(s.loc, dst)
		if added >= 0 && nails != nil {
			t.SetNails(added, nails)
		}
	})
	if added < 0 {
		return
	}
	de.selectItem(selection{tmpl: s.tmpl, edge: added})
	de.focusField("guard")
}

// fillPanel writes the document's values into the fields, except the
// one being typed in.
func (de *drawEditor) fillPanel(loc *edit.Location, e *edit.Edge) {
	values := map[string]string{}
	switch {
	case loc != nil:
		values["name"], values["invariant"] = loc.Name, loc.Invariant
		if de.initial != nil {
			de.initial.SetChecked(loc.Initial)
			de.initial.SetDisabled(loc.Initial) // a template has one initial location: pick another
		}
		if de.kind != nil {
			de.kind.SetValue(kindName(loc.Kind))
		}
		de.fillTargets()
	case e != nil:
		values["select"], values["guard"], values["synchronisation"], values["assignment"] = e.Select, e.Guard, e.Sync, e.Update
	}
	active := de.a.doc.ActiveElement()
	for name, v := range values {
		f := de.fields[name]
		if f == nil || (active != nil && f.row.Contains(active)) {
			continue
		}
		if f.area.Text() != v {
			f.area.SetText(v)
		}
	}
}

// showNotes marks every diagnostic about the selection in the field
// whose text it is in (the document locates its offset), and lists the
// others under the fields with their line and column, then those about
// anything else with their file: while the drawings are edited the
// panel, of a fixed height, shows the diagnostics in place of the
// page's list.
func (de *drawEditor) showNotes() {
	if de.note == nil {
		return
	}
	marks := map[string][]inlineDiag{}
	var rest, others []string
	name, selected := de.selectionTemplateName()
	for _, dg := range de.a.drawings.diags {
		if !selected || dg.Template != name || !de.about(dg) {
			others = append(others, whereText(dg))
			continue
		}
		if f, pd, ok := de.fieldOf(dg); ok {
			marks[f] = append(marks[f], pd)
		} else {
			rest = append(rest, noteText(dg))
		}
	}
	rest = append(rest, others...)
	for name, f := range de.fields {
		f.area.SetDiagnostics(marks[name])
	}
	de.note.SetTextContent(strings.Join(rest, "\n"))
	if len(rest) == 0 {
		de.note.SetAttribute("hidden", "")
	} else {
		de.note.RemoveAttribute("hidden")
	}
}

func (de *drawEditor) selectionTemplateName() (string, bool) {
	t := de.template(de.sel.tmpl)
	if t == nil {
		return "", false
	}
	return t.Name(), true
}

// about reports whether dg is pinned on the selection.
func (de *drawEditor) about(dg protocol.Diagnostic) bool {
	if de.sel.loc != "" {
		return dg.Location == de.sel.loc
	}
	return dg.Location == "" && dg.Edge == de.sel.edge
}

// fieldOf names the panel field whose text holds dg's position, and
// where in that text it is.
func (de *drawEditor) fieldOf(dg protocol.Diagnostic) (string, inlineDiag, bool) {
	if de.a.bench == nil || !dg.Pos.IsValid() {
		return "", inlineDiag{}, false
	}
	d := de.a.bench.doc()
	part, from, ok := d.Locate(dg.Pos.Offset)
	if !ok {
		return "", inlineDiag{}, false
	}
	to := from + 1
	if pe, end, ok := d.Locate(dg.End.Offset); ok && dg.End.IsValid() && pe == part && end > from {
		to = end
	}
	pd := inlineDiag{From: from, To: to, Severity: dg.Severity, Message: dg.Message}
	switch part.Kind {
	case edit.LocationName:
		return "name", pd, true
	case edit.Invariant:
		return "invariant", pd, true
	case edit.EdgeLabel:
		for _, k := range labelKinds {
			if edgeLabelKind(k.kind) == part.Label {
				return k.kind, pd, true
			}
		}
	}
	return "", inlineDiag{}, false
}

// noteText words a diagnostic for the panel: where, then what.
func noteText(dg protocol.Diagnostic) string {
	s := dg.Message
	if dg.Pos.IsValid() {
		s = "line " + strconv.Itoa(dg.Pos.Line) + ", column " + strconv.Itoa(dg.Pos.Column) + ": " + s
	}
	return s
}

// edgeLabelKind maps a label kind as the model names it to the
// document's.
func edgeLabelKind(kind string) edit.LabelKind {
	switch kind {
	case "select":
		return edit.Select
	case "synchronisation":
		return edit.Sync
	case "assignment":
		return edit.Update
	}
	return edit.Guard
}

func locKind(s string) edit.Kind {
	switch s {
	case "urgent":
		return edit.Urgent
	case "committed":
		return edit.Committed
	}
	return edit.Normal
}

func kindName(k edit.Kind) string {
	switch k {
	case edit.Urgent:
		return "urgent"
	case edit.Committed:
		return "committed"
	}
	return "normal"
}
