//go:build js && wasm

// The app: the page's state and the wiring of its controls.

package main

import (
	"reflect"
	"sort"
	"strconv"
	"strings"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"beeline/core/protocol"
	"beeline/core/share"
)

// input is a model as loaded: its bytes and, when it came from a
// same-origin URL, that URL (share links then carry the URL, not bytes).
type input struct {
	Name       string
	Model      []byte
	QueryFiles []protocol.File
	URL        string
}

// app is the page: the loaded model, which every area shows, and the
// areas themselves (doc.go says how they talk). Handlers and the
// goroutines they start share it; Go's wasm runs one goroutine at a time,
// and no handler blocks.
type app struct {
	page
	engine *engine
	// parser reads models in the resident parse worker (parser_js.go):
	// the model opened, and again after every edit.
	parser *parser

	in    *input
	model *protocol.Model
	names *names

	drawings *drawings
	draw     *drawEditor // editing on the drawings (drawedit_js.go)
	verifier *verifier
	sim      *simulator
	// bench is the model as an editable document (bench_js.go); nil
	// when none is loaded or it cannot be read as one.
	bench *bench
	// keep keeps the model being edited: working copy, Save, New.
	keep *keeper

	// link is a share link being opened: its check is under way.
	link *share.Link
	// linkHidden names the processes a share link being opened hides.
	linkHidden []string
	// shortMax is the largest envelope the server keeps as a short link;
	// 0 when it keeps none (static hosting).
	shortMax int
}

func newApp() *app {
	return &app{page: page{doc: theDoc}}
}

// checkPage reports the elements of ids.go missing from the page or not
// of their tag, in plain words; "" when there are none.
func (a *app) checkPage() string {
	var bad []string
	for id, tag := range elementTags {
		el := a.doc.GetElementByID(id)
		switch {
		case el == nil:
			bad = append(bad, "#"+id+" is missing")
		case !strings.EqualFold(el.TagName(), tag):
			bad = append(bad, "#"+id+" is a <"+strings.ToLower(el.TagName())+">, not a <"+tag+">")
		}
	}
	sort.Strings(bad)
	return strings.Join(bad, "; ")
}

func (a *app) start() {
	if bad := a.checkPage(); bad != "" {
		// A page that does not match this program (a stale copy of
		// index.html, say) stops here with a message, not with a failing
		// handler later.
		boot := a.doc.GetElementByID("boot")
		if boot != nil {
			boot.SetTextContent("Beeline could not start: index.html does not match this program: " + bad + ".")
		}
		a.doc.Body().SetAttribute("data-job", "failed")
		return
	}
	a.setInert(true)
	a.applyTheme(storedTheme())
	a.engine = loadEngine(a.bootProgress("Loading the engine…"))
	a.parser = newParser(a.engine)
	a.drawings = newDrawings(a)
	a.draw = newDrawEditor(a)
	a.sim = newSimulator(a)
	a.verifier = a.newVerifier()
	a.keep = newKeeper(a)
	a.wireLoading()
	a.keep.wire()
	a.verifier.wire()
	a.sim.wire()
	a.wirePresentation()
	a.wireBench()
	a.byID(idShare).AddEventListener("click", false, func(dom.Event) { a.copyLink() })
	a.byID(idShortLink).AddEventListener("click", false, func(dom.Event) { go a.shortLink() })
	probed := make(chan struct{})
	go func() {
		a.probeShortLinks()
		close(probed)
	}()
	a.byID(idTheme).AddEventListener("click", false, func(dom.Event) {
		if a.doc.DocumentElement().GetAttribute("data-theme") == "dark" {
			a.applyTheme("light")
		} else {
			a.applyTheme("dark")
		}
	})
	go a.ready(probed)
}

// ready waits until the first screen is final, then says the page is
// ready (<body data-job="idle">) and opens what the address asks for.
// Final means: the search menus are filled from the engine's catalog and
// described, the cached tables are counted, and the header shows the
// Short link action or not (probed is closed once the server has said
// whether it keeps short links). Until then the boot screen covers the
// page, which is inert, so that nothing a user could aim at moves after
// it shows. The menus wait for the engine, which is downloaded, compiled
// and started first: the boot screen shows that download's progress.
func (a *app) ready(probed <-chan struct{}) {
	a.verifier.waitMenus() // the engine answered, or could not be loaded
	if a.engine.err != nil {
		a.byID(idLoading).SetTextContent("The engine could not be loaded: " + a.engine.err.Error())
	}
	a.verifier.showTables()
	<-probed
	a.painted()
	a.setInert(false)
	a.setJob("idle")
	loadTimes.mark("page-ready")
	a.reportLoad() // assets_js.go
	// The page is shown ready before it opens what its URL asks for, in
	// a task of its own.
	yieldTask()
	asked := a.openFromURL()
	a.keep.recall(asked)
}

// painted returns once the page as it is now has been painted (the
// second animation frame's callback runs after the first frame's paint),
// or at once in a hidden tab, which paints nothing. What moved under the
// boot screen then moved before the page said it was ready: a browser
// reports a layout shift at the first frame painted after it, which
// could otherwise come after ready.
func (a *app) painted() {
	if a.doc.Underlying().Get("hidden").Bool() {
		return
	}
	done := make(chan struct{})
	frames := 0
	var f js.Func
	f = js.FuncOf(func(js.Value, []js.Value) any {
		if frames++; frames < 2 {
			global.Call("requestAnimationFrame", f)
			return nil
		}
		f.Release()
		close(done)
		return nil
	})
	global.Call("requestAnimationFrame", f)
	<-done
}

// setInert makes the page under the boot screen inert (no focus, no
// clicks), or lets it be used again.
func (a *app) setInert(on bool) {
	for _, el := range a.doc.QuerySelectorAll("body > :not(#boot):not(script)") {
		if on {
			el.SetAttribute("inert", "")
		} else {
			el.RemoveAttribute("inert")
		}
	}
}

// bootProgress puts label on the boot screen and returns a function that
// shows a download's progress on its bar.
func (a *app) bootProgress(label string) func(got, total int) {
	if p := a.doc.QuerySelector("#boot p"); p != nil {
		p.SetTextContent(label)
	}
	bar := a.doc.GetElementByID("boot-bar")
	if bar == nil {
		return func(int, int) {}
	}
	bar.SetAttribute("value", "0")
	return func(got, total int) {
		if total > 0 {
			bar.SetAttribute("value", strconv.FormatFloat(min(float64(got)/float64(total), 1), 'f', 3, 64))
		}
	}
}

func mib(n int) string {
	return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB"
}

func storedTheme() string {
	v := global.Get("localStorage").Call("getItem", "beeline-theme")
	if v.Type() == js.TypeString && v.String() == "dark" {
		return "dark"
	}
	return "light"
}

func (a *app) applyTheme(theme string) {
	a.doc.DocumentElement().SetAttribute("data-theme", theme)
	global.Get("localStorage").Call("setItem", "beeline-theme", theme)
	// A toggle: its name stays "Dark theme" and aria-pressed says
	// whether it is on; a name that changed would change its width too,
	// and move the buttons after it.
	a.byID(idTheme).SetAttribute("aria-pressed", strconv.FormatBool(theme == "dark"))
	if a.drawings != nil {
		a.drawings.restyle()
	}
	if a.sim != nil {
		a.sim.restyleChart()
	}
}

// newVerifier makes the verifier area and wires what it tells the page:
// the model the engine read goes to every area, a trace to the
// simulator, and a check's end to a share link being opened.
func (a *app) newVerifier() *verifier {
	v := newVerifier(a.page, a.engine, a.parser)
	v.onModel = a.showModel
	v.onDiagnostics = a.showDiagnostics
	v.onParsed = func() {
		a.keep.parsed()
		if a.link != nil {
			a.checkLink()
		}
	}
	v.onChecked = a.linkChecked
	v.onTrace = a.sim.load
	v.onSimulate = func() { go a.sim.reset() }
	return v
}

// loadModel shows a freshly loaded model: it resets everything that
// belonged to the previous one and has the engine read it.
// The model becomes the workbench's document first: what is read and
// checked from then on is what the document writes.
func (a *app) loadModel(in *input) {
	a.keep.leaving()
	a.closeBench()
	a.bench = a.newBench(in)
	a.in = in
	a.model, a.names = nil, nil
	a.sim.clear()
	a.sim.note("", false)
	a.drawings.clear()
	a.byID(idEmpty).SetAttribute("hidden", "")
	a.byID(idModelName).SetTextContent(in.Name)
	a.button(idShare).SetDisabled(false)
	a.button(idShortLink).SetDisabled(false)
	a.verifier.load(in)
	if b := a.bench; b != nil {
		b.onEdited(a.draw.edited)
		newPanes(a, b)
		b.updateButtons()
		a.verifier.editQueries(b, b.key)
		a.verifier.syncQueries(b.doc().Queries())
		b.onEdited(a.keep.edited)
	}
	a.keep.loaded()
}

// closeBench forgets the workbench of the model loaded before.
func (a *app) closeBench() {
	b := a.bench
	if b == nil {
		return
	}
	b.gen++ // a parse under way answers for no one
	b.reading(false)
	if b.panes != nil {
		b.panes.close()
	}
	a.bench = nil
	a.verifier.editQueries(nil, "")
}

// closeModel goes back to the empty page, as it opens with no model.
func (a *app) closeModel() {
	a.closeBench()
	a.byID(idBench).SetAttribute("hidden", "")
	a.in, a.model, a.names, a.link = nil, nil, nil, nil
	a.sim.clear()
	a.drawings.clear()
	a.verifier.unload()
	a.byID(idEmpty).RemoveAttribute("hidden")
	a.byID(idModelName).SetTextContent("")
	for _, id := range []string{idShare, idShortLink, idSave} {
		a.button(id).SetDisabled(true)
	}
	a.byID(idShareBox).SetAttribute("hidden", "")
	a.menu(idGallery).SetValue("")
	a.notify("", false)
}

// showModel shows a model the engine read: every process drawn (less
// those a share link hides) and its queries listed.
func (a *app) showModel(m *protocol.Model) {
	if a.bench != nil {
		a.bench.laidOut(m)
	}
	a.model = m
	a.names = newNames(m)
	a.drawings.show(m)
	a.drawings.hide(a.linkHidden)
	a.linkHidden = nil
	a.verifier.showModel(m)
	if len(m.Warnings) > 0 {
		a.showDiagnostics(m.Warnings)
	}
}

// updateModel shows a model read again after an edit: drawn anew (the
// processes hidden stay hidden, the trace shown stays on them), its
// queries' annotations updated.
func (a *app) updateModel(m *protocol.Model) {
	same := a.model != nil && reflect.DeepEqual(a.model.Templates, m.Templates) && reflect.DeepEqual(a.model.Processes, m.Processes)
	a.model = m
	a.names = newNames(m)
	if same {
		// An edit that changes no drawing (a query, a declaration) keeps
		// the drawings as they are, zoomed and panned.
		return
	}
	hidden := a.drawings.hiddenProcesses()
	a.drawings.show(m)
	a.drawings.hide(hidden)
	a.sim.redrawn()
}

// setDiagnostics shows the diagnostics of the model as last parsed,
// hiding the list when there are none.
func (a *app) setDiagnostics(ds []protocol.Diagnostic) {
	if len(ds) > 0 {
		a.showDiagnostics(ds)
		return
	}
	box := a.byID(idDiagnostics)
	box.SetInnerHTML("")
	box.SetAttribute("hidden", "")
	a.drawings.setDiagnostics(nil)
}
