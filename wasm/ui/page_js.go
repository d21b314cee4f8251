//go:build js && wasm

// The page's document and what every part of it shares: elements by
// ids.go's names, the notice above the page, and the job state on <body>.

package main

import "honnef.co/go/js/dom/v2"

// page is the document. The app and its components embed it for what
// belongs to no one of them; each area's elements are its own to touch.
type page struct {
	doc dom.HTMLDocument
}

// byID returns the element with the given id, one of ids.go's names:
// checkPage has made sure at start that it is on the page, with its tag.
func (p page) byID(id string) dom.HTMLElement {
	el, _ := p.doc.GetElementByID(id).(dom.HTMLElement)
	return el
}

func (p page) button(id string) *dom.HTMLButtonElement { return byIDAs[*dom.HTMLButtonElement](p, id) }
func (p page) input(id string) *dom.HTMLInputElement   { return byIDAs[*dom.HTMLInputElement](p, id) }
func (p page) menu(id string) *dom.HTMLSelectElement   { return byIDAs[*dom.HTMLSelectElement](p, id) }
func (p page) textArea(id string) *dom.HTMLTextAreaElement {
	return byIDAs[*dom.HTMLTextAreaElement](p, id)
}

// byIDAs is byID for an element of a known kind (its tag in ids.go).
func byIDAs[T dom.HTMLElement](p page, id string) T {
	el, _ := p.byID(id).(T)
	return el
}

// notify shows a message above the page; bad marks it as an error. An
// empty message hides the notice.
func (p page) notify(msg string, bad bool) {
	n := p.byID(idNotice)
	n.SetTextContent(msg)
	setClass(n, "bad", bad)
	if msg == "" {
		n.SetAttribute("hidden", "")
	} else {
		n.RemoveAttribute("hidden")
	}
}

// setJob records the page's job state on <body data-job>, for styles and
// page tests: idle, parsing, precomputing, checking.
func (p page) setJob(s string) {
	p.doc.Body().SetAttribute("data-job", s)
}

// setClass adds class c to el when on is set and removes it otherwise.
func setClass(el dom.Element, c string, on bool) {
	if on {
		el.Class().Add(c)
	} else {
		el.Class().Remove(c)
	}
}
