//go:build js && wasm

// The app: the page's state and the wiring of its controls.

package main

import (
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

// app is the page. Handlers and the goroutines they start share it; Go's
// wasm runs one goroutine at a time, and no handler blocks.
type app struct {
	doc    dom.HTMLDocument
	engine *engine

	// catalog is what the engine offers, and the menus are built from it;
	// menus is closed once they are (or once the engine could not say).
	catalog *protocol.Catalog
	menus   chan struct{}

	in      *input
	model   *protocol.Model
	names   *names
	queries []*queryRow
	sel     int // selected query row, -1 when none

	job     *job
	running *queryRow

	// tables caches precomputed heuristic tables; flow is the check with
	// one under way (nil when none). heuristicPicked is set once the user
	// chose a heuristic since the model was loaded, so the page no longer
	// picks one for them; preselected is the heuristic the page last set
	// the menu to ("" when the user has picked since).
	tables          *tableStore
	flow            *tableFlow
	heuristicPicked bool
	preselected     string

	drawings *drawings
	sim      *simulator

	// link is a share link being opened: its check is under way.
	link *share.Link
	// pendingCheck is the query a gallery card asked to check once its
	// model is loaded; -1 when none.
	pendingCheck int
	// linkHidden names the processes a share link being opened hides.
	linkHidden []string
	// shortMax is the largest envelope the server keeps as a short link;
	// 0 when it keeps none (static hosting).
	shortMax int
}

func newApp() *app {
	return &app{doc: dom.GetWindow().Document().(dom.HTMLDocument), sel: -1, pendingCheck: -1, menus: make(chan struct{})}
}

// byID returns the element with the given id, one of ids.go's names:
// checkPage has made sure at start that it is on the page, with its tag.
func (a *app) byID(id string) dom.HTMLElement {
	el, _ := a.doc.GetElementByID(id).(dom.HTMLElement)
	return el
}

func (a *app) button(id string) *dom.HTMLButtonElement {
	el, _ := a.byID(id).(*dom.HTMLButtonElement)
	return el
}

func (a *app) input(id string) *dom.HTMLInputElement {
	el, _ := a.byID(id).(*dom.HTMLInputElement)
	return el
}

func (a *app) menu(id string) *dom.HTMLSelectElement {
	el, _ := a.byID(id).(*dom.HTMLSelectElement)
	return el
}

func (a *app) textArea(id string) *dom.HTMLTextAreaElement {
	el, _ := a.byID(id).(*dom.HTMLTextAreaElement)
	return el
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
	a.applyTheme(storedTheme())
	bar := a.addLoadBar("Engine (" + engineURL + ")")
	a.engine = loadEngine(bar)
	go func() {
		<-a.engine.ready
		if a.engine.err != nil {
			a.byID(idLoading).SetTextContent("The engine could not be loaded: " + a.engine.err.Error())
		}
	}()
	a.drawings = newDrawings(a)
	a.sim = newSimulator(a)
	a.wireLoading()
	a.wireVerifier()
	a.wireTables()
	a.sim.wire()
	a.wirePresentation()
	a.byID(idShare).AddEventListener("click", false, func(dom.Event) { a.copyLink() })
	a.byID(idShortLink).AddEventListener("click", false, func(dom.Event) { go a.shortLink() })
	go a.probeShortLinks()
	a.byID(idTheme).AddEventListener("click", false, func(dom.Event) {
		if a.doc.DocumentElement().GetAttribute("data-theme") == "dark" {
			a.applyTheme("light")
		} else {
			a.applyTheme("dark")
		}
	})
	a.setJob("idle")
	go a.openFromURL()
}

// setJob records the page's job state on <body data-job>, for styles and
// page tests: idle, parsing, precomputing, checking.
func (a *app) setJob(s string) {
	a.doc.Body().SetAttribute("data-job", s)
}

// addLoadBar adds a download progress bar and returns its update function.
func (a *app) addLoadBar(label string) func(got, total int) {
	box := a.byID(idLoading)
	name := a.doc.CreateElement("span")
	name.SetTextContent(label)
	bar := a.doc.CreateElement("progress").(*dom.HTMLProgressElement)
	bar.SetMax(1)
	num := a.doc.CreateElement("span")
	num.SetAttribute("class", "mono")
	box.AppendChild(name)
	box.AppendChild(bar)
	box.AppendChild(num)
	return func(got, total int) {
		text := mib(got)
		if total > 0 {
			bar.SetValue(min(float64(got)/float64(total), 1))
			text += " / " + mib(total)
		}
		num.SetTextContent(text)
		if total > 0 && got >= total {
			name.Remove()
			bar.Remove()
			num.Remove()
		}
	}
}

func mib(n int) string {
	return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB"
}

// notify shows a message above the page; bad marks it as an error. An
// empty message hides the notice.
func (a *app) notify(msg string, bad bool) {
	n := a.byID(idNotice)
	n.SetTextContent(msg)
	n.Class().Toggle("bad")
	if !bad {
		n.Class().Remove("bad")
	} else {
		n.Class().Add("bad")
	}
	if msg == "" {
		n.SetAttribute("hidden", "")
	} else {
		n.RemoveAttribute("hidden")
	}
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
	b := a.byID(idTheme)
	dark := theme == "dark"
	b.SetAttribute("aria-pressed", strconv.FormatBool(dark))
	if dark {
		b.SetTextContent("Light theme")
	} else {
		b.SetTextContent("Dark theme")
	}
	if a.drawings != nil {
		a.drawings.restyle()
	}
	if a.sim != nil {
		a.sim.restyleChart()
	}
}

// loadModel shows a freshly loaded model: it resets everything that
// belonged to the previous one and asks the engine to parse it.
func (a *app) loadModel(in *input) {
	a.cancelJob()
	a.in = in
	a.heuristicPicked = false // a new model: the page may choose again
	a.model, a.names = nil, nil
	a.queries, a.sel = nil, -1
	a.sim.clear()
	a.drawings.clear()
	a.renderQueries()
	a.byID(idEmpty).SetAttribute("hidden", "")
	a.byID(idModelName).SetTextContent(in.Name)
	a.button(idShare).SetDisabled(false)
	a.button(idShortLink).SetDisabled(false)
	a.byID(idProgress).SetInnerHTML("")
	a.setStatus("", "")
	go a.runJob("/parse", &protocol.Request{Name: in.Name, Model: in.Model, QueryFiles: in.QueryFiles}, nil)
}

// setStatus writes the verifier's status line; class colours it.
func (a *app) setStatus(text, class string) {
	s := a.byID(idStatus)
	s.SetTextContent(text)
	s.SetAttribute("class", "status "+class)
}

// cancelJob stops the running job, if any, at once.
func (a *app) cancelJob() {
	if a.job == nil {
		return
	}
	a.job.stop()
	a.job = nil
	if a.flow != nil && a.flow.preparing {
		a.progressField("table", "Table", "cancelled")
	}
	a.flow = nil
	if r := a.running; r != nil {
		r.verdict = ""
		a.running = nil
		a.renderQueries()
	}
	a.jobEnded()
}

func (a *app) jobEnded() {
	a.setJob("idle")
	a.button(idCancel).SetDisabled(true)
	a.renderQueries()
}

// runJob sends a request to a fresh worker and dispatches its frames.
// row is the query row being checked (nil for /parse).
func (a *app) runJob(path string, req *protocol.Request, row *queryRow) {
	switch path {
	case "/parse":
		a.setJob("parsing")
	case "/prepare":
		a.setJob("precomputing")
	default:
		a.setJob("checking")
	}
	a.running = row
	a.button(idCancel).SetDisabled(path == "/parse")
	a.updateCheckButton()
	var j *job
	j, err := a.engine.start(path, req, func(f protocol.Frame) {
		if a.job != nil && a.job != j && j != nil {
			return
		}
		a.frame(f, row)
	})
	if err != nil {
		a.notify("The engine is not available: "+err.Error(), true)
		a.running = nil
		a.jobEnded()
		return
	}
	if !j.done {
		a.job = j
	}
}

// frame handles one frame of the running job.
func (a *app) frame(f protocol.Frame, row *queryRow) {
	if a.flow != nil && a.flowFrame(f) {
		return
	}
	switch f.Kind {
	case protocol.FrameModel:
		if f.Model != nil && (a.model == nil || a.model.Hash != f.Model.Hash) {
			a.showModel(f.Model)
		}
	case protocol.FrameProgress:
		if f.Progress != nil {
			a.showProgress(f.Progress)
		}
	case protocol.FrameResult:
		if f.Result != nil {
			a.showResult(f.Result, row)
		}
	case protocol.FrameError:
		a.showError(f, row)
	case protocol.FrameDone:
		a.jobDone(row)
	}
}

// jobDone ends the page's job when its stream has ended.
func (a *app) jobDone(row *queryRow) {
	a.job = nil
	if a.running != nil && a.running.verdict == "running" {
		a.running.verdict = ""
		a.renderQueries()
	}
	a.running = nil
	a.jobEnded()
	if a.link != nil && row == nil && a.model != nil {
		a.checkLink()
	}
	if q := a.pendingCheck; q >= 0 && row == nil {
		a.pendingCheck = -1
		if a.model != nil && q < len(a.queries) {
			a.sel = q
			a.renderQueries()
			a.checkSelected()
		}
	}
}

// showModel draws a model the engine loaded and lists its queries.
func (a *app) showModel(m *protocol.Model) {
	a.model = m
	a.names = newNames(m)
	a.queries = a.queries[:0]
	for _, q := range m.Queries {
		a.queries = append(a.queries, &queryRow{q: q})
	}
	if len(a.queries) > 0 {
		a.sel = 0
	}
	a.drawings.show(m)
	a.drawings.hide(a.linkHidden)
	a.linkHidden = nil
	a.renderQueries()
	if len(m.Warnings) > 0 {
		a.showDiagnostics(m.Warnings)
	}
}

// showError shows a failed job: positioned diagnostics, or a message.
func (a *app) showError(f protocol.Frame, row *queryRow) {
	if len(f.Diagnostics) > 0 {
		a.showDiagnostics(f.Diagnostics)
	}
	msg := f.Message
	if msg == "" && len(f.Diagnostics) > 0 {
		d := f.Diagnostics[0]
		msg = d.Message
		if d.Pos.IsValid() {
			msg = d.Pos.Filename + ":" + strconv.Itoa(d.Pos.Line) + ":" + strconv.Itoa(d.Pos.Column) + ": " + msg
		}
	}
	if row != nil {
		row.verdict, row.reason = "error", msg
		a.renderQueries()
		if a.link != nil {
			a.link = nil
			a.notify("The shared query cannot be checked: "+msg, true)
		}
	}
	if row != nil || len(f.Diagnostics) == 0 {
		a.setStatus(strings.TrimSpace("Error: "+msg), "failed")
	} else {
		a.setStatus("The model has errors; see the messages on the left.", "failed")
	}
}
