//go:build js && wasm

// Share links: making one from what is on screen, and opening one.

package main

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"beeline/core/protocol"
	"beeline/core/share"
)

// copyLink puts the model, query, options, trace and step into the URL
// fragment and on the clipboard.
func (a *app) copyLink() {
	frag, ok := a.linkFragment()
	if !ok {
		return
	}
	url := appBase() + "#" + frag
	global.Get("history").Call("replaceState", nil, "", url)
	warn := ""
	if len(url) > share.WarnLength {
		warn = "This link is " + strconv.Itoa(len(url)) + " characters long; some chat tools and browsers cut links over " + strconv.Itoa(share.WarnLength) + "."
		if a.shortMax > 0 {
			warn += " A short link is shorter."
		}
	}
	a.showLink(url, warn, "")
}

// linkFragment is the share link of what is on screen: the fragment a
// link carries after '#', and the envelope a short link stores.
func (a *app) linkFragment() (string, bool) {
	if a.in == nil {
		return "", false
	}
	l := &share.Link{Name: a.in.Name, Hash: share.Hash(a.in.Model), QueryFiles: a.in.QueryFiles, Options: a.verifier.options()}
	// The URL stands for the model only while the model is its bytes:
	// an edit clears it (keep_js.go), and the link carries the bytes.
	if a.in.URL != "" {
		l.ModelURL = a.in.URL
	} else {
		l.Model = a.in.Model
	}
	switch {
	case a.sim.player != nil:
		l.Formula, l.Steps, l.Step = a.sim.formula, a.sim.tr.Steps, a.sim.player.Pos()
		l.End, l.Loop = a.sim.tr.End, a.sim.tr.Loop
		if a.sim.res == nil {
			l.Formula, l.Sim, l.Den = "", a.menu(idSimMode).Value(), a.sim.tr.Den
		} else {
			// The auto order's trace is its winner's: the link names it.
			l.Winner = winnerName(a.sim.res.Portfolio)
		}
	default:
		l.Formula, _ = a.verifier.selectedFormula()
	}
	l.Present, l.Hidden = a.presenting(), a.drawings.hiddenProcesses()
	frag, err := share.Encode(l)
	if err != nil {
		a.notify(err.Error(), true)
		return "", false
	}
	return frag, true
}

// appBase is the address of the app's page without query or fragment:
// the folder the page's relative addresses resolve from, which is the
// app's root also at /s/{id} (that page carries <base href="../">).
func appBase() string {
	return global.Get("URL").New(".", global.Get("document").Get("baseURI")).Get("href").String()
}

// showLink shows a link in the share box, selected, with a warning and a
// note beside it, and puts it on the clipboard. Whether the clipboard
// took it is said in the box's own row, not in a notice above the page:
// the answer comes later, and a notice would push the page down under a
// pointer that is about to click.
func (a *app) showLink(url, warn, note string) {
	a.byID(idShareBox).RemoveAttribute("hidden")
	a.byID(idShareCopied).SetTextContent("")
	in := a.input(idShareUrl)
	in.SetValue(url)
	in.Select()
	a.byID(idShareWarn).SetTextContent(warn)
	a.byID(idShareNote).SetTextContent(note)
	go func() {
		if _, err := await(global.Get("navigator").Get("clipboard").Call("writeText", url)); err != nil {
			a.byID(idShareWarn).SetTextContent(warn + " The browser refused the clipboard: copy the link from the box.")
			return
		}
		a.byID(idShareCopied).SetTextContent("Copied to the clipboard.")
	}()
}

// probeShortLinks asks the server whether it keeps short links (beeline
// serve and the Worker do; static hosting answers 404 or nothing) and
// shows the "Short link" action if it does.
func (a *app) probeShortLinks() {
	text, err := fetchText("api/share", nil)
	if err != nil {
		return
	}
	var limits struct {
		MaxEnvelope int `json:"maxEnvelope"`
	}
	if json.Unmarshal([]byte(text), &limits) != nil || limits.MaxEnvelope <= 0 {
		return
	}
	a.shortMax = limits.MaxEnvelope
	a.byID(idShortLink).RemoveAttribute("hidden")
}

// shortNote is shown under every short link: unlike a fragment link, it
// puts the model on the server.
const shortNote = "A short link uploads the model to this server: anyone with the link can read it."

// shortLink stores what is on screen as a short link and shows it.
func (a *app) shortLink() {
	frag, ok := a.linkFragment()
	if !ok {
		return
	}
	if len(frag) > a.shortMax {
		a.notify("This model is too large for a short link ("+strconv.Itoa(len(frag)>>10)+" KiB packed, at most "+strconv.Itoa(a.shortMax>>10)+" KiB): use Copy link.", true)
		return
	}
	btn := a.button(idShortLink)
	btn.SetDisabled(true)
	defer btn.SetDisabled(false)
	text, err := fetchText("api/share", &postText{frag})
	var made struct {
		ID   string `json:"id"`
		Path string `json:"path"`
	}
	if err == nil && (json.Unmarshal([]byte(text), &made) != nil || !share.IsID(made.ID) || made.Path != "s/"+made.ID) {
		err = errors.New("the server's answer is not a short link")
	}
	if err != nil {
		a.notify("Cannot make a short link: "+err.Error(), true)
		return
	}
	a.showLink(appBase()+made.Path, "", shortNote)
}

// shortID returns the id when the page's address is a short link's
// (…/s/{id}).
func shortID() (string, bool) {
	parts := strings.Split(global.Get("location").Get("pathname").String(), "/")
	if n := len(parts); n >= 2 && parts[n-2] == "s" && share.IsID(parts[n-1]) {
		return parts[n-1], true
	}
	return "", false
}

// openShort opens the short link id: it fetches the envelope the server
// keeps and opens it as a fragment link.
func (a *app) openShort(id string) {
	text, err := fetchText("api/share/"+id, nil)
	if err != nil {
		a.notify("Cannot open the short link: "+err.Error(), true)
		return
	}
	a.openLink(text)
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
	a.verifier.setOptions(l.Options)
	err = l.Verify(in.Model)
	a.loadModel(in)
	a.linkHidden = l.Hidden
	if l.Present {
		a.setPresenting(true)
	}
	// The link's heuristic was its sharer's pick: loading the model
	// does not make it the page's to change.
	a.verifier.keepHeuristic(l.Options.Heuristic.Name != "")
	if err != nil {
		a.notify("The shared trace cannot be shown: "+err.Error()+". The model is loaded as it is now; check it again.", true)
		return
	}
	a.link = l
	if l.Winner != "" {
		// The trace was the auto order's winner's: that search alone is
		// run again, so that the trace found is the same.
		a.verifier.raceOnly(l.Winner, l.Formula)
		a.notify("Opening a shared link: checking "+l.Formula+" again with "+l.Winner+", the search of the auto order that found its trace…", false)
		return
	}
	a.notify("Opening a shared link: checking "+l.Formula+" again…", false)
}

// checkLink runs the shared query once the model is loaded.
func (a *app) checkLink() {
	l := a.link
	defer func() {
		if a.link == nil {
			a.verifier.raceOnly("", "") // the link checks nothing
		}
	}()
	if a.model.Hash != "" && a.model.Hash != l.Hash {
		a.link = nil
		a.notify("The shared trace cannot be shown: the engine read a different model than the link's (hash "+a.model.Hash[:12]+"…).", true)
		return
	}
	if l.Sim != "" {
		a.link = nil
		go a.sim.replayLink(l)
		return
	}
	if !a.verifier.selectFormula(l.Formula) {
		a.link = nil
		a.notify("Opened the shared model (the link has no query).", false)
		if a.presenting() {
			go a.sim.reset()
		}
		return
	}
	// A liveness trace may have no step (time passes forever in the
	// initial state) and is still a trace to show.
	if len(l.Steps) == 0 && l.End == "" {
		a.link = nil
		a.notify("Opened the shared model and query.", false)
		return
	}
	a.verifier.checkSelected()
}

// linkChecked hears how a check ended, with its result or the message it
// failed with: a share link being opened is finished with it.
func (a *app) linkChecked(res *protocol.Result, failure string) {
	if a.link == nil {
		return
	}
	if res == nil {
		a.link = nil
		a.notify("The shared query cannot be checked: "+failure, true)
		return
	}
	a.afterResult(res)
}

// afterResult finishes opening a link once its check is decided.
func (a *app) afterResult(res *protocol.Result) {
	l := a.link
	if l == nil {
		return
	}
	a.link = nil
	if res.Trace == nil {
		a.notify("The shared link has a trace of "+strconv.Itoa(len(l.Steps))+" steps, but the check now finds none (verdict: "+res.Verdict.String()+").", true)
		return
	}
	if a.sim.player == nil { // the trace was not shown: the model changed
		return
	}
	// The trace is shown at its first state already: shown again only
	// when the link is at another.
	at := a.sim.player.Pos()
	a.sim.player.Seek(l.Step)
	if a.sim.player.Pos() != at {
		a.sim.show()
	}
	if err := l.SameTrace(res.Trace); err != nil {
		a.notify("The shared trace does not replay: "+err.Error()+". Showing the trace found now.", true)
		return
	}
	a.notify("Opened a shared trace: it replays step for step; showing state "+strconv.Itoa(a.sim.player.Pos())+".", false)
}
