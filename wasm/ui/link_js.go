//go:build js && wasm

// Share links: making one from what is on screen, and opening one.

package main

import (
	"strconv"

	"honnef.co/go/js/dom/v2"

	"beeline/core/protocol"
	"beeline/core/share"
)

// copyLink puts the model, query, options, trace and step into the URL
// fragment and on the clipboard.
func (a *app) copyLink() {
	if a.in == nil {
		return
	}
	l := &share.Link{Name: a.in.Name, Hash: share.Hash(a.in.Model), QueryFiles: a.in.QueryFiles, Options: a.options()}
	if a.in.URL != "" {
		l.ModelURL = a.in.URL
	} else {
		l.Model = a.in.Model
	}
	switch {
	case a.sim.player != nil:
		l.Formula, l.Steps, l.Step = a.sim.formula, a.sim.tr.Steps, a.sim.player.Pos()
		l.End, l.Loop = a.sim.tr.End, a.sim.tr.Loop
	case a.sel >= 0 && a.sel < len(a.queries):
		l.Formula = a.queries[a.sel].q.Formula
	}
	frag, err := share.Encode(l)
	if err != nil {
		a.notify(err.Error(), true)
		return
	}
	loc := global.Get("location")
	url := loc.Get("origin").String() + loc.Get("pathname").String() + "#" + frag
	global.Get("history").Call("replaceState", nil, "", url)
	a.byID("share-box").RemoveAttribute("hidden")
	in := a.byID("share-url").(*dom.HTMLInputElement)
	in.SetValue(url)
	in.Select()
	warn := ""
	if len(url) > share.WarnLength {
		warn = "This link is " + strconv.Itoa(len(url)) + " characters long; some chat tools and browsers cut links over " + strconv.Itoa(share.WarnLength) + "."
	}
	a.byID("share-warn").SetTextContent(warn)
	go func() {
		if _, err := await(global.Get("navigator").Get("clipboard").Call("writeText", url)); err != nil {
			a.byID("share-warn").SetTextContent(warn + " The browser refused the clipboard: copy the link from the box.")
			return
		}
		a.notify("Link copied to the clipboard.", false)
	}()
}

// openLink opens a share link: it verifies the model's hash, loads the
// model, and (once the engine has read it) reruns the check; afterTrace
// compares the traces and lands on the shared step.
func (a *app) openLink(frag string) {
	l, err := share.Decode(frag)
	if err != nil {
		a.notify("Cannot open the shared link: "+err.Error(), true)
		return
	}
	in := &input{Name: l.Name, Model: l.Model, QueryFiles: l.QueryFiles}
	if l.ModelURL != "" {
		url, err := sameOrigin(l.ModelURL)
		if err != nil {
			a.notify("Cannot open the shared link: "+err.Error(), true)
			return
		}
		data, err := fetchBytes(url, nil)
		if err != nil {
			a.notify("Cannot open the shared link: "+err.Error(), true)
			return
		}
		in.Model, in.URL = data, l.ModelURL
	}
	a.setOptions(l.Options)
	err = l.Verify(in.Model)
	a.loadModel(in)
	// The link's heuristic was its sharer's pick: loading the model
	// does not make it the page's to change.
	a.heuristicPicked = l.Options.Heuristic.Name != ""
	if err != nil {
		a.notify("The shared trace cannot be shown: "+err.Error()+". The model is loaded as it is now; check it again.", true)
		return
	}
	a.link = l
	a.notify("Opening a shared link: checking "+l.Formula+" again…", false)
}

// checkLink runs the shared query once the model is loaded.
func (a *app) checkLink() {
	l := a.link
	if a.model.Hash != "" && a.model.Hash != l.Hash {
		a.link = nil
		a.notify("The shared trace cannot be shown: the engine read a different model than the link's (hash "+a.model.Hash[:12]+"…).", true)
		return
	}
	a.sel = -1
	for i, r := range a.queries {
		if r.q.Formula == l.Formula {
			a.sel = i
			break
		}
	}
	if a.sel < 0 && l.Formula != "" {
		a.queries = append(a.queries, &queryRow{q: protocol.Query{Index: -1, Formula: l.Formula, Supported: true}, user: true})
		a.sel = len(a.queries) - 1
	}
	if a.sel < 0 {
		a.link = nil
		a.notify("Opened the shared model (the link has no query).", false)
		return
	}
	a.renderQueries()
	// A liveness trace may have no step (time passes forever in the
	// initial state) and is still a trace to show.
	if len(l.Steps) == 0 && l.End == "" {
		a.link = nil
		a.notify("Opened the shared model and query.", false)
		return
	}
	a.checkSelected()
}

// afterResult finishes opening a link once its check is decided.
func (a *app) afterResult(res *protocol.Result) {
	l := a.link
	if l == nil {
		return
	}
	a.link = nil
	if res.Trace == nil {
		a.notify("The shared link has a trace of "+strconv.Itoa(len(l.Steps))+" steps, but the check now finds none (verdict: "+res.Verdict+").", true)
		return
	}
	a.sim.player.Seek(l.Step)
	a.sim.show()
	if err := l.SameTrace(res.Trace); err != nil {
		a.notify("The shared trace does not replay: "+err.Error()+". Showing the trace found now.", true)
		return
	}
	a.notify("Opened a shared trace: it replays step for step; showing state "+strconv.Itoa(a.sim.player.Pos())+".", false)
}
