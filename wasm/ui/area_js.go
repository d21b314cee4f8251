//go:build js && wasm

// Editing areas of the workbench: the code editor of a text part or a
// query, behind one small interface.

package main

import (
	"strconv"
	"strings"

	"honnef.co/go/js/dom/v2"
)

// editorArea is one editor of a text part: the panes and the query list
// hold these, whatever draws them.
type editorArea interface {
	Text() string
	// SetText replaces the text without calling OnChange.
	SetText(s string)
	// SetDiagnostics marks the diagnostics of the text (byte offsets).
	SetDiagnostics(ds []partDiag)
	Focus()
	Destroy()
}

// areaOptions says what an editor edits: its text, language ("uppaal"
// or "query"), accessible name, whether it shows line numbers (one-line
// fields do not), and what it calls on a change, and on the undo and
// redo keys (the page's one history: the editor keeps none).
type areaOptions struct {
	Text, Language, Label string
	Lines                 bool
	OnChange              func(string)
	OnUndo, OnRedo        func()
}

// newArea makes an editor in parent.
func newArea(parent dom.Element, o areaOptions) editorArea {
	return newPlainArea(parent, o)
}

// plainArea is a <textarea> (an <input> for one line) with the
// diagnostics listed under it. A one-line area keeps its text in a
// hidden mirror too, so that its holder's text is the formula, as a code
// editor's is.
type plainArea struct {
	el     dom.HTMLElement
	marks  dom.Element
	mirror dom.Element
	text   func() string
	set    func(string)
}

func newPlainArea(parent dom.Element, o areaOptions) *plainArea {
	doc := dom.GetWindow().Document()
	p := &plainArea{}
	if o.Lines {
		ta := doc.CreateElement("textarea").(*dom.HTMLTextAreaElement)
		ta.SetValue(o.Text)
		ta.SetAttribute("rows", strconv.Itoa(min(max(strings.Count(o.Text, "\n")+2, 4), 20)))
		p.el, p.text, p.set = ta, ta.Value, ta.SetValue
	} else {
		in := doc.CreateElement("input").(*dom.HTMLInputElement)
		in.SetValue(o.Text)
		p.mirror = doc.CreateElement("span")
		p.mirror.SetAttribute("class", "visually-hidden")
		p.mirror.SetAttribute("aria-hidden", "true")
		p.mirror.SetTextContent(o.Text)
		parent.AppendChild(p.mirror)
		p.el, p.text = in, in.Value
		p.set = func(s string) {
			in.SetValue(s)
			p.mirror.SetTextContent(s)
		}
	}
	p.el.SetAttribute("aria-label", o.Label)
	p.el.SetAttribute("spellcheck", "false")
	p.el.SetAttribute("autocomplete", "off")
	p.el.AddEventListener("input", false, func(dom.Event) {
		if p.mirror != nil {
			p.mirror.SetTextContent(p.text())
		}
		if o.OnChange != nil {
			o.OnChange(p.text())
		}
	})
	// The undo keys go to the page's one history, as in a code editor.
	p.el.AddEventListener("keydown", false, func(e dom.Event) {
		k := e.(*dom.KeyboardEvent)
		if !(k.CtrlKey() || k.MetaKey()) || k.AltKey() {
			return
		}
		switch key := strings.ToLower(k.Key()); {
		case key == "z" && !k.ShiftKey():
			k.PreventDefault()
			o.OnUndo()
		case key == "z" || key == "y":
			k.PreventDefault()
			o.OnRedo()
		}
	})
	parent.AppendChild(p.el)
	p.marks = doc.CreateElement("ul")
	p.marks.SetAttribute("class", "marks")
	parent.AppendChild(p.marks)
	return p
}

func (p *plainArea) Text() string     { return p.text() }
func (p *plainArea) SetText(s string) { p.set(s) }
func (p *plainArea) Focus()           { p.el.Focus() }
func (p *plainArea) Destroy() {
	p.el.Remove()
	p.marks.Remove()
	if p.mirror != nil {
		p.mirror.Remove()
	}
}

// SetDiagnostics lists the messages at their line and column.
func (p *plainArea) SetDiagnostics(ds []partDiag) {
	p.marks.SetInnerHTML("")
	text := p.text()
	for _, d := range ds {
		li := dom.GetWindow().Document().CreateElement("li")
		li.SetAttribute("class", d.Severity)
		line, col := lineCol(text, d.From)
		li.SetTextContent(strconv.Itoa(line) + ":" + strconv.Itoa(col) + ": " + d.Message)
		p.marks.AppendChild(li)
	}
	p.el.SetAttribute("aria-invalid", strconv.FormatBool(len(ds) > 0))
}

// lineCol returns the 1-based line and column (in bytes) of offset off
// of text.
func lineCol(text string, off int) (line, col int) {
	off = min(max(off, 0), len(text))
	line = 1 + strings.Count(text[:off], "\n")
	return line, off - strings.LastIndexByte(text[:off], '\n')
}
