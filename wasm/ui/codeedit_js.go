//go:build js && wasm

// The code editor in Go's hands: a CodeMirror 6 view made by
// window.BeelineEditor (web/editor, loaded by index.html as
// web/build/editor.js).

package main

import (
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

// codeEditor is one code editor on the page. Its text is the page's to
// keep: the editor keeps no history, and hands Ctrl/Cmd-Z, Ctrl/Cmd-Shift-Z
// and Ctrl-Y to OnUndo and OnRedo. Offsets in its API are byte offsets
// into Text(), converted to JavaScript's UTF-16 offsets here. A destroyed
// editor ignores every call.
type codeEditor struct {
	ed    js.Value  // BeelineEditor.create's answer; undefined once destroyed
	funcs []js.Func // the callbacks the editor holds, released by Destroy
}

// editorOptions are a code editor's settings. The callbacks run on the
// page's event goroutine, while the editor waits: they must not block
// (start a goroutine for anything slow). A nil callback is not called.
type editorOptions struct {
	Text     string
	Language string // "uppaal" (declarations, the system) or "query"
	Label    string // the editing area's accessible name
	Lines    bool   // line numbers

	OnChange       func(text string) // after each change the user makes (not after SetText)
	OnUndo, OnRedo func()            // the page's history

	// SingleLine makes a one-line field: Enter calls OnEnter instead of
	// breaking the line, and pasted line breaks become spaces.
	SingleLine bool
	OnEnter    func()
	ReadOnly   bool

	// Lazy shows the text at once and makes the editor itself in a later
	// task, or when it is focused or pressed (see web/editor/src/editor.js):
	// for lists with many editors, which would otherwise be made in one
	// long task.
	Lazy bool
}

// newCodeEditor makes a code editor at the end of parent.
func newCodeEditor(parent dom.Element, o editorOptions) *codeEditor {
	e := &codeEditor{}
	opts := map[string]any{
		"text":       o.Text,
		"language":   o.Language,
		"label":      o.Label,
		"lines":      o.Lines,
		"singleLine": o.SingleLine,
		"readOnly":   o.ReadOnly,
		"lazy":       o.Lazy,
	}
	if o.OnChange != nil {
		opts["onChange"] = e.callback(func(args []js.Value) { o.OnChange(arg0(args).String()) })
	}
	for name, f := range map[string]func(){"onUndo": o.OnUndo, "onRedo": o.OnRedo, "onEnter": o.OnEnter} {
		if f != nil {
			opts[name] = e.callback(func([]js.Value) { f() })
		}
	}
	be := global.Get("BeelineEditor")
	if be.IsUndefined() {
		// web/build/editor.js did not load: a plain text area still edits.
		e.ed = plainEditor(parent, o, e)
		return e
	}
	e.ed = be.Call("create", parent.Underlying(), opts)
	return e
}

// plainEditor is the editor's API over a <textarea>, for a page whose
// editor.js did not load: no highlighting, and diagnostics only as the
// text area's description.
func plainEditor(parent dom.Element, o editorOptions, e *codeEditor) js.Value {
	doc := parent.OwnerDocument()
	ta := doc.CreateElement("textarea").(*dom.HTMLTextAreaElement)
	ta.SetAttribute("aria-label", o.Label)
	ta.SetAttribute("spellcheck", "false")
	ta.SetValue(o.Text)
	if o.SingleLine {
		ta.SetAttribute("rows", "1")
	}
	ta.SetReadOnly(o.ReadOnly)
	if o.OnChange != nil {
		ta.AddEventListener("input", false, func(dom.Event) { o.OnChange(ta.Value()) })
	}
	parent.AppendChild(ta)
	api := global.Get("Object").New()
	set := func(name string, f func(args []js.Value) any) {
		fn := js.FuncOf(func(_ js.Value, args []js.Value) any { return f(args) })
		e.funcs = append(e.funcs, fn)
		api.Set(name, fn)
	}
	set("getText", func([]js.Value) any { return ta.Value() })
	set("setText", func(args []js.Value) any { ta.SetValue(arg0(args).String()); return nil })
	set("setDiagnostics", func(args []js.Value) any {
		msg := ""
		for i, n := 0, arg0(args).Length(); i < n; i++ {
			msg += arg0(args).Index(i).Get("message").String() + "\n"
		}
		ta.SetTitle(msg)
		return nil
	})
	set("focus", func([]js.Value) any { ta.Focus(); return nil })
	set("destroy", func([]js.Value) any { ta.Remove(); return nil })
	return api
}

// callback wraps f as a JS function the editor may call, kept for Destroy.
func (e *codeEditor) callback(f func(args []js.Value)) js.Func {
	fn := js.FuncOf(func(_ js.Value, args []js.Value) any {
		f(args)
		return nil
	})
	e.funcs = append(e.funcs, fn)
	return fn
}

func (e *codeEditor) live() bool { return e != nil && !e.ed.IsUndefined() }

// Text returns the editor's text.
func (e *codeEditor) Text() string {
	if !e.live() {
		return ""
	}
	return e.ed.Call("getText").String()
}

// SetText replaces the editor's text with s, keeping the selection where
// the text around it is kept. It calls no OnChange.
func (e *codeEditor) SetText(s string) {
	if e.live() {
		e.ed.Call("setText", s)
	}
}

// inlineDiag is a diagnostic the editor shows: its range [From, To) in
// byte offsets into Text(), marked, and its message under the line of
// From. Severity is "error" or "warning".
type inlineDiag struct {
	From, To          int
	Severity, Message string
}

// SetDiagnostics replaces the editor's diagnostics with ds (none clears
// them). Offsets out of the text are clamped to it.
func (e *codeEditor) SetDiagnostics(ds []inlineDiag) {
	if !e.live() {
		return
	}
	text := e.Text()
	list := make([]any, len(ds))
	for i, d := range ds {
		list[i] = map[string]any{
			"from":     utf16Offset(text, d.From),
			"to":       utf16Offset(text, d.To),
			"severity": d.Severity,
			"message":  d.Message,
		}
	}
	e.ed.Call("setDiagnostics", list)
}

// Focus puts the keyboard's focus in the editor.
func (e *codeEditor) Focus() {
	if e.live() {
		e.ed.Call("focus")
	}
}

// Destroy removes the editor from the page and releases its callbacks.
func (e *codeEditor) Destroy() {
	if !e.live() {
		return
	}
	e.ed.Call("destroy")
	e.ed = js.Undefined()
	for _, f := range e.funcs {
		f.Release()
	}
	e.funcs = nil
}
