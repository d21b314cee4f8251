//go:build js && wasm

// The verifier area: queries with markers, options, Check and Cancel, and
// live progress.

package main

import (
	"strconv"
	"strings"
	"time"

	"honnef.co/go/js/dom/v2"

	"beeline/core/protocol"
	"beeline/wasm/ui/state"
)

// queryRow is one line of the query list. verdict is "" (unchecked),
// "running", or the engine's verdict; answer is a sup or inf query's
// values in words ("sup: len = 3"), shown beside it.
type queryRow struct {
	q       protocol.Query
	user    bool
	verdict string
	reason  string
	answer  string
}

func (a *app) wireVerifier() {
	a.byID(idOrder).AddEventListener("change", false, func(dom.Event) {
		a.orderNote()
		go func() {
			a.preselect()
			a.showTables()
		}()
	})
	go a.loadCatalog()
	a.byID(idAddQuery).AddEventListener("submit", false, func(e dom.Event) {
		e.PreventDefault()
		in := a.input(idNewQuery)
		if f := in.Value(); f != "" {
			a.queries = append(a.queries, &queryRow{q: protocol.Query{Index: -1, Formula: f, Supported: true}, user: true})
			a.sel = len(a.queries) - 1
			in.SetValue("")
			a.renderQueries()
		}
	})
	a.byID(idCheck).AddEventListener("click", false, func(dom.Event) { a.checkSelected() })
	a.byID(idCancel).AddEventListener("click", false, func(dom.Event) {
		a.cancelJob()
		a.setStatus("Cancelled. The engine's worker was stopped; a fresh one is ready.", "")
	})
}

// loadCatalog asks the engine what it offers and builds the search-order,
// heuristic and trace menus from its answer.
func (a *app) loadCatalog() {
	defer close(a.menus)
	done := make(chan struct{})
	_, err := a.engine.start("/catalog", &protocol.Request{}, func(f protocol.Frame) {
		switch f.Kind {
		case protocol.FrameCatalog:
			a.fillMenus(f.Catalog)
		case protocol.FrameError:
			a.notify("The engine did not list its search options: "+f.Message, true)
		case protocol.FrameDone:
			close(done)
		}
	})
	if err != nil {
		return // the engine did not load, and the page says so
	}
	<-done
}

// fillMenus builds the menus from the engine's catalog, each on the entry
// it suggests.
func (a *app) fillMenus(c *protocol.Catalog) {
	a.catalog = c
	a.fillMenu(idOrder, menuItems(c.Orders, nil), suggested(c.Orders))
	a.fillMenu(idHeuristic, menuItems(c.Heuristics, heuristicText), suggested(c.Heuristics))
	a.fillMenu(idTrace, menuItems(c.Traces, nil), suggested(c.Traces))
	a.fillMenu(idSymmetry, menuItems(c.Symmetries, nil), suggested(c.Symmetries))
	a.orderNote()
}

func (a *app) fillMenu(id string, items []menuItem, value string) {
	sel := a.menu(id)
	sel.SetInnerHTML("")
	for _, it := range items {
		opt := a.doc.CreateElement("option").(*dom.HTMLOptionElement)
		opt.SetValue(it.Value)
		opt.SetTextContent(it.Text)
		opt.SetAttribute("title", it.Title)
		sel.AppendChild(opt)
	}
	sel.SetValue(value)
}

// orderNote explains the chosen search order next to the menu, and shows
// the heuristic menu for the directed orders only.
func (a *app) orderNote() {
	v := a.menu(idOrder).Value()
	note := ""
	if a.catalog != nil {
		if o := choice(a.catalog.Orders, v); o != nil {
			note = o.Description
		}
	}
	a.byID(idOrderNote).SetTextContent(note)
	for _, id := range []string{idHeuristic, idHeuristicLabel} {
		if directed(a.catalog, v) {
			a.byID(id).RemoveAttribute("hidden")
		} else {
			a.byID(id).SetAttribute("hidden", "")
		}
	}
}

// options reads the options fieldset. Before the catalog has come, the
// menus are empty and the engine's defaults apply.
func (a *app) options() protocol.Options {
	memMiB, _ := strconv.ParseInt(a.input(idMemory).Value(), 10, 64)
	if memMiB <= 0 {
		memMiB = 1024
	}
	seed, _ := strconv.ParseUint(a.input(idSeed).Value(), 10, 64)
	// The table budget may be a fraction of a MiB (the page's tests set
	// one that small).
	tableMiB, _ := strconv.ParseFloat(a.input(idTableBudget).Value(), 64)
	o := protocol.Options{
		Order:     protocol.Order(a.menu(idOrder).Value()),
		Trace:     protocol.TraceMode(a.menu(idTrace).Value()),
		Symmetry:  protocol.Symmetry(a.menu(idSymmetry).Value()),
		Seed:      seed,
		MaxMemory: memMiB << 20,
		MaxTable:  int64(max(tableMiB, 0) * (1 << 20)),
	}
	if directed(a.catalog, string(o.Order)) {
		o.Heuristic = protocol.Heuristic{Name: a.menu(idHeuristic).Value()}
	}
	return o
}

// setOptions fills the options fieldset (from a share link), once the
// menus are built: call it from a goroutine. The menus have no place for
// a heuristic's parameters, so the engine's defaults apply to them.
func (a *app) setOptions(o protocol.Options) {
	<-a.menus
	if o.Order != "" {
		a.menu(idOrder).SetValue(string(o.Order))
	}
	if o.Heuristic.Name != "" {
		a.pickHeuristic(o.Heuristic.Name)
	}
	if o.Trace != "" {
		a.menu(idTrace).SetValue(string(o.Trace))
	}
	if o.Symmetry != "" {
		a.menu(idSymmetry).SetValue(string(o.Symmetry))
	}
	if o.MaxMemory > 0 {
		a.input(idMemory).SetValue(strconv.FormatInt(o.MaxMemory>>20, 10))
	}
	if o.MaxTable > 0 {
		a.input(idTableBudget).SetValue(strconv.FormatFloat(float64(o.MaxTable)/(1<<20), 'f', -1, 64))
	}
	a.input(idSeed).SetValue(strconv.FormatUint(o.Seed, 10))
	a.orderNote()
}

func (a *app) updateCheckButton() {
	ok := a.job == nil && a.sel >= 0 && a.sel < len(a.queries) && a.queries[a.sel].q.Supported
	a.button(idCheck).SetDisabled(!ok)
	a.button(idSimulate).SetDisabled(a.model == nil)
}

// renderQueries redraws the query list. Lists are short (tens of
// queries), so a full redraw is simpler than patching.
func (a *app) renderQueries() {
	ol := a.byID(idQueries)
	ol.SetInnerHTML("")
	for i, r := range a.queries {
		ol.AppendChild(a.queryItem(i, r))
	}
	a.updateCheckButton()
	if a.tables != nil {
		go a.showTables() // the selected query's table
	}
}

func (a *app) queryItem(i int, r *queryRow) dom.Element {
	li := a.doc.CreateElement("li").(dom.HTMLElement)
	li.SetAttribute("tabindex", "0")
	li.SetAttribute("data-query", strconv.Itoa(i))
	if i == a.sel {
		li.Class().Add("selected")
		li.SetAttribute("aria-selected", "true")
	}
	marker := a.doc.CreateElement("span")
	marker.SetAttribute("class", "marker "+verdictClass(r.verdict))
	marker.SetAttribute("role", "img")
	marker.SetAttribute("aria-label", markerLabel(r))
	marker.SetAttribute("title", markerLabel(r))
	if !r.q.Supported {
		marker.Class().Add("unsupported")
	}
	if r.answer != "" {
		marker.Class().Add("answered")
	}
	li.AppendChild(marker)
	f := a.doc.CreateElement("span")
	f.SetAttribute("class", "formula")
	f.SetTextContent(r.q.Formula)
	li.AppendChild(f)
	btn := a.doc.CreateElement("button").(*dom.HTMLButtonElement)
	btn.SetTextContent("Check")
	btn.SetDisabled(!r.q.Supported || a.job != nil)
	btn.AddEventListener("click", false, func(e dom.Event) {
		e.StopPropagation()
		a.sel = i
		a.checkSelected()
	})
	li.AppendChild(btn)
	a.queryNotes(li, r)
	li.AddEventListener("click", false, func(dom.Event) { a.selectQuery(i) })
	li.AddEventListener("keydown", false, func(e dom.Event) {
		if e.(*dom.KeyboardEvent).Key() == "Enter" {
			a.sel = i
			a.checkSelected()
		}
	})
	return li
}

func (a *app) queryNotes(li dom.Element, r *queryRow) {
	note := func(class, text string) {
		if text == "" {
			return
		}
		p := a.doc.CreateElement("span")
		p.SetAttribute("class", class)
		p.SetTextContent(text)
		li.AppendChild(p)
	}
	note("comment", r.q.Comment)
	if !r.q.Supported {
		note("why", r.q.Why)
	}
	if r.reason != "" {
		note("why", r.reason)
	}
	note("answer", r.answer)
}

func markerLabel(r *queryRow) string {
	switch {
	case !r.q.Supported:
		return "cannot be checked: " + r.q.Why
	case r.verdict == "":
		return "not checked"
	case r.answer != "":
		return "answered: " + r.answer
	}
	return r.verdict
}

func (a *app) selectQuery(i int) {
	if a.sel == i {
		return
	}
	a.sel = i
	a.renderQueries()
	if a.pageChose() {
		go a.preselect() // the page's choice follows the query
	}
	if el := a.doc.QuerySelector(`#queries li[data-query="` + strconv.Itoa(i) + `"]`); el != nil {
		el.(dom.HTMLElement).Focus()
	}
}

// checkSelected checks the selected query in a fresh worker.
func (a *app) checkSelected() {
	if a.job != nil || a.in == nil || a.sel < 0 || a.sel >= len(a.queries) {
		return
	}
	r := a.queries[a.sel]
	if !r.q.Supported {
		return
	}
	req := &protocol.Request{Name: a.in.Name, Model: a.in.Model, QueryFiles: a.in.QueryFiles}
	if r.user {
		req.Formulas = []string{r.q.Formula}
	} else {
		req.Queries = []int{r.q.Index}
	}
	r.verdict, r.reason, r.answer = "running", "", ""
	a.renderQueries()
	a.setStatus("Checking "+r.q.Formula+" …", "")
	a.byID(idProgress).SetInnerHTML("")
	a.progressField("phase", "Phase", "starting") // first in the list, whatever comes next
	go func() {
		<-a.menus // the options are read from them
		req.Options = a.options()
		if precomputes(a.catalog, req.Options) != nil && reachability(r.q.Formula) {
			a.checkWithTable(req, r)
			return
		}
		a.runJob("/check", req, r)
	}()
	go a.tickElapsed(time.Now())
}

// tickElapsed shows the wall-clock time of a running check four times a
// second, even between the engine's progress frames.
func (a *app) tickElapsed(t0 time.Time) {
	for {
		time.Sleep(250 * time.Millisecond)
		if a.job == nil && a.running == nil {
			return
		}
		a.progressField("elapsed", "Elapsed", state.FormatFloat(time.Since(t0).Seconds())+" s")
	}
}

// showProgress shows a live snapshot.
func (a *app) showProgress(p *protocol.Progress) {
	if p.Phase == "precomputing" {
		a.showPrecomputing(p)
		return
	}
	a.progressField("phase", "Phase", p.Phase)
	a.progressField("explored", "States explored", strconv.FormatInt(p.Explored, 10))
	a.progressField("stored", "States stored", strconv.FormatInt(p.Stored, 10))
	a.progressField("pruned", "States pruned", strconv.FormatInt(p.Pruned, 10))
	a.progressField("rate", "States / s", strconv.FormatFloat(p.Rate, 'f', 0, 64))
	a.progressField("engine-time", "Engine time", state.FormatFloat(float64(p.ElapsedMS)/1000)+" s")
	a.progressField("memory", "Engine memory", mib(int(p.MemBytes)))
}

// showPrecomputing shows a snapshot of a heuristic's precomputation:
// what it does, on which pattern, how far it got, and the table's
// memory so far (each when the heuristic says).
func (a *app) showPrecomputing(p *protocol.Progress) {
	a.progressField("phase", "Phase", p.Phase)
	if p.Step != "" {
		a.progressField("step", "Step", p.Step)
	}
	if p.Pattern != "" {
		a.progressField("pattern", "Pattern", p.Pattern)
	}
	a.progressField("abstract", "Abstract states", strconv.FormatInt(p.Abstract, 10))
	if p.Layers > 0 {
		a.progressField("layers", "Distance layers", strconv.Itoa(p.Layers))
	}
	if p.TableBytes > 0 {
		a.progressField("table-memory", "Table memory", sizeText(p.TableBytes))
	}
	a.progressField("engine-time", "Engine time", state.FormatFloat(float64(p.ElapsedMS)/1000)+" s")
	a.progressField("memory", "Engine memory", mib(int(p.MemBytes)))
}

// progressField sets one <dt>/<dd> pair of the progress list, adding it
// on first use.
func (a *app) progressField(key, label, value string) {
	dd := a.doc.GetElementByID("p-" + key)
	if dd == nil {
		dl := a.byID(idProgress)
		dt := a.doc.CreateElement("dt")
		dt.SetTextContent(label)
		dd = a.doc.CreateElement("dd")
		dd.SetID("p-" + key)
		dl.AppendChild(dt)
		dl.AppendChild(dd)
	}
	dd.SetTextContent(value)
}

// showResult records a verdict and, with a trace, loads the simulator.
func (a *app) showResult(res *protocol.Result, row *queryRow) {
	if row != nil {
		row.verdict, row.reason, row.answer = res.Verdict, res.Reason, ""
		if len(res.Values) > 0 {
			row.answer = valuesText(res.Formula, res.Values)
		}
		a.renderQueries()
	}
	stats := " Explored " + strconv.FormatInt(res.Explored, 10) + " states, stored " +
		strconv.FormatInt(res.Stored, 10) + ", in " + state.FormatFloat(res.Seconds) + " s."
	a.progressField("phase", "Phase", "done")
	a.progressField("explored", "States explored", strconv.FormatInt(res.Explored, 10))
	a.progressField("stored", "States stored", strconv.FormatInt(res.Stored, 10))
	// The last progress snapshot may predate the search's end (a short
	// search sends only its first): the result's totals are final.
	if res.Seconds > 0 {
		a.progressField("rate", "States / s", strconv.FormatFloat(float64(res.Explored)/res.Seconds, 'f', 0, 64))
		a.progressField("engine-time", "Engine time", state.FormatFloat(res.Seconds)+" s")
	}
	if res.Pruned > 0 {
		a.progressField("pruned", "States pruned", strconv.FormatInt(res.Pruned, 10))
	}
	if res.Symmetry != "" {
		a.progressField("symmetry", "Symmetry reduction", res.Symmetry)
	}
	// A verdict reached by running out of states, some pruned as dead
	// ends, is a proof: say so in place of the bare statistics.
	if proof := proofText(res, a.catalog); proof != "" {
		stats = " " + strings.ToUpper(proof[:1]) + proof[1:] + ", stored " + strconv.FormatInt(res.Stored, 10) +
			", in " + state.FormatFloat(res.Seconds) + " s."
	}
	a.setStatus(statusLine(res, stats))
	if res.Trace != nil && a.model != nil {
		a.sim.load(res)
	}
	if row != nil && a.link != nil {
		a.afterResult(res)
	}
}
