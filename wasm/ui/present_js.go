//go:build js && wasm

// Presentation mode, for a projector: large type, strong contrast, the
// chosen drawings and the simulator side by side on one screen, driven by
// the keyboard; and the list of keys, shown with '?'.

package main

import (
	"honnef.co/go/js/dom/v2"
)

func (a *app) wirePresentation() {
	a.byID(idPresent).AddEventListener("click", false, func(dom.Event) { a.setPresenting(!a.presenting()) })
	a.byID(idKeysClose).AddEventListener("click", false, func(dom.Event) { a.showKeys(false) })
	a.doc.AddEventListener("keydown", false, func(e dom.Event) {
		k := e.(*dom.KeyboardEvent)
		if k.CtrlKey() || k.MetaKey() || k.AltKey() || typing(k.Target()) {
			return
		}
		switch k.Key() {
		case "?":
			k.PreventDefault()
			a.showKeys(!a.keysShown())
		case "Escape":
			if !a.keysShown() && a.presenting() && !k.DefaultPrevented() {
				a.setPresenting(false)
			}
		}
	})
}

// typing reports whether el takes text, so keys typed there are its own
// (a read-only field, such as the share link, takes none).
func typing(el dom.Element) bool {
	if el == nil || el.HasAttribute("readonly") {
		return false
	}
	switch el.TagName() {
	case "INPUT", "TEXTAREA", "SELECT":
		return true
	}
	return false
}

func (a *app) presenting() bool { return a.doc.Body().GetAttribute("data-present") == "on" }

// setPresenting enters or leaves presentation mode. Entering it with a
// model and no trace starts a simulation, so the side panel has a state
// to show and transitions to take.
func (a *app) setPresenting(on bool) {
	b := a.byID(idPresent)
	if on {
		a.doc.Body().SetAttribute("data-present", "on")
		b.SetAttribute("aria-pressed", "true")
		b.SetTextContent("Leave presentation")
		// The process table stays a line above the drawings, to open
		// when the choice of processes is to change.
		a.byID(idProcessBox).Underlying().Set("open", false)
		if a.model != nil && a.sim.player == nil {
			go a.sim.reset()
		}
	} else {
		a.doc.Body().RemoveAttribute("data-present")
		b.SetAttribute("aria-pressed", "false")
		b.SetTextContent("Present")
	}
	// The drawings' pane changed: the processes that moved are brought
	// into it again.
	a.sim.show()
}

func (a *app) keysShown() bool {
	return a.byID(idKeysDialog).HasAttribute("open")
}

// showKeys opens or closes the list of keys.
func (a *app) showKeys(on bool) {
	d := a.byID(idKeysDialog).Underlying()
	switch {
	case on && !a.keysShown():
		d.Call("showModal")
	case !on && a.keysShown():
		d.Call("close")
	}
}
