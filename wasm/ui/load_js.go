//go:build js && wasm

// Loading models: file picker, drag and drop, pasted text, ?model=URL,
// the gallery.

package main

import (
	"errors"
	"path"
	"strings"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"beeline/core/protocol"
	"beeline/core/share"
)

func (a *app) wireLoading() {
	picker := a.input(idFileInput)
	picker.AddEventListener("change", false, func(dom.Event) {
		// Take the files out of the FileList now: it is live, and emptied
		// by clearing the input (and a drop's, once its handler returns).
		files := fileSlice(picker.Underlying().Get("files"))
		picker.SetValue("")
		go a.loadFiles(files)
	})
	body := a.doc.Body()
	body.AddEventListener("dragover", false, func(e dom.Event) {
		e.PreventDefault()
		body.Class().Add("dragging")
	})
	body.AddEventListener("dragleave", false, func(dom.Event) { body.Class().Remove("dragging") })
	body.AddEventListener("drop", false, func(e dom.Event) {
		e.PreventDefault()
		body.Class().Remove("dragging")
		files := fileSlice(e.Underlying().Get("dataTransfer").Get("files"))
		go a.loadFiles(files)
	})
	a.wirePaste()
	sel := a.menu(idGallery)
	for _, ex := range gallery {
		opt := a.doc.CreateElement("option").(*dom.HTMLOptionElement)
		opt.SetValue(ex.Key)
		opt.SetTextContent(ex.Menu)
		opt.SetTitle(ex.Title + " — " + ex.Attribution)
		sel.AppendChild(opt)
	}
	sel.AddEventListener("change", false, func(dom.Event) {
		if ex, ok := exampleByKey(sel.Value()); ok {
			go a.loadExample(ex)
		}
	})
	a.renderCards()
}

// renderCards fills the first screen with the gallery as cards: what
// each example teaches, and one button that opens it and checks its
// query.
func (a *app) renderCards() {
	list := a.byID(idCards)
	for _, ex := range gallery {
		li := a.doc.CreateElement("li").(dom.HTMLElement)
		li.SetAttribute("data-example", ex.Key)
		h := a.doc.CreateElement("h3")
		h.SetTextContent(ex.Title)
		p := a.doc.CreateElement("p")
		p.SetTextContent(ex.Teaches)
		by := a.doc.CreateElement("span")
		by.Class().Add("by")
		by.SetTextContent(ex.Attribution)
		btn := a.doc.CreateElement("button").(*dom.HTMLButtonElement)
		btn.SetAttribute("type", "button")
		label := "Open and check"
		if ex.Check < 0 {
			label = "Open"
		}
		btn.SetTextContent(label)
		btn.SetAttribute("aria-label", label+": "+ex.Title)
		btn.AddEventListener("click", false, func(dom.Event) { go a.openCard(ex) })
		li.AppendChild(h)
		li.AppendChild(p)
		li.AppendChild(by)
		li.AppendChild(btn)
		list.AppendChild(li)
	}
}

// openCard opens a card's example with its search options and, once the
// engine has read it, checks its query.
func (a *app) openCard(ex example) {
	a.verifier.waitMenus() // the search menus, which the card sets
	a.menu(idGallery).SetValue(ex.Key)
	if ex.Order != "" {
		o := a.verifier.options()
		o.Order, o.Heuristic = protocol.Order(ex.Order), protocol.Heuristic{Name: ex.Heuristic}
		a.verifier.setOptions(o)
	}
	if !a.loadExample(ex) {
		return
	}
	// Set once the model is being read (its parse job cannot end before
	// this goroutine blocks), so that an example that could not be
	// fetched leaves no check for the next model.
	a.verifier.checkWhenLoaded(ex.Check)
	// The card's heuristic is the example's point: loading the model
	// does not make it the page's to change.
	a.verifier.keepHeuristic(ex.Heuristic != "")
}

func (a *app) wirePaste() {
	dlg := a.byID(idPasteDialog)
	a.byID(idPasteOpen).AddEventListener("click", false, func(dom.Event) {
		dlg.Underlying().Call("showModal")
		a.byID(idPasteText).Focus()
	})
	dlg.AddEventListener("close", false, func(dom.Event) {
		if dlg.Underlying().Get("returnValue").String() != "load" {
			return
		}
		text := a.textArea(idPasteText).Value()
		queries := a.textArea(idPasteQueries).Value()
		if strings.TrimSpace(text) == "" {
			return
		}
		in := &input{Name: "pasted.xta", Model: []byte(text)}
		if strings.HasPrefix(strings.TrimSpace(text), "<") {
			in.Name = "pasted.xml"
		}
		if strings.TrimSpace(queries) != "" {
			in.QueryFiles = []protocol.File{{Name: "pasted.q", Data: []byte(queries)}}
		}
		a.loadModel(in)
	})
}

// fileSlice copies the File objects out of a FileList.
func fileSlice(list js.Value) []js.Value {
	n := list.Get("length").Int()
	files := make([]js.Value, n)
	for i := range n {
		files[i] = list.Index(i)
	}
	return files
}

// loadFiles reads chosen or dropped files: one model (.xml, .xta, .ta)
// and any .q files, which belong to it.
func (a *app) loadFiles(files []js.Value) {
	in := &input{}
	n := len(files)
	for _, f := range files {
		name := f.Get("name").String()
		buf, err := await(f.Call("arrayBuffer"))
		if err != nil {
			a.notify("Cannot read "+name+": "+err.Error(), true)
			return
		}
		data := goBytes(buf)
		if strings.EqualFold(path.Ext(name), ".q") {
			in.QueryFiles = append(in.QueryFiles, protocol.File{Name: name, Data: data})
			continue
		}
		if in.Model != nil {
			a.notify("Open one model at a time (with its .q files): got "+in.Name+" and "+name+".", true)
			return
		}
		in.Name, in.Model = name, data
	}
	if in.Model == nil {
		if n > 0 {
			a.notify("No model among the files: open an .xml or .xta file (a .q file goes with its .xta model).", true)
		}
		return
	}
	a.notify("", false)
	a.loadModel(in)
}

// loadExample fetches a gallery entry and loads it, and reports whether
// it could.
func (a *app) loadExample(ex example) bool {
	var qs []string
	for _, q := range ex.Files[1:] {
		qs = append(qs, "web/examples/"+q)
	}
	in, err := fetchModel("web/examples/"+ex.Files[0], qs)
	if err != nil {
		a.notify(err.Error(), true)
		return false
	}
	in.URL = "web/examples/" + ex.Files[0]
	a.notify("Example: "+ex.Title+". "+ex.Attribution+".", false)
	a.loadModel(in)
	return true
}

// fetchModel downloads a model and its query files.
func fetchModel(url string, queryURLs []string) (*input, error) {
	data, err := fetchBytes(url, nil)
	if err != nil {
		return nil, errors.New("cannot load the model: " + err.Error())
	}
	in := &input{Name: path.Base(url), Model: data, URL: url}
	for _, q := range queryURLs {
		qd, err := fetchBytes(q, nil)
		if err != nil {
			return nil, errors.New("cannot load the queries: " + err.Error())
		}
		in.QueryFiles = append(in.QueryFiles, protocol.File{Name: path.Base(q), Data: qd})
	}
	return in, nil
}

// sameOrigin resolves a URL against the page and refuses other origins:
// the page only reads models its own server offers.
func sameOrigin(raw string) (string, error) {
	loc := global.Get("location")
	// Resolved as the page's own relative addresses are: from its base,
	// which at /s/{id} is the app's root.
	u := global.Get("URL").New(raw, global.Get("document").Get("baseURI"))
	if u.Get("origin").String() != loc.Get("origin").String() {
		return "", errors.New("?model= must name a file on this server (" + loc.Get("origin").String() + "), not " + u.Get("origin").String())
	}
	return u.Get("pathname").String() + u.Get("search").String(), nil
}

// openFromURL opens what the page's URL asks for: a share link in the
// fragment, or ?model=URL (with ?queries=URL, or the model's .q next to
// an .xta). It reports whether the URL asked for a model at all.
func (a *app) openFromURL() bool {
	loc := global.Get("location")
	if frag := loc.Get("hash").String(); share.IsLink(frag) {
		a.openLink(frag)
		return true
	}
	if id, ok := shortID(); ok {
		a.openShort(id)
		return true
	}
	params := global.Get("URLSearchParams").New(loc.Get("search"))
	model := params.Call("get", "model")
	if model.IsNull() {
		return false
	}
	a.openModelURL(params, model.String())
	return true
}

// openModelURL opens ?model=URL, with the queries params name.
func (a *app) openModelURL(params js.Value, model string) {
	url, err := sameOrigin(model)
	if err != nil {
		a.notify(err.Error(), true)
		return
	}
	var qs []string
	if q := params.Call("get", "queries"); !q.IsNull() {
		qurl, err := sameOrigin(q.String())
		if err != nil {
			a.notify(err.Error(), true)
			return
		}
		qs = append(qs, qurl)
	}
	in, err := fetchModel(url, qs)
	if err != nil {
		a.notify(err.Error(), true)
		return
	}
	if len(qs) == 0 && strings.HasSuffix(url, ".xta") {
		q := strings.TrimSuffix(path.Base(url), ".xta") + ".q"
		if data, err := fetchBytes(path.Dir(url)+"/"+q, nil); err == nil {
			in.QueryFiles = []protocol.File{{Name: q, Data: data}}
		}
	}
	a.loadModel(in)
}
