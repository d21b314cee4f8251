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

// wireTables opens the table cache and wires its controls.
func (v *verifier) wireTables() {
	v.tables = openTableStore()
	v.byID(idHeuristic).AddEventListener("change", false, func(dom.Event) {
		v.pickHeuristic("")
		v.showParams()
		go v.showTables()
	})
	v.byID(idClearTables).AddEventListener("click", false, func(dom.Event) {
		go func() {
			if err := v.tables.clear(); err != nil {
				v.notify("The cached tables could not be cleared: "+err.Error(), true)
			}
			v.showTables()
		}()
	})
	go v.showTables()
}

// selectedKey is the cache key of the table the selected query would be
// checked with, and that heuristic's entry; "" and nil when the options
// need no table.
func (v *verifier) selectedKey() (string, *protocol.Choice) {
	if v.catalog == nil || v.in == nil || v.sel < 0 || v.sel >= len(v.queries) {
		return "", nil
	}
	o := v.options()
	h := precomputes(v.catalog, o)
	formula := v.queries[v.sel].q.Formula
	if h == nil || !reachability(formula) {
		return "", nil // checkSelected computes no table for it either
	}
	return tableKey(share.Hash(v.in.Model), formula, o.Heuristic.String()), h
}

// showTables says, beside the heuristic menu, whether the selected
// query's table is cached and how large it is, and below, what the cache
// holds in all. Call it from a goroutine.
func (v *verifier) showTables() {
	infos, err := v.tables.list()
	note, total := v.byID(idTableNote), v.byID(idTablesTotal)
	clear := v.button(idClearTables)
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
	key, h := v.selectedKey()
	text := ""
	if h != nil {
		text = "no cached table: Check computes it first"
		for _, t := range infos {
			if t.Key == key {
				text = "cached table: " + sizeText(t.Size)
			}
		}
	}
	if why := v.heuristicWhy(); why != "" {
		text = why + " — " + text
	}
	note.SetTextContent(text)
}

// checkWithTable runs the check req of row with the table of its
// heuristic: the cached one if there is one, else one computed first.
// Call it from a goroutine.
func (v *verifier) checkWithTable(req *protocol.Request, row *queryRow) {
	fl := &tableFlow{req: req, row: row, key: tableKey(share.Hash(v.in.Model), row.q.Formula, req.Options.Heuristic.String())}
	v.flow = fl
	if data, err := v.tables.get(fl.key); err == nil && data != nil && v.flow == fl {
		fl.cached = true
		v.progressField("table", "Table", "from the cache, "+sizeText(int64(len(data))))
		check := *req
		check.Table = data
		v.runJob("/check", &check, row)
		return
	}
	if v.flow == fl {
		v.prepare(fl)
	}
}

// prepare runs the prepare job of fl.
func (v *verifier) prepare(fl *tableFlow) {
	fl.preparing, fl.cached, fl.table, fl.failed = true, false, nil, false
	v.progressField("table", "Table", "computing…")
	v.runJob("/prepare", fl.req, fl.row)
}

// flowFrame handles the frames of a table flow's jobs that the generic
// handling (app.frame) does not, and says whether it did.
func (v *verifier) flowFrame(f protocol.Frame) bool {
	fl := v.flow
	switch f.Kind {
	case protocol.FrameTable:
		fl.table = f.Table
		v.progressField("table", "Table", "computed in "+strconv.FormatFloat(f.Table.Seconds, 'f', 2, 64)+" s, "+sizeText(f.Table.Size))
		go v.keepTable(fl, f.Table)
		return true
	case protocol.FrameError:
		if fl.cached {
			fl.refused = true
			v.notify("The cached table was refused ("+f.Message+"); computing it again.", false)
			return true
		}
		fl.failed = fl.preparing
		return false
	case protocol.FrameDone:
		return v.flowDone(fl)
	}
	return false
}

// flowDone moves fl on when its job ends: a refused table is computed
// again, a table computed is checked with, and a prepare that made none
// offers another heuristic.
func (v *verifier) flowDone(fl *tableFlow) bool {
	switch {
	case fl.refused:
		v.job = nil
		fl.refused = false
		go func() {
			v.tables.remove(fl.key)
			v.prepare(fl)
		}()
		return true
	case fl.preparing && fl.table != nil:
		v.job = nil
		fl.preparing = false
		check := *fl.req
		check.Table = fl.table.Data
		go v.runJob("/check", &check, fl.row)
		return true
	}
	v.flow = nil
	if fl.failed {
		v.progressField("table", "Table", "not made")
		v.jobDone(fl.row)
		v.offerFallback(fl.req.Options.Heuristic.Name)
		return true
	}
	return false
}

// keepTable stores a computed table in the cache.
func (v *verifier) keepTable(fl *tableFlow, t *protocol.Table) {
	info := tableInfo{Key: fl.key, Size: t.Size, Info: t.Info, Model: v.in.Name, Formula: fl.row.q.Formula, Heuristic: t.Heuristic.String()}
	if err := v.tables.put(info, t.Data); err != nil {
		v.notify("The table could not be cached ("+err.Error()+"); the next check computes it again.", true)
	}
	v.showTables()
}

// offerFallback puts a button after the status line that checks again
// with a heuristic that needs no table.
func (v *verifier) offerFallback(failed string) {
	name := fallback(v.catalog, failed)
	h := choice(v.catalog.Heuristics, name)
	if h == nil {
		return
	}
	b := v.doc.CreateElement("button").(*dom.HTMLButtonElement)
	b.SetID("fallback")
	b.SetAttribute("type", "button")
	b.SetTextContent("Check with " + h.Label + " instead")
	b.AddEventListener("click", false, func(dom.Event) {
		v.pickHeuristic(name)
		v.checkSelected()
	})
	status := v.byID(idStatus)
	status.AppendChild(v.doc.CreateTextNode(" "))
	status.AppendChild(b)
}

// preselect sets the heuristic menu on the page's choice for the search
// order and the selected query (pageHeuristic), as long as the user has
// not picked a heuristic since the model was loaded; showTables then says
// why. Call it from a goroutine.
func (v *verifier) preselect() {
	order, formula, ok := v.preselecting()
	if !ok {
		return
	}
	menu := v.menu(idHeuristic)
	was := menu.Value()
	infos, err := v.tables.list()
	if o, f, ok := v.preselecting(); !ok || o != order || f != formula || menu.Value() != was {
		return // the user picked, or changed the order or query, meanwhile
	}
	keys := map[string]bool{}
	if err == nil {
		for _, t := range infos {
			keys[t.Key] = true
		}
	}
	hash := share.Hash(v.in.Model)
	name := pageHeuristic(v.catalog, order, formula, func(h string) bool { return keys[tableKey(hash, formula, h)] })
	if name == "" {
		return // a blind order, or a query that ignores the heuristic: the menu keeps its value
	}
	menu.SetValue(name)
	v.preselected = name
	v.showParams()
	v.showTables()
}

// preselecting returns the search order and the selected query's
// formula when the page may set the heuristic menu.
func (v *verifier) preselecting() (order, formula string, ok bool) {
	if v.heuristicPicked || v.catalog == nil || v.in == nil || v.sel < 0 || v.sel >= len(v.queries) {
		return "", "", false
	}
	return v.menu(idOrder).Value(), v.queries[v.sel].q.Formula, true
}

// pickHeuristic records that the user chose the heuristic, and sets the
// menu to name unless it is "" (the user set the menu).
func (v *verifier) pickHeuristic(name string) {
	if name != "" {
		v.menu(idHeuristic).SetValue(name)
		v.showParams()
	}
	v.heuristicPicked, v.preselected = true, ""
}

// pageChose reports whether the heuristic menu shows what the page chose
// for it, not the user.
func (v *verifier) pageChose() bool {
	return !v.heuristicPicked && v.preselected != "" && v.menu(idHeuristic).Value() == v.preselected
}

// heuristicWhy says why the page chose the heuristic the menu shows, or
// "" when the user chose it or the page has nothing to say.
func (v *verifier) heuristicWhy() string {
	order, formula, ok := v.preselecting()
	h := v.menu(idHeuristic).Value()
	if ok && v.pageChose() && h == patternDatabase && pageHeuristic(v.catalog, order, formula, func(string) bool { return false }) == h {
		return whyPatternDatabase
	}
	return ""
}
