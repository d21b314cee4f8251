//go:build js && wasm

// Checks with a heuristic that precomputes: the table from the cache, or
// a prepare job first; the cache's sizes and its Clear button.

package main

import (
	"strconv"

	"honnef.co/go/js/dom/v2"

	"beeline/core/protocol"
	"beeline/core/share"
)

// tableFlow is a check whose heuristic precomputes a table, across the
// jobs it takes: a check with the cached table, or a prepare job (its
// own worker, Cancel terminates it) and then a check with the table it
// made.
type tableFlow struct {
	req *protocol.Request // the check, without its table
	row *queryRow
	key string
	// cached: the running check carries a table from the cache; refused:
	// the engine refused it (made by an older engine, say), so it is
	// dropped and computed again.
	cached  bool
	refused bool
	// preparing: the running job is the prepare; table is what it made,
	// failed is set when it made none.
	preparing bool
	table     *protocol.Table
	failed    bool
}

func (a *app) wireTables() {
	a.tables = openTableStore()
	a.byID(idHeuristic).AddEventListener("change", false, func(dom.Event) {
		a.pickHeuristic("")
		go a.showTables()
	})
	a.byID(idClearTables).AddEventListener("click", false, func(dom.Event) {
		go func() {
			if err := a.tables.clear(); err != nil {
				a.notify("The cached tables could not be cleared: "+err.Error(), true)
			}
			a.showTables()
		}()
	})
	go a.showTables()
}

// selectedKey is the cache key of the table the selected query would be
// checked with, and that heuristic's entry; "" and nil when the options
// need no table.
func (a *app) selectedKey() (string, *protocol.Choice) {
	if a.catalog == nil || a.in == nil || a.sel < 0 || a.sel >= len(a.queries) {
		return "", nil
	}
	o := a.options()
	h := precomputes(a.catalog, o)
	if h == nil {
		return "", nil
	}
	return tableKey(share.Hash(a.in.Model), a.queries[a.sel].q.Formula, o.Heuristic.String()), h
}

// showTables says, beside the heuristic menu, whether the selected
// query's table is cached and how large it is, and below, what the cache
// holds in all. Call it from a goroutine.
func (a *app) showTables() {
	infos, err := a.tables.list()
	note, total := a.byID(idTableNote), a.byID(idTablesTotal)
	clear := a.button(idClearTables)
	if err != nil {
		note.SetTextContent("")
		total.SetTextContent("tables cannot be cached here (" + err.Error() + ")")
		clear.SetDisabled(true)
		return
	}
	var sum int64
	for _, t := range infos {
		sum += t.Size
	}
	switch len(infos) {
	case 0:
		total.SetTextContent("none")
	case 1:
		total.SetTextContent("1 table, " + sizeText(sum))
	default:
		total.SetTextContent(strconv.Itoa(len(infos)) + " tables, " + sizeText(sum))
	}
	clear.SetDisabled(len(infos) == 0)
	key, h := a.selectedKey()
	text := ""
	if h != nil {
		text = "no cached table: Check computes it first"
		for _, t := range infos {
			if t.Key == key {
				text = "cached table: " + sizeText(t.Size)
			}
		}
	}
	if why := a.heuristicWhy(); why != "" {
		text = why + " — " + text
	}
	note.SetTextContent(text)
}

// checkWithTable runs the check req of row with the table of its
// heuristic: the cached one if there is one, else one computed first.
// Call it from a goroutine.
func (a *app) checkWithTable(req *protocol.Request, row *queryRow) {
	fl := &tableFlow{req: req, row: row, key: tableKey(share.Hash(a.in.Model), row.q.Formula, req.Options.Heuristic.String())}
	a.flow = fl
	if data, err := a.tables.get(fl.key); err == nil && data != nil && a.flow == fl {
		fl.cached = true
		a.progressField("table", "Table", "from the cache, "+sizeText(int64(len(data))))
		check := *req
		check.Table = data
		a.runJob("/check", &check, row)
		return
	}
	if a.flow == fl {
		a.prepare(fl)
	}
}

// prepare runs the prepare job of fl.
func (a *app) prepare(fl *tableFlow) {
	fl.preparing, fl.cached, fl.table, fl.failed = true, false, nil, false
	a.progressField("table", "Table", "computing…")
	a.runJob("/prepare", fl.req, fl.row)
}

// flowFrame handles the frames of a table flow's jobs that the generic
// handling (app.frame) does not, and says whether it did.
func (a *app) flowFrame(f protocol.Frame) bool {
	fl := a.flow
	switch f.Kind {
	case protocol.FrameTable:
		fl.table = f.Table
		a.progressField("table", "Table", "computed in "+strconv.FormatFloat(f.Table.Seconds, 'f', 2, 64)+" s, "+sizeText(f.Table.Size))
		go a.keepTable(fl, f.Table)
		return true
	case protocol.FrameError:
		if fl.cached {
			fl.refused = true
			a.notify("The cached table was refused ("+f.Message+"); computing it again.", false)
			return true
		}
		fl.failed = fl.preparing
		return false
	case protocol.FrameDone:
		return a.flowDone(fl)
	}
	return false
}

// flowDone moves fl on when its job ends: a refused table is computed
// again, a table computed is checked with, and a prepare that made none
// offers another heuristic.
func (a *app) flowDone(fl *tableFlow) bool {
	switch {
	case fl.refused:
		a.job = nil
		fl.refused = false
		go func() {
			a.tables.remove(fl.key)
			a.prepare(fl)
		}()
		return true
	case fl.preparing && fl.table != nil:
		a.job = nil
		fl.preparing = false
		check := *fl.req
		check.Table = fl.table.Data
		go a.runJob("/check", &check, fl.row)
		return true
	}
	a.flow = nil
	if fl.failed {
		a.progressField("table", "Table", "not made")
		a.jobDone(fl.row)
		a.offerFallback(fl.req.Options.Heuristic.Name)
		return true
	}
	return false
}

// keepTable stores a computed table in the cache.
func (a *app) keepTable(fl *tableFlow, t *protocol.Table) {
	info := tableInfo{Key: fl.key, Size: t.Size, Info: t.Info, Model: a.in.Name, Formula: fl.row.q.Formula, Heuristic: t.Heuristic.String()}
	if err := a.tables.put(info, t.Data); err != nil {
		a.notify("The table could not be cached ("+err.Error()+"); the next check computes it again.", true)
	}
	a.showTables()
}

// offerFallback puts a button after the status line that checks again
// with a heuristic that needs no table.
func (a *app) offerFallback(failed string) {
	name := fallback(a.catalog, failed)
	h := choice(a.catalog.Heuristics, name)
	if h == nil {
		return
	}
	b := a.doc.CreateElement("button").(*dom.HTMLButtonElement)
	b.SetID("fallback")
	b.SetAttribute("type", "button")
	b.SetTextContent("Check with " + h.Label + " instead")
	b.AddEventListener("click", false, func(dom.Event) {
		a.pickHeuristic(name)
		a.checkSelected()
	})
	status := a.byID(idStatus)
	status.AppendChild(a.doc.CreateTextNode(" "))
	status.AppendChild(b)
}

// preselect sets the heuristic menu on the page's choice for the search
// order and the selected query (pageHeuristic), as long as the user has
// not picked a heuristic since the model was loaded; showTables then says
// why. Call it from a goroutine.
func (a *app) preselect() {
	order, formula, ok := a.preselecting()
	if !ok {
		return
	}
	menu := a.menu(idHeuristic)
	was := menu.Value()
	infos, err := a.tables.list()
	if o, f, ok := a.preselecting(); !ok || o != order || f != formula || menu.Value() != was {
		return // the user picked, or changed the order or query, meanwhile
	}
	keys := map[string]bool{}
	if err == nil {
		for _, t := range infos {
			keys[t.Key] = true
		}
	}
	hash := share.Hash(a.in.Model)
	name := pageHeuristic(a.catalog, order, formula, func(h string) bool { return keys[tableKey(hash, formula, h)] })
	if name == "" {
		return // a blind order: the menu is hidden and keeps its value
	}
	menu.SetValue(name)
	a.preselected = name
	a.showTables()
}

// preselecting returns the search order and the selected query's
// formula when the page may set the heuristic menu.
func (a *app) preselecting() (order, formula string, ok bool) {
	if a.heuristicPicked || a.catalog == nil || a.in == nil || a.sel < 0 || a.sel >= len(a.queries) {
		return "", "", false
	}
	return a.menu(idOrder).Value(), a.queries[a.sel].q.Formula, true
}

// pickHeuristic records that the user chose the heuristic, and sets the
// menu to name unless it is "" (the user set the menu).
func (a *app) pickHeuristic(name string) {
	if name != "" {
		a.menu(idHeuristic).SetValue(name)
	}
	a.heuristicPicked, a.preselected = true, ""
}

// pageChose reports whether the heuristic menu shows what the page chose
// for it, not the user.
func (a *app) pageChose() bool {
	return !a.heuristicPicked && a.preselected != "" && a.menu(idHeuristic).Value() == a.preselected
}

// heuristicWhy says why the page chose the heuristic the menu shows, or
// "" when the user chose it or the page has nothing to say.
func (a *app) heuristicWhy() string {
	order, formula, ok := a.preselecting()
	h := a.menu(idHeuristic).Value()
	if ok && a.pageChose() && h == patternDatabase && pageHeuristic(a.catalog, order, formula, func(string) bool { return false }) == h {
		return whyPatternDatabase
	}
	return ""
}
