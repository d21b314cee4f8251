//go:build js && wasm

// Elements wrapped cheaply. honnef.co/go/js/dom/v2 picks an element's Go
// type by comparing its constructor with the globals HTMLAnchorElement,
// HTMLAppletElement, … in turn: up to seventy js.Values for one element,
// each with a finalizer, which made building the query list, the code
// panes and the drawings cost hundreds of milliseconds. Here the type
// comes from the element's tag name, one property read; the types are
// the ones the library gives, so the page's type assertions hold.

package main

import (
	"strings"
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

// fastDoc is the page's document, with its element look-ups and
// creations wrapping elements by tag name.
type fastDoc struct {
	dom.HTMLDocument
}

// CreateElement makes an element of the given (HTML) tag; its type comes
// from tag, without reading the element's.
func (d fastDoc) CreateElement(tag string) dom.Element {
	v := d.Underlying().Call("createElement", tag)
	if mk, ok := htmlTypes[strings.ToUpper(tag)]; ok {
		return mk(&dom.BasicHTMLElement{BasicElement: &dom.BasicElement{BasicNode: &dom.BasicNode{Value: v}}})
	}
	return wrapEl(v)
}

// CreateElementNS makes an element in namespace ns.
func (d fastDoc) CreateElementNS(ns, name string) dom.Element {
	return wrapEl(d.Underlying().Call("createElementNS", ns, name))
}

// GetElementByID returns the element with that id, nil when none.
func (d fastDoc) GetElementByID(id string) dom.Element {
	return wrapEl(d.Underlying().Call("getElementById", id))
}

// QuerySelector returns the first element sel matches, nil when none.
func (d fastDoc) QuerySelector(sel string) dom.Element {
	return wrapEl(d.Underlying().Call("querySelector", sel))
}

// QuerySelectorAll returns the elements sel matches.
func (d fastDoc) QuerySelectorAll(sel string) []dom.Element {
	return wrapAll(d.Underlying().Call("querySelectorAll", sel))
}

// DocumentElement returns <html>.
func (d fastDoc) DocumentElement() dom.Element {
	return wrapEl(d.Underlying().Get("documentElement"))
}

// Body returns <body>.
func (d fastDoc) Body() dom.HTMLElement { return htmlEl(d.Underlying().Get("body")) }

// ActiveElement returns the element with the keyboard's focus.
func (d fastDoc) ActiveElement() dom.HTMLElement {
	return htmlEl(d.Underlying().Get("activeElement"))
}

// htmlEl is wrapEl for an HTML element; nil for null.
func htmlEl(v js.Value) dom.HTMLElement {
	el, _ := wrapEl(v).(dom.HTMLElement)
	return el
}

// qs is el.QuerySelector(sel), wrapped cheaply.
func qs(el dom.Element, sel string) dom.Element {
	return wrapEl(el.Underlying().Call("querySelector", sel))
}

// qsa is el.QuerySelectorAll(sel), wrapped cheaply.
func qsa(el dom.Element, sel string) []dom.Element {
	return wrapAll(el.Underlying().Call("querySelectorAll", sel))
}

// wrapAll wraps the elements of a NodeList.
func wrapAll(list js.Value) []dom.Element {
	n := list.Length()
	out := make([]dom.Element, n)
	for i := range n {
		out[i] = wrapEl(list.Index(i))
	}
	return out
}

// htmlTypes makes, by HTML tag name (upper case, as tagName gives it),
// the Go type honnef.co/go/js/dom/v2 gives that element. Tags not listed
// go through the library.
var htmlTypes = map[string]func(*dom.BasicHTMLElement) dom.Element{
	"BODY":     func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLBodyElement{BasicHTMLElement: b} },
	"HTML":     func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLHtmlElement{BasicHTMLElement: b} },
	"DL":       func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLDListElement{BasicHTMLElement: b} },
	"IMG":      func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLImageElement{BasicHTMLElement: b} },
	"BUTTON":   func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLButtonElement{BasicHTMLElement: b} },
	"DETAILS":  func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLDetailsElement{BasicHTMLElement: b} },
	"DIV":      func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLDivElement{BasicHTMLElement: b} },
	"FIELDSET": func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLFieldSetElement{BasicHTMLElement: b} },
	"FORM":     func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLFormElement{BasicHTMLElement: b} },
	"H1":       heading, "H2": heading, "H3": heading, "H4": heading, "H5": heading, "H6": heading,
	"INPUT":    func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLInputElement{BasicHTMLElement: b} },
	"LABEL":    func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLLabelElement{BasicHTMLElement: b} },
	"LEGEND":   func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLLegendElement{BasicHTMLElement: b} },
	"LI":       func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLLIElement{BasicHTMLElement: b} },
	"METER":    func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLMeterElement{BasicHTMLElement: b} },
	"OL":       func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLOListElement{BasicHTMLElement: b} },
	"OPTION":   func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLOptionElement{BasicHTMLElement: b} },
	"OUTPUT":   func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLOutputElement{BasicHTMLElement: b} },
	"P":        func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLParagraphElement{BasicHTMLElement: b} },
	"PRE":      func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLPreElement{BasicHTMLElement: b} },
	"PROGRESS": func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLProgressElement{BasicHTMLElement: b} },
	"SELECT":   func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLSelectElement{BasicHTMLElement: b} },
	"SPAN":     func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLSpanElement{BasicHTMLElement: b} },
	"TABLE":    func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLTableElement{BasicHTMLElement: b} },
	"CAPTION":  func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLTableCaptionElement{BasicHTMLElement: b} },
	"TD":       cell, "TH": cell,
	"COL": col, "COLGROUP": col,
	"TR":    func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLTableRowElement{BasicHTMLElement: b} },
	"TBODY": section, "THEAD": section, "TFOOT": section,
	"TEXTAREA": func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLTextAreaElement{BasicHTMLElement: b} },
	"TIME":     func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLTimeElement{BasicHTMLElement: b} },
	"UL":       func(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLUListElement{BasicHTMLElement: b} },
	// Elements the library knows by no type of their own.
	"DIALOG": plain, "SECTION": plain, "HEADER": plain, "FOOTER": plain, "MAIN": plain, "NAV": plain,
	"ASIDE": plain, "SUMMARY": plain, "STRONG": plain, "EM": plain, "CODE": plain, "SMALL": plain,
	"B": plain, "I": plain, "KBD": plain, "ABBR": plain, "FIGURE": plain, "FIGCAPTION": plain,
	"DD": plain, "DT": plain, "SUP": plain, "SUB": plain,
}

func heading(b *dom.BasicHTMLElement) dom.Element {
	return &dom.HTMLHeadingElement{BasicHTMLElement: b}
}
func cell(b *dom.BasicHTMLElement) dom.Element {
	return &dom.HTMLTableCellElement{BasicHTMLElement: b}
}
func col(b *dom.BasicHTMLElement) dom.Element { return &dom.HTMLTableColElement{BasicHTMLElement: b} }
func section(b *dom.BasicHTMLElement) dom.Element {
	return &dom.HTMLTableSectionElement{BasicHTMLElement: b}
}
func plain(b *dom.BasicHTMLElement) dom.Element { return b }

// wrapEl wraps an element as honnef.co/go/js/dom/v2 does, but by its tag
// name; nil for null. An element outside HTML (SVG: its tagName is not
// upper case) is a BasicHTMLElement, as the library makes it.
func wrapEl(v js.Value) dom.Element {
	if v.IsNull() || v.IsUndefined() {
		return nil
	}
	tag := v.Get("tagName").String()
	b := &dom.BasicHTMLElement{BasicElement: &dom.BasicElement{BasicNode: &dom.BasicNode{Value: v}}}
	if mk, ok := htmlTypes[tag]; ok {
		return mk(b)
	}
	if !isUpper(tag) {
		return b
	}
	return dom.WrapElement(v)
}

// isUpper reports whether s has no lower-case ASCII letter.
func isUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'a' <= s[i] && s[i] <= 'z' {
			return false
		}
	}
	return true
}

// theDoc is the page's document, wrapped once.
var theDoc = fastDoc{dom.GetWindow().Document().(dom.HTMLDocument)}
