//go:build js && wasm

// The verifier area as a component: its query list with markers, and the
// search options, built from the engine's catalog. Its jobs are in
// jobs_js.go, its table cache in tables_js.go.

package main

import (
	"strconv"

	"honnef.co/go/js/dom/v2"

	"beeline/core/protocol"
)

// verifier is the verifier area, the #verifier section with the
// elements of ids.go's "verifier" group: the query list, the search
// options and the table cache, Check, Cancel and Simulate, the progress
// and the status line. It runs the page's engine jobs one at a time (the
// parse of a loaded model, in the resident parse worker, and checks),
// and says which on <body data-job>.
//
// The rest of the page calls its methods (load, showModel, options,
// setOptions, selectFormula, checkSelected, …) and hears from it through
// the on* functions, which the app sets before wire; no other part of the
// page reads its fields or touches its elements.
type verifier struct {
	page
	engine *engine
	parser *parser

	// onModel is handed the model the engine read, and is to call
	// showModel; onDiagnostics, the errors and warnings of a model
	// that did not load cleanly, to show with its source; onParsed is
	// called when the parse of a model ended with a model read.
	onModel       func(*protocol.Model)
	onDiagnostics func([]protocol.Diagnostic)
	onParsed      func()
	// onTrace is handed a check's result that carries a trace; onChecked,
	// every check's end: its result, or nil and the message it failed
	// with. onSimulate is the Simulate button.
	onTrace    func(*protocol.Result)
	onChecked  func(res *protocol.Result, failure string)
	onSimulate func()

	// catalog is what the engine offers, and the menus are built from it;
	// menus is closed once they are (or once the engine could not say).
	catalog *protocol.Catalog
	menus   chan struct{}

	// in is the model loaded, and model what the engine read of it (nil
	// until it has); their queries are listed, sel is the one selected
	// (-1 when none).
	in      *input
	model   *protocol.Model
	queries []*queryRow
	sel     int
	// qe edits the document's queries (nil when the list shows the
	// queries the engine read, unedited); key is what the document
	// means now (bench.key), checkKey what it meant when the check under
	// way started, and checkFormula the formula it checks.
	qe           queryEditor
	key          string
	checkKey     string
	checkFormula string
	// modelErrors is set while the status line says the model has errors.
	modelErrors bool

	// job is the engine job under way (nil when none), and running the
	// row it checks (nil for a parse). parsing is set while the model
	// loaded is read by the resident parser, which is no job of the
	// verifier's.
	job     *job
	running *queryRow
	parsing bool

	// tables caches precomputed heuristic tables; flow is the check with
	// one under way (nil when none). heuristicPicked is set once the user
	// chose a heuristic since the model was loaded, so the page no longer
	// picks one for them; preselected is the heuristic the page last set
	// the menu to ("" when the user has picked since).
	tables          *tableStore
	flow            *tableFlow
	heuristicPicked bool
	preselected     string
	// paramsOf is the heuristic whose settings' fields are built (""
	// when none are), and paramFields the fields by parameter name.
	paramsOf    string
	paramFields map[string]paramField

	// pendingCheck is the query to check once the model being loaded is
	// read (a gallery card's); -1 when none.
	pendingCheck int

	// race is the auto order's race under way (race_js.go), nil when
	// none; linkWinner names the member a share link's trace came from,
	// which the link's check of linkFormula races alone ("" when none).
	race        *pageRace
	linkWinner  string
	linkFormula string

	// batch is the run of checks under way (batch_js.go), nil when none;
	// anchor is the row a Shift-click's range of rows starts from.
	batch  *batch
	anchor int
}

// queryRow is one line of the query list. verdict is "" (unchecked),
// "running", or the engine's verdict; answer is a sup or inf query's
// values in words ("sup: len = 3"), shown beside it.
type queryRow struct {
	q       protocol.Query
	user    bool
	verdict protocol.Verdict
	reason  string
	answer  string
	els     *rowEls // its elements, once drawn (queries_js.go)
	// picked is set when the row is in the selection that Check checks;
	// stats says how far its search went; res is its check's result,
	// kept while it holds a trace the row can show again.
	picked bool
	stats  string
	res    *protocol.Result
	// doc is the query's place among the document's, blank ones
	// included, when the list edits them (q.Index is the engine's), and
	// lead the bytes of white space before its formula in the document,
	// which the row does not show.
	doc, lead int
}

func newVerifier(p page, e *engine, ps *parser) *verifier {
	return &verifier{page: p, engine: e, parser: ps, sel: -1, pendingCheck: -1, menus: make(chan struct{})}
}

// wire starts the verifier: its controls, the catalog's menus and the
// table cache.
func (v *verifier) wire() {
	v.wireWorkers()
	v.byID(idOrder).AddEventListener("change", false, func(dom.Event) {
		v.describeMenus()
		go func() {
			v.preselect()
			v.showTables()
		}()
	})
	for _, id := range []string{idTrace, idSymmetry} {
		v.byID(id).AddEventListener("change", false, func(dom.Event) { v.describeMenus() })
	}
	go v.loadCatalog()
	v.byID(idAddQuery).AddEventListener("submit", false, func(e dom.Event) {
		e.PreventDefault()
		in := v.input(idNewQuery)
		if f := in.Value(); f != "" {
			in.SetValue("")
			v.addQuery(f)
		}
	})
	v.byID(idCheck).AddEventListener("click", false, func(dom.Event) { v.checkSelected() })
	v.byID(idCheckAll).AddEventListener("click", false, func(dom.Event) { v.checkAll() })
	v.byID(idCancel).AddEventListener("click", false, func(dom.Event) { v.cancel() })
	v.byID(idSimulate).AddEventListener("click", false, func(dom.Event) { v.onSimulate() })
	v.wireTables()
}

// loadCatalog asks the engine what it offers and builds the search-order,
// heuristic and trace menus from its answer.
func (v *verifier) loadCatalog() {
	defer close(v.menus)
	done := make(chan struct{})
	_, err := v.engine.start("/catalog", &protocol.Request{}, func(f protocol.Frame) {
		switch f.Kind {
		case protocol.FrameCatalog:
			v.fillMenus(f.Catalog)
		case protocol.FrameError:
			v.notify("The engine did not list its search options: "+f.Message, true)
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
func (v *verifier) fillMenus(c *protocol.Catalog) {
	v.catalog = c
	v.fillMenu(idOrder, menuItems(c.Orders, nil), suggested(c.Orders))
	v.fillMenu(idHeuristic, menuItems(c.Heuristics, heuristicText), suggested(c.Heuristics))
	v.fillMenu(idTrace, menuItems(c.Traces, nil), suggested(c.Traces))
	v.fillMenu(idSymmetry, menuItems(c.Symmetries, nil), suggested(c.Symmetries))
	v.describeMenus()
}

func (v *verifier) fillMenu(id string, items []menuItem, value string) {
	sel := v.menu(id)
	sel.SetInnerHTML("")
	for _, it := range items {
		opt := v.doc.CreateElement("option").(*dom.HTMLOptionElement)
		opt.SetValue(it.Value)
		opt.SetTextContent(it.Text)
		opt.SetAttribute("title", it.Title)
		sel.AppendChild(opt)
	}
	sel.SetValue(value)
}

// describeMenus writes under each menu the catalog's description of the
// entry it shows, and shows the heuristic menu for the directed orders
// only (showParams describes the heuristic).
func (v *verifier) describeMenus() {
	order := v.menu(idOrder).Value()
	var c protocol.Catalog
	if v.catalog != nil {
		c = *v.catalog
	}
	v.byID(idOrderNote).SetTextContent(choiceNote(c.Orders, order))
	v.byID(idTraceNote).SetTextContent(choiceNote(c.Traces, v.menu(idTrace).Value()))
	v.byID(idSymmetryNote).SetTextContent(choiceNote(c.Symmetries, v.menu(idSymmetry).Value()))
	v.describeWorkers()
	for _, id := range []string{idHeuristic, idHeuristicLabel} {
		if directed(v.catalog, order) {
			v.byID(id).RemoveAttribute("hidden")
		} else {
			v.byID(id).SetAttribute("hidden", "")
		}
	}
	v.showParams()
}

// describeHeuristic writes under the heuristic menu, while it shows, the
// description of the heuristic chosen and, when the selected query is of
// a kind the engine checks without one, that it is ignored and why. The
// menu itself is left as it is, for the next reachability query.
func (v *verifier) describeHeuristic() {
	note, ignored := "", ""
	if v.catalog != nil && directed(v.catalog, v.menu(idOrder).Value()) {
		note = heuristicNote(choice(v.catalog.Heuristics, v.menu(idHeuristic).Value()))
		if f, ok := v.selectedFormula(); ok {
			ignored = ignoredNote(f)
		}
	}
	v.byID(idHeuristicNote).SetTextContent(note)
	v.byID(idHeuristicIgnored).SetTextContent(ignored)
}

// options reads the options fieldset. Before the catalog has come, the
// menus are empty and the engine's defaults apply.
func (v *verifier) options() protocol.Options {
	memMiB, _ := strconv.ParseInt(v.input(idMemory).Value(), 10, 64)
	if memMiB <= 0 {
		memMiB = 1024
	}
	seed, _ := strconv.ParseUint(v.input(idSeed).Value(), 10, 64)
	// The table budget may be a fraction of a MiB (the page's tests set
	// one that small).
	tableMiB, _ := strconv.ParseFloat(v.input(idTableBudget).Value(), 64)
	o := protocol.Options{
		Order:     protocol.Order(v.menu(idOrder).Value()),
		Trace:     protocol.TraceMode(v.menu(idTrace).Value()),
		Symmetry:  protocol.Symmetry(v.menu(idSymmetry).Value()),
		Seed:      seed,
		MaxMemory: memMiB << 20,
		MaxTable:  int64(max(tableMiB, 0) * (1 << 20)),
	}
	if directed(v.catalog, string(o.Order)) {
		o.Heuristic = protocol.Heuristic{Name: v.menu(idHeuristic).Value(), Params: v.heuristicParams()}
	}
	return o
}

// setOptions fills the options fieldset (from a share link), once the
// menus are built: call it from a goroutine.
func (v *verifier) setOptions(o protocol.Options) {
	<-v.menus
	if o.Order != "" {
		v.menu(idOrder).SetValue(string(o.Order))
	}
	if o.Heuristic.Name != "" {
		v.pickHeuristic(o.Heuristic.Name)
		v.setParams(o.Heuristic.Params)
	}
	if o.Trace != "" {
		v.menu(idTrace).SetValue(string(o.Trace))
	}
	if o.Symmetry != "" {
		v.menu(idSymmetry).SetValue(string(o.Symmetry))
	}
	if o.MaxMemory > 0 {
		v.input(idMemory).SetValue(strconv.FormatInt(o.MaxMemory>>20, 10))
	}
	if o.MaxTable > 0 {
		v.input(idTableBudget).SetValue(strconv.FormatFloat(float64(o.MaxTable)/(1<<20), 'f', -1, 64))
	}
	v.input(idSeed).SetValue(strconv.FormatUint(o.Seed, 10))
	v.describeMenus()
}

// waitMenus returns once the search menus are built, or the engine could
// not list what goes in them. Call it from a goroutine.
func (v *verifier) waitMenus() {
	<-v.menus
}

// keepHeuristic says whether the heuristic menu holds a choice made for
// the model being loaded (a share link's or a gallery card's), which the
// page then leaves alone; load clears it.
func (v *verifier) keepHeuristic(keep bool) {
	v.heuristicPicked = keep
}

// checkWhenLoaded asks for query q of the model being loaded to be
// checked once the engine has read it; -1 asks for none.
func (v *verifier) checkWhenLoaded(q int) {
	v.pendingCheck = q
}

// showModel lists the queries of the model the engine read, the first
// selected.
func (v *verifier) showModel(m *protocol.Model) {
	if v.qe != nil {
		// The rows are the document's queries already.
		v.annotate(m)
		return
	}
	v.model = m
	for _, r := range v.queries {
		r.destroy()
	}
	v.queries = v.queries[:0]
	for _, q := range m.Queries {
		v.queries = append(v.queries, &queryRow{q: q})
	}
	if len(v.queries) > 0 {
		v.selectOnly(0)
	}
	v.renderQueries()
}

// selectedFormula returns the selected query's formula, if one is
// selected.
func (v *verifier) selectedFormula() (string, bool) {
	if v.sel < 0 || v.sel >= len(v.queries) {
		return "", false
	}
	return v.queries[v.sel].q.Formula, true
}

// selectFormula selects the query whose formula is f, adding it to the
// list when there is none, redraws the list and reports true; for "" it
// changes nothing and reports false.
func (v *verifier) selectFormula(f string) bool {
	if f == "" {
		// A link without a query leaves the list's selection as it is.
		return false
	}
	v.sel = -1
	for i, r := range v.queries {
		if r.q.Formula == f {
			v.sel = i
			break
		}
	}
	if v.sel < 0 && f != "" {
		v.queries = append(v.queries, &queryRow{q: protocol.Query{Index: -1, Formula: f, Supported: true}, user: true})
		v.sel = len(v.queries) - 1
	}
	if v.sel < 0 {
		return false
	}
	v.selectOnly(v.sel)
	v.renderQueries()
	return true
}

// busy reports whether a job or a run of checks is under way, or the
// model loaded is being read: no check starts then.
func (v *verifier) busy() bool { return v.job != nil || v.batch != nil || v.parsing }

func (v *verifier) updateCheckButton() {
	v.updateRunButtons() // Check and Check all (batch_js.go)
	v.button(idSimulate).SetDisabled(v.model == nil)
}

func markerLabel(r *queryRow) string {
	switch {
	case !r.q.Supported:
		return "cannot be checked: " + r.q.Why
	case r.verdict == rowUnchecked:
		return "not checked"
	case r.answer != "":
		return "answered: " + r.answer
	}
	return r.verdict.String()
}
