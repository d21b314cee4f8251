//go:build js && wasm

// The workbench: the model as an editable document, its one undo/redo
// history, and the parse that follows every edit.

package main

import (
	"bytes"
	"path"
	"strings"
	"time"

	"honnef.co/go/js/dom/v2"

	"beeline/core/edit"
	"beeline/core/protocol"
	"beeline/web/render"
)

// parseDelay is how long the page waits after the last edit before it
// has the model parsed again: long enough not to parse at every key of a
// word, short enough for a mark to show within 300 ms of the last key.
const parseDelay = 150 * time.Millisecond

// bench is the model being edited (a.bench; nil when the loaded model
// cannot be read as a document, and the page then only shows it). Every
// edit goes through apply (or applyText for typing), which records one
// step of the one history, writes the document's bytes to a.in.Model,
// tells the page's areas, calls the onEdited hooks and has the model
// parsed again. The document is never changed elsewhere.
type bench struct {
	a *app
	d *edit.Doc
	// cur is d.Bytes(), as a.in.Model holds it; saved is what markSaved
	// last saw.
	cur, saved []byte
	hist       history
	hooks      []func()
	// gen counts the changes: a parse answers for the gen it was sent
	// at, and an older answer is dropped.
	gen int
	// key fingerprints what the document means (fingerprint, in
	// semantics.go): verdicts, traces and simulated paths are for one key.
	key string
	// layout is set for a model read from .xta: its first model read is
	// laid out by the page, and the coordinates written to the document.
	layout bool
	panes  *panes
}

// newBench reads in as an editable document and rewrites in as the
// document writes it: an .xta becomes XML (its name ends in .xml), and
// the queries of its .q files join the document's, less exact repeats
// of its own. It returns nil, and leaves in alone, when the model cannot
// be read as a document (the engine's parse then says why).
func (a *app) newBench(in *input) *bench {
	d, layout := readDoc(in.Name, in.Model)
	if d == nil {
		return nil
	}
	if notes := mergeQueries(d, in.QueryFiles); notes != "" {
		a.notify(notes, true)
	}
	in.QueryFiles = nil
	cur := d.Bytes()
	if !bytes.Equal(cur, in.Model) {
		// The link must carry the bytes checked, not a URL of others.
		in.URL = ""
	}
	if layout {
		in.Name = strings.TrimSuffix(in.Name, path.Ext(in.Name)) + ".xml"
	}
	in.Model = cur
	b := &bench{a: a, d: d, cur: cur, saved: cur, layout: layout, key: fingerprint(d)}
	return b
}

// doc returns the document, to read: edit it through apply.
func (b *bench) doc() *edit.Doc { return b.d }

// apply makes one undoable edit: f changes the document, labelled
// ("Move location") for the Undo button's title.
func (b *bench) apply(label string, f func(d *edit.Doc)) { b.edit(label, "", f) }

// applyText is apply for typing into part (a pane's key, "decl", say):
// edits of the same part within a second of each other are one step.
func (b *bench) applyText(part, label string, f func(d *edit.Doc)) { b.edit(label, part, f) }

func (b *bench) edit(label, part string, f func(d *edit.Doc)) {
	before := b.cur
	f(b.d)
	after := b.d.Bytes()
	if bytes.Equal(before, after) {
		return
	}
	b.hist.record(before, label, part, time.Now())
	b.changed(after)
}

// undo and redo go back and forth in the history.
func (b *bench) undo() {
	if data, ok := b.hist.undo(b.cur); ok {
		b.restore(data)
	}
}

func (b *bench) redo() {
	if data, ok := b.hist.redo(b.cur); ok {
		b.restore(data)
	}
}

func (b *bench) restore(data []byte) {
	d, err := edit.Parse(data)
	if err != nil {
		// The history holds only what the document wrote.
		b.a.notify("Cannot go back to that version: "+err.Error(), true)
		return
	}
	b.d = d
	b.changed(d.Bytes())
}

// onEdited adds f to what is called after every change (apply, undo,
// redo).
func (b *bench) onEdited(f func()) { b.hooks = append(b.hooks, f) }

// dirty reports whether the document changed since markSaved (or since
// it was opened).
func (b *bench) dirty() bool { return !bytes.Equal(b.cur, b.saved) }

// markSaved records the document as saved.
func (b *bench) markSaved() { b.saved = b.cur }

// changed follows every change: the page checks, simulates and links
// what the document now says, its areas show it, and the model is
// parsed again once typing pauses.
func (b *bench) changed(cur []byte) {
	a := b.a
	b.gen++
	b.cur = cur
	a.in.Model = cur
	a.in.URL = ""
	key := fingerprint(b.d)
	if key != b.key {
		b.key = key
		a.sim.stale()
	}
	a.verifier.setVersion(b.key)
	a.verifier.syncQueries(b.d.Queries())
	if b.panes != nil {
		b.panes.sync()
	}
	b.updateButtons()
	for _, f := range b.hooks {
		f()
	}
	b.reading(true)
	b.schedule()
}

// reading marks the model area busy (aria-busy) from an edit until the
// model as edited has been read: what it shows (the diagnostics, the
// processes, the drawings) is then the edit's.
func (b *bench) reading(on bool) {
	area := b.a.byID(idEditor)
	if on {
		area.SetAttribute("aria-busy", "true")
	} else {
		area.RemoveAttribute("aria-busy")
	}
}

// schedule parses the model parseDelay after the last change.
func (b *bench) schedule() {
	g := b.gen
	go func() {
		time.Sleep(parseDelay)
		if g == b.gen {
			b.parse()
		}
	}()
}

// parse has the engine read the document as it is now, in the resident
// parser; the answer is shown if no change came since (a newer parse
// supersedes it anyway).
func (b *bench) parse() {
	if b.a.verifier.parsing {
		// The model as opened is being read by the same parser, and a
		// newer parse would supersede it: read this after it.
		b.schedule()
		return
	}
	g := b.gen
	req := &protocol.Request{Name: b.a.in.Name, Model: b.cur}
	b.a.parser.parse(req, func(frames []protocol.Frame) {
		if g == b.gen {
			b.parsed(frames)
			b.reading(false)
		}
	})
}

// parsed shows what a parse of the document as it is found: a model
// without errors is drawn and its queries annotated; with errors, the
// last good drawing stays and the errors are shown on the parts (by
// showDiagnostics), the drawing and the list.
func (b *bench) parsed(frames []protocol.Frame) {
	a := b.a
	var m *protocol.Model
	var errs []protocol.Diagnostic
	failed := false
	for _, f := range frames {
		switch f.Kind {
		case protocol.FrameModel:
			m = f.Model
		case protocol.FrameError:
			failed = true
			errs = append(errs, f.Diagnostics...)
			if len(f.Diagnostics) == 0 && f.Message != "" {
				errs = append(errs, protocol.Diagnostic{Severity: "error", Message: f.Message, Edge: -1})
			}
		}
	}
	var ds []protocol.Diagnostic
	if m != nil {
		ds = append(ds, m.Warnings...)
		a.verifier.annotate(m)
		if !failed {
			a.updateModel(m)
		}
	}
	ds = append(ds, errs...)
	a.setDiagnostics(ds)
	if len(ds) == 0 && b.panes != nil {
		b.panes.showDiagnostics(nil)
		a.verifier.markFormulas(nil)
	}
	if failed {
		a.verifier.setModelErrors()
	} else {
		a.verifier.clearModelErrors()
	}
}

// laidOut writes the page's layout of m (the first model read of an
// .xta) into the document, so that the drawing stays where it was when
// it is edited. It is no step of the history: it is how the model opened.
func (b *bench) laidOut(m *protocol.Model) {
	if !b.layout {
		return
	}
	b.layout = false
	for i := range m.Templates {
		t := &m.Templates[i]
		if t.HasLayout {
			continue
		}
		dt := b.templateNamed(t.Name)
		if dt == nil {
			continue
		}
		lt := render.Layout(t)
		for _, l := range lt.Locations {
			dt.MoveLocation(l.ID, edit.Point{X: l.At.X, Y: l.At.Y})
		}
		for e, ed := range lt.Edges {
			var nails []edit.Point
			for _, n := range ed.Nails {
				nails = append(nails, edit.Point{X: n.X, Y: n.Y})
			}
			dt.SetNails(e, nails)
		}
	}
	b.cur = b.d.Bytes()
	b.saved = b.cur
	b.a.in.Model = b.cur
}

func (b *bench) templateNamed(name string) *edit.Template {
	for i := range b.d.Templates() {
		if t := b.d.Template(i); t.Name() == name {
			return t
		}
	}
	return nil
}

// wireBench wires Undo and Redo: the buttons, and the keys anywhere on
// the page but in plain text fields, which keep their own.
func (a *app) wireBench() {
	a.byID(idUndo).AddEventListener("click", false, func(dom.Event) {
		if a.bench != nil {
			a.bench.undo()
		}
	})
	a.byID(idRedo).AddEventListener("click", false, func(dom.Event) {
		if a.bench != nil {
			a.bench.redo()
		}
	})
	a.byID(idAddTemplate).AddEventListener("click", false, func(dom.Event) {
		if a.bench != nil && a.bench.panes != nil {
			a.bench.panes.addTemplate()
		}
	})
	a.doc.AddEventListener("keydown", false, func(e dom.Event) { a.benchKey(e.(*dom.KeyboardEvent)) })
}

// benchKey maps Ctrl/Cmd-Z to undo, Ctrl/Cmd-Shift-Z and Ctrl-Y to redo.
func (a *app) benchKey(e *dom.KeyboardEvent) {
	if a.bench == nil || !(e.CtrlKey() || e.MetaKey()) || e.AltKey() || e.DefaultPrevented() {
		return
	}
	switch e.Target().TagName() {
	case "INPUT", "TEXTAREA":
		return
	}
	switch strings.ToLower(e.Key()) {
	case "z":
		e.PreventDefault()
		if e.ShiftKey() {
			a.bench.redo()
		} else {
			a.bench.undo()
		}
	case "y":
		e.PreventDefault()
		a.bench.redo()
	}
}

// updateButtons enables Undo and Redo and names the step each takes.
func (b *bench) updateButtons() {
	set := func(id, verb, label string) {
		btn := b.a.button(id)
		btn.SetDisabled(label == "")
		if label == "" {
			btn.SetTitle(verb + " (nothing to " + strings.ToLower(verb) + ")")
		} else {
			btn.SetTitle(verb + ": " + label)
		}
	}
	set(idUndo, "Undo", b.hist.undoLabel())
	set(idRedo, "Redo", b.hist.redoLabel())
}
