//go:build js && wasm

// The verifier's query list: one row per query, made once and updated in
// place (a row being typed into keeps its editor and the keyboard), and,
// when the queries are the document's, edited there: formula and comment
// in place, delete, move up and down, add.

package main

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"honnef.co/go/js/dom/v2"

	"beeline/core/edit"
	"beeline/core/protocol"
)

// queryEditor is what edits the document's queries: the workbench.
type queryEditor interface {
	apply(label string, f func(d *edit.Doc))
	applyText(part, label string, f func(d *edit.Doc))
	undo()
	redo()
}

// rowEls are a row's elements, made once per row.
type rowEls struct {
	li      dom.HTMLElement
	marker  dom.Element
	formula dom.Element // a <span>, or the editor's holder
	ed      *codeEditor // nil when the formula is not editable
	comment *dom.HTMLInputElement
	check   *dom.HTMLButtonElement
	trace   *dom.HTMLButtonElement // shows the trace the row's check found
	up      *dom.HTMLButtonElement
	down    *dom.HTMLButtonElement
	notes   dom.Element
	// shown is what updateRow last wrote (drawn once it has): a row to be
	// shown as it is is not written again.
	shown rowView
	drawn bool
}

// rowView is what a row shows: its place, selection, verdict, formula,
// comment, notes and the state of its buttons.
type rowView struct {
	i                                      int
	selected, current, supported, answered bool
	checkOff, traceOn, upOff, downOff      bool
	verdict                                protocol.Verdict
	label, formula, comment                string
	why, reason, answer, stats             string
}

// viewOf returns what row r at place i is to show.
func (v *verifier) viewOf(i int, r *queryRow) rowView {
	return rowView{
		i: i, selected: v.isSelected(i), current: i == v.sel, supported: r.q.Supported, answered: r.answer != "",
		checkOff: !r.q.Supported || v.busy(), traceOn: r.res != nil && r.res.Trace != nil,
		upOff: i == 0, downOff: i == v.docQueries()-1,
		verdict: r.verdict, label: markerLabel(r), formula: r.q.Formula, comment: r.q.Comment,
		why: r.q.Why, reason: r.reason, answer: r.answer, stats: r.stats,
	}
}

// editQueries makes the list edit the document's queries through qe (nil:
// the list shows the queries the engine read, as for a model that cannot
// be edited); key is the document's meaning (setVersion).
func (v *verifier) editQueries(qe queryEditor, key string) {
	v.qe = qe
	v.key = key
}

// setVersion records what the document means now: verdicts and traces
// found for another meaning are forgotten, a check under way answers for
// the previous version, and the queries queued after it are not checked.
func (v *verifier) setVersion(key string) {
	if key == v.key {
		return
	}
	v.key = key
	for _, r := range v.queries {
		if r != v.running {
			r.forget()
		}
	}
	if v.batch != nil {
		v.stopBatch()
	} else {
		v.clearSummary()
	}
	v.renderQueries()
}

// syncQueries makes the list the document's queries qs (then the rows a
// link added). A row is kept, with its verdict, for a query whose formula
// did not change (moved or not); a query whose formula was edited keeps
// its row and editor but not its verdict. Blank queries (UPPAAL's
// separators, which the engine drops) are not listed, but for one whose
// row is being typed into.
func (v *verifier) syncQueries(qs []edit.Query) {
	var old, users []*queryRow
	for _, r := range v.queries {
		if r.user {
			users = append(users, r)
		} else {
			old = append(old, r)
		}
	}
	var selected *queryRow
	if v.sel >= 0 && v.sel < len(v.queries) {
		selected = v.queries[v.sel]
	}
	editing := -1
	for _, r := range old {
		if r.els != nil && r.els.li.Underlying().Call("contains", global.Get("document").Get("activeElement")).Bool() {
			editing = r.doc
		}
	}
	var listed []edit.Query
	var at []int
	for i, q := range qs {
		if strings.TrimSpace(q.Formula) != "" || i == editing {
			listed = append(listed, edit.Query{Formula: strings.TrimSpace(q.Formula), Comment: strings.TrimSpace(q.Comment)})
			at = append(at, i)
		}
	}
	rows := matchRows(old, listed)
	for j, r := range rows {
		r.doc = at[j]
		f := qs[at[j]].Formula
		r.lead = len(f) - len(strings.TrimLeftFunc(f, unicode.IsSpace))
		r.q.Index = engineIndex(qs, at[j])
		if r.q.Index < 0 {
			r.q.Supported, r.q.Why = false, "the formula is empty"
		}
	}
	for _, r := range old {
		if !slices.Contains(rows, r) {
			r.destroy()
		}
	}
	v.queries = append(rows, users...)
	v.sel = -1
	for i, r := range v.queries {
		if r == selected {
			v.sel = i
		}
	}
	if v.sel < 0 && len(v.queries) > 0 {
		v.sel = 0
	}
	v.renderQueries()
}

// matchRows returns the rows for qs, reusing old's: first the row at the
// same place with the same formula, then any with the same formula, then
// the row at the same place (its formula was edited).
func matchRows(old []*queryRow, qs []edit.Query) []*queryRow {
	used := make([]bool, len(old))
	rows := make([]*queryRow, len(qs))
	take := func(j, i int) {
		used[i] = true
		rows[j] = old[i]
	}
	for j, q := range qs {
		if j < len(old) && old[j].q.Formula == q.Formula {
			take(j, j)
		}
	}
	for j, q := range qs {
		for i := range old {
			if rows[j] == nil && !used[i] && old[i].q.Formula == q.Formula {
				take(j, i)
			}
		}
	}
	for j := range qs {
		if rows[j] == nil && j < len(old) && !used[j] {
			take(j, j)
		}
	}
	for j, q := range qs {
		r := rows[j]
		if r == nil {
			r = &queryRow{q: protocol.Query{Supported: true}}
			rows[j] = r
		}
		if r.q.Formula != q.Formula {
			r.forget()
			r.q.Supported, r.q.Why = true, ""
		}
		r.q.Index, r.q.Formula, r.q.Comment = j, q.Formula, q.Comment
	}
	return rows
}

// engineIndex returns the number the engine gives query i of qs: blank
// queries are dropped, so it counts the others before it; -1 for a
// blank one.
func engineIndex(qs []edit.Query, i int) int {
	if strings.TrimSpace(qs[i].Formula) == "" {
		return -1
	}
	n := 0
	for _, q := range qs[:i] {
		if strings.TrimSpace(q.Formula) != "" {
			n++
		}
	}
	return n
}

// annotate takes from a model read what the engine says of each query:
// whether it can be checked, and why not.
func (v *verifier) annotate(m *protocol.Model) {
	v.model = m
	byIndex := map[int]protocol.Query{}
	for _, q := range m.Queries {
		byIndex[q.Index] = q
	}
	for _, r := range v.queries {
		if q, ok := byIndex[r.q.Index]; ok && !r.user && r.q.Index >= 0 && r.q.Formula == strings.TrimSpace(q.Formula) {
			r.q.Supported, r.q.Why = q.Supported, q.Why
		}
	}
	v.renderQueries()
}

// renderQueries brings the list in line with v.queries: rows are made
// once, updated in place, and moved only when the order changed.
func (v *verifier) renderQueries() {
	ol := v.byID(idQueries)
	lis := make([]dom.Element, len(v.queries))
	for i, r := range v.queries {
		if r.els == nil {
			v.buildRow(r)
		}
		v.updateRow(i, r)
		lis[i] = r.els.li
	}
	kids := ol.Underlying().Get("childNodes")
	same := kids.Length() == len(lis)
	for i := 0; same && i < len(lis); i++ {
		same = kids.Index(i).Equal(lis[i].Underlying())
	}
	if !same {
		ol.SetInnerHTML("")
		for _, li := range lis {
			ol.AppendChild(li)
		}
	}
	v.updateCheckButton()
	v.describeHeuristic() // whether the selected query ignores the heuristic
	if v.tables != nil {
		go v.showTables() // the selected query's table
	}
}

// indexOf returns where row r is in the list, -1 when it is gone.
func (v *verifier) indexOf(r *queryRow) int {
	for i, x := range v.queries {
		if x == r {
			return i
		}
	}
	return -1
}

// buildRow makes a row's elements. Its handlers find the row's place
// when they run: rows move.
func (v *verifier) buildRow(r *queryRow) {
	e := &rowEls{}
	r.els = e
	e.li = v.doc.CreateElement("li").(dom.HTMLElement)
	e.li.SetAttribute("tabindex", "0")
	e.marker = v.doc.CreateElement("span")
	e.li.AppendChild(e.marker)
	editable := v.qe != nil && !r.user
	if editable {
		e.formula = v.doc.CreateElement("div")
		e.formula.SetAttribute("class", "formula formula-edit")
		e.li.AppendChild(e.formula)
		e.ed = newCodeEditor(e.formula, editorOptions{Text: r.q.Formula, Language: "query", Label: "Formula",
			SingleLine: true, Lazy: true,
			OnChange: func(s string) { v.editQuery(r, func(q *edit.Query) { q.Formula = s }, "") },
			OnEnter:  func() { v.checkRow(r) },
			OnUndo:   v.qe.undo, OnRedo: v.qe.redo})
	} else {
		e.formula = v.doc.CreateElement("span")
		e.formula.SetAttribute("class", "formula")
		e.li.AppendChild(e.formula)
	}
	run := v.doc.CreateElement("span")
	run.SetAttribute("class", "row-run")
	e.li.AppendChild(run)
	e.check = v.rowButton(run, "Check", "", func() { v.checkRow(r) })
	e.check.Class().Add("check")
	e.trace = v.rowButton(run, "Trace", "", func() { v.showRowTrace(r) })
	e.trace.Class().Add("row-trace")
	if editable {
		v.editTools(r, e)
	}
	e.notes = v.doc.CreateElement("span")
	e.notes.SetAttribute("class", "notes")
	e.li.AppendChild(e.notes)
	v.wireRowPicks(r)
}

// wireRowPicks makes a click on row r select it (Ctrl or Cmd adds it to
// the selection or takes it out, Shift selects the range from the
// anchor), and the keys on the row itself: Enter checks it, Space adds
// or takes it out, the arrows go to the next row or the one before,
// with Shift extending the range. Keys and clicks in its fields are
// theirs.
func (v *verifier) wireRowPicks(r *queryRow) {
	li := r.els.li
	// The modifier keys are read from the event itself: a click is a
	// PointerEvent in Chromium, a MouseEvent elsewhere.
	mod := func(ev dom.Event) pickHow {
		u := ev.Underlying()
		switch {
		case typing(ev.Target()):
			return pickOnly
		case u.Get("shiftKey").Truthy():
			return pickRange
		case u.Get("ctrlKey").Truthy() || u.Get("metaKey").Truthy():
			return pickToggle
		}
		return pickOnly
	}
	li.AddEventListener("mousedown", false, func(ev dom.Event) {
		if mod(ev) == pickRange {
			ev.PreventDefault() // a range of rows, not of text
		}
	})
	li.AddEventListener("click", false, func(ev dom.Event) {
		if i := v.indexOf(r); i >= 0 {
			v.pickQuery(i, mod(ev))
		}
	})
	li.AddEventListener("keydown", false, func(ev dom.Event) {
		k := ev.(*dom.KeyboardEvent)
		i := v.indexOf(r)
		if i < 0 || !k.Target().Underlying().Equal(li.Underlying()) || k.AltKey() {
			return
		}
		how, to := pickToggle, i
		switch k.Key() {
		case "Enter":
			v.checkRow(r)
			return
		case " ":
		case "ArrowDown", "ArrowUp":
			how, to = pickOnly, i+1
			if k.Key() == "ArrowUp" {
				to = i - 1
			}
			if k.ShiftKey() {
				how = pickRange
			}
			if to < 0 || to >= len(v.queries) {
				return
			}
		default:
			return
		}
		// Space would also play the simulator's trace, and the arrows
		// scroll the page.
		k.PreventDefault()
		k.StopPropagation()
		v.pickQuery(to, how)
	})
}

// pickQuery changes the selection as a click or key on row i does (how),
// and makes row i the selected one, which the options and tables follow.
func (v *verifier) pickQuery(i int, how pickHow) {
	picked := make([]bool, len(v.queries))
	for j := range v.queries {
		picked[j] = v.isSelected(j)
	}
	picked, v.anchor = pickRows(picked, v.anchor, i, how)
	for j, r := range v.queries {
		r.picked = picked[j]
	}
	moved := v.sel != i
	v.sel = i
	v.renderQueries()
	if moved && v.pageChose() {
		go v.preselect() // the page's choice follows the query
	}
	// The keyboard goes to the row, unless it is in one of its fields.
	if r := v.queries[i]; r.els != nil && !r.els.li.Underlying().Call("contains", global.Get("document").Get("activeElement")).Bool() {
		r.els.li.Focus()
	}
}

// selectOnly makes row i the selection, alone; i may be -1 for none.
func (v *verifier) selectOnly(i int) {
	for _, r := range v.queries {
		r.picked = false
	}
	v.sel, v.anchor = i, i
	if i >= 0 && i < len(v.queries) {
		v.queries[i].picked = true
	}
}

// editTools adds an editable row's comment field and its Up, Down and
// Delete buttons.
func (v *verifier) editTools(r *queryRow, e *rowEls) {
	tools := v.doc.CreateElement("span")
	tools.SetAttribute("class", "query-tools")
	e.comment = v.doc.CreateElement("input").(*dom.HTMLInputElement)
	e.comment.SetAttribute("class", "query-comment")
	e.comment.SetAttribute("placeholder", "comment")
	e.comment.SetAttribute("autocomplete", "off")
	e.comment.AddEventListener("input", false, func(dom.Event) {
		s := e.comment.Value()
		v.editQuery(r, func(q *edit.Query) { q.Comment = s }, ".comment")
	})
	tools.AppendChild(e.comment)
	e.up = v.rowButton(tools, "↑", "Move up", func() { v.moveQuery(r, -1) })
	e.down = v.rowButton(tools, "↓", "Move down", func() { v.moveQuery(r, +1) })
	v.rowButton(tools, "Delete", "Delete", func() { v.deleteQuery(r) })
	e.li.AppendChild(tools)
}

// rowButton adds a button to a row; name, when given, is its accessible
// name's verb (the row's formula is added to it by updateRow).
func (v *verifier) rowButton(parent dom.Element, text, name string, f func()) *dom.HTMLButtonElement {
	b := v.doc.CreateElement("button").(*dom.HTMLButtonElement)
	b.SetAttribute("type", "button")
	b.SetTextContent(text)
	if name != "" {
		b.SetAttribute("data-verb", name)
	}
	b.AddEventListener("click", false, func(ev dom.Event) {
		ev.StopPropagation()
		f()
	})
	parent.AppendChild(b)
	return b
}

// updateRow shows row r at place i: its marker, formula, comment, notes
// and buttons.
func (v *verifier) updateRow(i int, r *queryRow) {
	e := r.els
	view := v.viewOf(i, r)
	if e.drawn && view == e.shown {
		return
	}
	e.shown, e.drawn = view, true
	e.li.SetAttribute("data-query", strconv.Itoa(i))
	selected := v.isSelected(i)
	setClass(e.li, "selected", selected)
	setClass(e.li, "current", i == v.sel)
	if selected {
		e.li.SetAttribute("aria-selected", "true")
	} else {
		e.li.RemoveAttribute("aria-selected")
	}
	e.marker.SetAttribute("class", "marker "+verdictClass(r.verdict))
	setClass(e.marker, "queued", r.verdict == rowQueued)
	e.marker.SetAttribute("role", "img")
	e.marker.SetAttribute("aria-label", markerLabel(r))
	e.marker.SetAttribute("title", markerLabel(r))
	setClass(e.marker, "unsupported", !r.q.Supported)
	setClass(e.marker, "answered", r.answer != "")
	n := strconv.Itoa(i + 1)
	if e.ed != nil {
		if strings.TrimSpace(e.ed.Text()) != r.q.Formula {
			e.ed.SetText(r.q.Formula)
		}
		e.comment.SetAttribute("aria-label", "Comment of query "+n)
		if strings.TrimSpace(e.comment.Value()) != r.q.Comment && !isActive(e.comment) {
			e.comment.SetValue(r.q.Comment)
		}
		e.up.SetDisabled(i == 0)
		e.down.SetDisabled(i == v.docQueries()-1)
		for _, b := range qsa(e.li, "button[data-verb]") {
			b.SetAttribute("aria-label", b.GetAttribute("data-verb")+" query "+n)
		}
	} else {
		e.formula.SetTextContent(r.q.Formula)
	}
	e.check.SetDisabled(!r.q.Supported || v.busy())
	e.check.SetAttribute("aria-label", "Check query "+n)
	e.trace.SetAttribute("aria-label", "Show the trace of query "+n)
	if r.res != nil && r.res.Trace != nil {
		e.trace.RemoveAttribute("hidden")
	} else {
		e.trace.SetAttribute("hidden", "")
	}
	v.queryNotes(e.notes, r)
}

// docQueries counts the rows that are the document's queries.
func (v *verifier) docQueries() int {
	n := 0
	for _, r := range v.queries {
		if !r.user {
			n++
		}
	}
	return n
}

func (v *verifier) queryNotes(box dom.Element, r *queryRow) {
	box.SetInnerHTML("")
	note := func(class, text string) {
		if text == "" {
			return
		}
		p := v.doc.CreateElement("span")
		p.SetAttribute("class", class)
		p.SetTextContent(text)
		box.AppendChild(p)
	}
	if r.els.comment == nil {
		note("comment", r.q.Comment)
	}
	if !r.q.Supported {
		note("why", r.q.Why)
	}
	if r.reason != "" {
		note("why", r.reason)
	}
	note("answer", r.answer)
	note("stats", r.stats)
}

// destroy releases a row's editor once the row is gone.
func (r *queryRow) destroy() {
	if r.els != nil && r.els.ed != nil {
		r.els.ed.Destroy()
	}
	if r.els != nil {
		r.els.li.Remove()
	}
	r.els = nil
}

// editQuery changes row r's query in the document: typing, merged into
// one step per burst.
func (v *verifier) editQuery(r *queryRow, f func(q *edit.Query), part string) {
	i := r.doc
	if v.indexOf(r) < 0 || v.qe == nil {
		return
	}
	label := "Edit query"
	if part != "" {
		label = "Edit query comment"
	}
	v.qe.applyText("q"+strconv.Itoa(i)+part, label, func(d *edit.Doc) {
		if qs := d.Queries(); i < len(qs) {
			q := qs[i]
			f(&q)
			d.SetQuery(i, q)
		}
	})
}

// moveQuery moves row r's query up (by -1) or down (by +1).
func (v *verifier) moveQuery(r *queryRow, by int) {
	i := v.indexOf(r)
	j := i + by
	if i < 0 || j < 0 || j >= v.docQueries() || v.qe == nil {
		return
	}
	v.sel = i
	from, to := r.doc, v.queries[j].doc
	v.qe.apply("Move query", func(d *edit.Doc) { d.MoveQuery(from, to) })
	if k := v.indexOf(r); k >= 0 {
		// The keyboard stays on the button pressed, now one row over.
		btn := r.els.up
		if by > 0 {
			btn = r.els.down
		}
		if btn.Disabled() {
			r.els.li.Focus()
		} else {
			btn.Focus()
		}
	}
}

// deleteQuery deletes row r's query; Undo brings it back.
func (v *verifier) deleteQuery(r *queryRow) {
	i := v.indexOf(r)
	if i < 0 || v.qe == nil {
		return
	}
	at := r.doc
	v.qe.apply("Delete query", func(d *edit.Doc) { d.DeleteQuery(at) })
	if len(v.queries) > 0 {
		v.selectOnly(min(i, len(v.queries)-1))
		v.renderQueries()
		v.queries[v.sel].els.li.Focus()
	} else {
		v.input(idNewQuery).Focus()
	}
}

// addQuery adds a formula typed in the add-query form: to the document
// when the list edits it, else as a row of the page's own.
func (v *verifier) addQuery(f string) {
	if v.qe == nil {
		v.queries = append(v.queries, &queryRow{q: protocol.Query{Index: -1, Formula: f, Supported: true}, user: true})
		v.selectOnly(len(v.queries) - 1)
		v.renderQueries()
		return
	}
	v.qe.apply("Add query", func(d *edit.Doc) { d.InsertQuery(len(d.Queries()), edit.Query{Formula: f}) })
	v.selectOnly(v.docQueries() - 1)
	v.renderQueries()
}

// isActive reports whether el has the keyboard.
func isActive(el dom.Element) bool {
	return global.Get("document").Get("activeElement").Equal(el.Underlying())
}

// markFormulas shows the diagnostics placed on the queries' formulas
// (by part key, "q<i>" for the document's query i) in their editors.
func (v *verifier) markFormulas(placed map[string][]partDiag) {
	for _, r := range v.queries {
		if r.els == nil || r.els.ed == nil {
			continue
		}
		var marks []inlineDiag
		for _, d := range placed["q"+strconv.Itoa(r.doc)] {
			// The editor shows the formula trimmed.
			marks = append(marks, inlineDiag{From: d.From - r.lead, To: d.To - r.lead, Severity: d.Severity, Message: d.Message})
		}
		r.els.ed.SetDiagnostics(marks)
	}
}
