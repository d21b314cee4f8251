//go:build js && wasm

// Nothing is lost: the working copy kept in IndexedDB as the model is
// edited, restored or offered on the next visit; Save, New, and the
// question before leaving with unsaved changes.

package main

import (
	"bytes"
	"strings"
	"syscall/js"
	"time"

	"honnef.co/go/js/dom/v2"

	"beeline/core/edit"
)

// keepDelay is how long the page waits after an edit before it writes
// the working copy: typing writes once per pause, not once per key.
const keepDelay = 300 * time.Millisecond

// keeper keeps the model being edited: the working copy, Save, New, and
// leaving. Handlers and its goroutines share it, as they share the app.
type keeper struct {
	a     *app
	store *workStore
	// edits counts the edits seen; a write waiting for the pause after
	// edit n goes ahead only if no edit came after it.
	edits int
	// pending is set while an edit waits for its write.
	pending bool
	// restored is set while the model on screen is a working copy
	// restored and not saved since: it has unsaved edits though its
	// workbench, fresh, has none.
	restored bool
	// kept is the working copy as this page last read or wrote it; nil
	// when there is none.
	kept *workCopy
	// query is the formula to select once a restored copy is read.
	query string
	// failed is set once a write failed, so that the page says so once.
	failed bool
	// offering is set while the notice offers a copy to restore.
	offering bool
}

func newKeeper(a *app) *keeper {
	return &keeper{a: a, store: openWorkStore()}
}

// wire connects Save, New, the working copy's notice, Ctrl/Cmd-S, and
// the page's last moments.
func (k *keeper) wire() {
	a := k.a
	a.byID(idSave).AddEventListener("click", false, func(dom.Event) { k.save() })
	a.byID(idNewModel).AddEventListener("click", false, func(dom.Event) { k.newModel() })
	a.byID(idWorkRestore).AddEventListener("click", false, func(dom.Event) { go k.restore() })
	a.byID(idWorkDiscard).AddEventListener("click", false, func(dom.Event) { go k.discard() })
	// In the capture phase: the code editor keeps the keys typed in it
	// from the page's listeners, and Save is wanted most while typing.
	a.doc.AddEventListener("keydown", true, func(e dom.Event) {
		ke := e.(*dom.KeyboardEvent)
		if (ke.CtrlKey() || ke.MetaKey()) && !ke.AltKey() && strings.EqualFold(ke.Key(), "s") && a.in != nil {
			e.PreventDefault() // the browser would save the page itself
			k.save()
		}
	})
	w := dom.GetWindow()
	w.AddEventListener("beforeunload", false, func(e dom.Event) {
		if k.dirty() {
			e.PreventDefault()
			// Browsers before the standard asked only when this was set.
			e.Underlying().Set("returnValue", "")
		}
	})
	// A tab closed, or a reload, within keepDelay of an edit: write now,
	// without waiting (no goroutine runs after this handler).
	w.AddEventListener("pagehide", false, func(dom.Event) { k.flush() })
	a.doc.AddEventListener("visibilitychange", false, func(dom.Event) {
		if a.doc.Underlying().Get("visibilityState").String() == "hidden" {
			k.flush()
		}
	})
}

// dirty reports whether the model on screen has changes no file has.
func (k *keeper) dirty() bool {
	return k.a.in != nil && (k.restored || k.a.bench != nil && k.a.bench.dirty())
}

// loaded hears that a model was opened: Save applies to it, and a
// working copy with unsaved edits is offered, unless it is what was
// opened (a link made after the edit, say): that model then has
// unsaved edits.
func (k *keeper) loaded() {
	k.restored, k.query = false, ""
	k.a.button(idSave).SetDisabled(false)
	k.compare()
}

// compare offers the working copy kept when it has unsaved edits and is
// not the model on screen.
func (k *keeper) compare() {
	c := k.kept
	switch {
	case c == nil || !c.Dirty:
		k.hideNote()
	case k.a.in != nil && c.Name == k.a.in.Name && bytes.Equal(c.Model, k.a.in.Model):
		k.restored = true
		k.hideNote()
	default:
		k.offer(c)
	}
}

// edited hears every edit (the workbench's onEdited): the page's address
// and a share link being opened no longer describe what is on screen,
// and the working copy is written once the edits pause.
func (k *keeper) edited() {
	a := k.a
	if a.in == nil {
		return
	}
	a.in.URL = "" // links carry the bytes from now on
	k.clearAddress()
	if a.link != nil {
		a.link = nil
		a.notify("The shared trace is not shown: the model has been edited.", false)
	}
	k.edits++
	n := k.edits
	k.pending = true
	go func() {
		time.Sleep(keepDelay)
		if n == k.edits && k.pending {
			k.write()
		}
	}()
}

// clearAddress drops ?model= and a share link's fragment from the
// address, which named the model before the edit: a reload then
// restores the edited model. A short link's /s/{id} stays (its page's
// <base> resolves from it); a reload there offers the working copy.
func (k *keeper) clearAddress() {
	loc := global.Get("location")
	if loc.Get("search").String() == "" && loc.Get("hash").String() == "" {
		return
	}
	global.Get("history").Call("replaceState", nil, "", loc.Get("pathname"))
}

// snapshot is the working copy of the model on screen, now.
func (k *keeper) snapshot() *workCopy {
	a := k.a
	q, _ := a.verifier.selectedFormula()
	return &workCopy{Name: a.in.Name, Model: a.in.Model, QueryFiles: a.in.QueryFiles, Query: q,
		Dirty: k.dirty(), Time: global.Get("Date").Call("now").Float()}
}

// write keeps the model on screen as the working copy, replacing the
// one kept (the notice's offer of it goes). Call it from a goroutine.
func (k *keeper) write() {
	if k.a.in == nil {
		return
	}
	c := k.snapshot()
	k.pending = false
	if k.offering {
		k.hideNote() // the copy offered is replaced
	}
	k.kept = c
	k.put(c)
}

// leaving hears that the model on screen is about to be replaced: an
// edit still waiting for its write is written now, as the model is, so
// that opening another model within keepDelay of an edit loses nothing
// (the next model's notice then offers it).
func (k *keeper) leaving() {
	if k.a.in == nil || !k.pending {
		return
	}
	c := k.snapshot()
	k.pending = false
	k.edits++ // the write waiting would snapshot the next model
	k.kept = c
	go k.put(c)
}

// put writes c, and says once if the browser refuses.
func (k *keeper) put(c *workCopy) {
	if err := k.store.put(c); err != nil && !k.failed {
		k.failed = true
		k.a.notify("Your edits cannot be kept in this browser ("+err.Error()+"): save them with Save before you leave.", true)
	}
}

// flush writes a waiting edit, or the selection of a model with unsaved
// edits, at once and without waiting for IndexedDB.
func (k *keeper) flush() {
	if k.a.in == nil || !k.pending && !k.dirty() {
		return
	}
	c := k.snapshot()
	k.pending = false
	k.store.putNow(c)
	k.kept = c
}

// recall looks for a working copy at start. asked is set when the
// page's address opened a model: the copy is then only offered, and
// otherwise restored when it has unsaved edits.
func (k *keeper) recall(asked bool) {
	c, err := k.store.get()
	if err != nil || c == nil || len(c.Model) == 0 {
		return
	}
	if k.kept != nil { // edited here already: that copy is newer
		return
	}
	k.kept = c
	if !c.Dirty {
		return
	}
	if !asked && k.a.in == nil {
		k.open(c)
		return
	}
	if k.a.in != nil {
		k.compare()
	}
}

// open shows a working copy as the model being edited, unsaved.
func (k *keeper) open(c *workCopy) {
	k.a.loadModel(&input{Name: c.Name, Model: c.Model, QueryFiles: c.QueryFiles})
	k.restored, k.query = true, c.Query
	k.showNote("Restored your unsaved edits of "+c.Name+" from "+when(c.Time)+".", false, true)
}

// parsed hears that a model was read: a restored copy's query is
// selected again.
func (k *keeper) parsed() {
	if q := k.query; q != "" {
		k.query = ""
		k.a.verifier.selectFormula(q)
	}
}

// offer shows the working copy of a model other than the one on screen.
func (k *keeper) offer(c *workCopy) {
	k.showNote("You have unsaved edits of "+c.Name+" from "+when(c.Time)+" —", true, false)
}

// restore opens the working copy offered (as kept now: another tab may
// have written it since).
func (k *keeper) restore() {
	c, err := k.store.get()
	if err != nil || c == nil {
		c = k.kept
	}
	if c == nil {
		k.hideNote()
		return
	}
	k.kept = c
	k.open(c)
}

// discard drops the working copy restored and returns to the empty page.
func (k *keeper) discard() {
	if err := k.store.remove(); err != nil {
		k.a.notify("Cannot discard the edits kept in this browser: "+err.Error(), true)
		return
	}
	k.kept, k.edits, k.pending = nil, k.edits+1, false
	k.hideNote()
	if k.restored {
		k.restored = false
		k.a.closeModel()
	}
}

// showNote shows the working copy's notice with its Restore or Discard
// button.
func (k *keeper) showNote(text string, restore, discard bool) {
	a := k.a
	a.byID(idWorkText).SetTextContent(text)
	setHidden(a.byID(idWorkRestore), !restore)
	setHidden(a.byID(idWorkDiscard), !discard)
	a.byID(idWorkNote).RemoveAttribute("hidden")
	k.offering = restore
}

func (k *keeper) hideNote() {
	k.a.byID(idWorkNote).SetAttribute("hidden", "")
	k.offering = false
}

func setHidden(el dom.Element, hidden bool) {
	if hidden {
		el.SetAttribute("hidden", "")
	} else {
		el.RemoveAttribute("hidden")
	}
}

// save downloads the model as UPPAAL XML, named like it, and marks it
// saved.
func (k *keeper) save() {
	a := k.a
	if a.in == nil {
		return
	}
	name := saveName(a.in.Name)
	if a.bench == nil {
		// The model could not be read as a document to edit (its errors
		// are shown): it is saved as it was read, under its own name.
		name = a.in.Name
		download(a.doc, name, a.in.Model, "application/octet-stream")
		return
	}
	download(a.doc, name, a.bench.doc().Bytes(), "application/xml")
	a.bench.markSaved()
	k.restored = false
	a.notify("Saved "+name+" (UPPAAL XML) to your downloads.", false)
	if k.kept != nil || k.pending {
		k.edits++
		go k.write() // the copy kept is saved now: not restored on the next visit
	}
}

// newModel starts from UPPAAL's empty system, asking first when the
// model on screen has unsaved changes (its working copy stays until the
// new model is edited).
func (k *keeper) newModel() {
	a := k.a
	if k.dirty() && !global.Call("confirm", "Start a new model? "+a.in.Name+" has unsaved changes: they stay in this browser, offered on the page, until you edit the new model.").Bool() {
		return
	}
	a.loadModel(&input{Name: "untitled.xml", Model: edit.New().Bytes()})
	a.notify("A new model: one template with one location. Save downloads it as UPPAAL XML.", false)
}

// when is a kept copy's time in the reader's words and time zone.
func when(ms float64) string {
	d := global.Get("Date").New(ms)
	return d.Call("toLocaleString", js.Undefined(), map[string]any{"dateStyle": "medium", "timeStyle": "short"}).String()
}
