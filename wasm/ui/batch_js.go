//go:build js && wasm

// Check, Check all and Cancel: the queries selected, or all of them,
// checked one after the other, each as its own job in a fresh worker,
// with the options read once; their progress on their rows, the summary
// line, and Cancel or an edit stopping the rest.

package main

import (
	"slices"
	"strconv"
	"time"

	"beeline/core/protocol"
)

// batch is a run of checks: the rows to check in order, the options
// they are all checked with (read when the first starts), and the tally
// so far. A query checked alone is a run of one, and has no summary
// line.
type batch struct {
	rows []*queryRow // the rows that can be checked, in the list's order
	at   int         // the next row to start
	cur  *queryRow   // the row being checked; nil between two
	opts *protocol.Options
	// many is set for a run of several queries: they are queued, and the
	// summary line counts them.
	many  bool
	tally tally
	// traced is the last row whose check found a trace. A run of several
	// shows it once it ends, as UPPAAL's simulator keeps the last
	// diagnostic trace; each row keeps its own (Trace on the row).
	traced *queryRow
	// stopped is set when no row is to start after the current one.
	stopped bool
}

// checkSelected checks the selected queries, in the list's order.
func (v *verifier) checkSelected() { v.checkRows(v.selectedRows()) }

// checkAll checks every query of the list, in order.
func (v *verifier) checkAll() { v.checkRows(v.queries) }

// checkRow checks row r alone, which becomes the selection.
func (v *verifier) checkRow(r *queryRow) {
	i := v.indexOf(r)
	if i < 0 {
		return
	}
	v.selectOnly(i)
	v.checkRows([]*queryRow{r})
}

// checkRows checks rows one after the other, each in a fresh worker;
// the rows that cannot be checked are skipped, and counted as such.
func (v *verifier) checkRows(rows []*queryRow) {
	if v.busy() || v.in == nil || len(rows) == 0 {
		return
	}
	b := &batch{many: len(rows) > 1}
	b.tally.total = len(rows)
	for _, r := range rows {
		if !r.q.Supported {
			b.tally.skipped++
			continue
		}
		b.rows = append(b.rows, r)
		if b.many {
			r.forget()
			r.verdict = rowQueued
		}
	}
	if len(b.rows) == 0 && !b.many {
		return
	}
	v.batch = b
	v.clearSummary() // the last run's: a run of one has none
	v.setJob("checking")
	v.button(idCancel).SetDisabled(false)
	v.startNext(b)
}

// startNext starts the next row of b, or ends b when none is left.
func (v *verifier) startNext(b *batch) {
	for !b.stopped && b.at < len(b.rows) {
		r := b.rows[b.at]
		b.at++
		if v.indexOf(r) < 0 || !r.q.Supported {
			b.tally.add("", false) // deleted, or its formula edited, meanwhile
			continue
		}
		v.checkOne(b, r)
		return
	}
	v.endBatch(b, true)
}

// checkOne starts the check of row r, a row of b, as its own job.
func (v *verifier) checkOne(b *batch, r *queryRow) {
	req := &protocol.Request{Name: v.in.Name, Model: v.in.Model, QueryFiles: v.in.QueryFiles}
	if r.user {
		req.Formulas = []string{r.q.Formula}
	} else {
		req.Queries = []int{r.q.Index}
	}
	r.forget()
	r.verdict = rowRunning
	b.cur, v.running = r, r
	v.checkKey, v.checkFormula = v.key, r.q.Formula
	v.renderQueries()
	v.setStatus("Checking "+r.q.Formula+" …", "")
	v.byID(idProgress).SetInnerHTML("")
	v.hideRace()
	v.progressField("phase", "Phase", "starting") // first in the list, whatever comes next
	v.showSummary(b)
	go func() {
		<-v.menus // the options are read from them
		if v.batch != b || b.cur != r {
			return // cancelled meanwhile
		}
		if b.opts == nil {
			o := v.options()
			b.opts = &o
		}
		req.Options = *b.opts
		only := ""
		if v.linkFormula == r.q.Formula {
			only = v.linkWinner
		}
		v.raceOnly("", "")
		if portfolioOrder(v.catalog, string(req.Options.Order)) && raceable(r.q.Formula) {
			v.progressField("phase", "Phase", "racing")
			v.checkRace(req, r, only)
			return
		}
		if precomputes(v.catalog, req.Options) != nil && reachability(r.q.Formula) {
			v.checkWithTable(req, r)
			return
		}
		req.Options.Workers = splitOf(v.catalog, req.Options, r.q.Formula, v.splitField())
		v.runJob("/check", req, r)
	}()
	go v.tickElapsed(time.Now(), r)
}

// queryDone counts how row r of b ended and starts the next.
func (v *verifier) queryDone(b *batch, r *queryRow) {
	b.tally.add(r.verdict, r.answer != "")
	b.cur = nil
	v.startNext(b)
}

// endBatch ends b: the rows not started go back to unchecked and are
// counted as cancelled, the page is idle again, and, when trace says so,
// a run of several shows the last trace it found.
func (v *verifier) endBatch(b *batch, trace bool) {
	if v.batch == b {
		v.batch = nil
	}
	if b.cur != nil {
		b.tally.add("", false)
		b.cur = nil
	}
	for _, r := range b.rows[b.at:] {
		if r.verdict == rowQueued {
			r.verdict = rowUnchecked
		}
		b.tally.add("", false)
	}
	b.at = len(b.rows)
	v.jobEnded()
	v.showSummary(b)
	if r := b.traced; trace && b.many && r != nil && r.res != nil && r.res.Trace != nil && v.model != nil {
		v.onTrace(r.res)
	}
}

// stopBatch stops the run under way after its current query, whose
// result is then reported as for the previous version: the model was
// edited.
func (v *verifier) stopBatch() {
	b := v.batch
	if b == nil || b.stopped {
		return
	}
	b.stopped = true
	if b.many && b.at < len(b.rows) {
		b.tally.note = "the model was edited"
	}
	for _, r := range b.rows[b.at:] {
		if r.verdict == rowQueued {
			r.verdict = rowUnchecked
		}
	}
	if b.cur == nil {
		v.endBatch(b, false)
	}
}

// cancel is the Cancel button: the query being checked and the rest are
// stopped; a run of several shows the last trace it found.
func (v *verifier) cancel() {
	b := v.batch
	v.cancelJob()
	v.setStatus("Cancelled. The engine's worker was stopped; a fresh one is ready.", "")
	if b != nil && b.many && b.traced != nil && b.traced.res != nil && v.model != nil {
		v.onTrace(b.traced.res)
	}
}

// showSummary writes b's summary line, for a run of several queries.
func (v *verifier) showSummary(b *batch) {
	if !b.many {
		return
	}
	el := v.byID(idSummary)
	running := v.batch == b
	el.SetTextContent(b.tally.summary(running))
	el.SetAttribute("data-state", map[bool]string{true: "running", false: "done"}[running])
	el.RemoveAttribute("hidden")
}

// clearSummary hides the summary line of the last run: the verdicts it
// counted are gone.
func (v *verifier) clearSummary() {
	el := v.byID(idSummary)
	el.SetTextContent("")
	el.RemoveAttribute("data-state")
	el.SetAttribute("hidden", "")
}

// selectedRows returns the rows Check checks: those picked, in order,
// or the row selected when none is.
func (v *verifier) selectedRows() []*queryRow {
	var rows []*queryRow
	for i, r := range v.queries {
		if v.isSelected(i) {
			rows = append(rows, r)
		}
	}
	return rows
}

// isSelected reports whether row i is in the selection: picked, or the
// selected row when none is picked (the list's single selection).
func (v *verifier) isSelected(i int) bool {
	if v.queries[i].picked {
		return true
	}
	return i == v.sel && !slices.ContainsFunc(v.queries, func(r *queryRow) bool { return r.picked })
}

// updateRunButtons enables Check when a selected query can be checked,
// Check all when any can, and says how many Check checks.
func (v *verifier) updateRunButtons() {
	sel, any := 0, false
	for i, r := range v.queries {
		if r.q.Supported {
			any = true
			if v.isSelected(i) {
				sel++
			}
		}
	}
	check := v.button(idCheck)
	check.SetDisabled(v.busy() || sel == 0)
	text := "Check"
	if sel > 1 {
		text = "Check " + strconv.Itoa(sel) + " queries"
	}
	if check.TextContent() != text {
		check.SetTextContent(text)
	}
	v.button(idCheckAll).SetDisabled(v.busy() || !any)
}

// showRowTrace opens the trace row r's check found in the simulator.
func (v *verifier) showRowTrace(r *queryRow) {
	if r.res != nil && r.res.Trace != nil && v.model != nil {
		v.onTrace(r.res)
	}
}

// rowProgress shows a progress snapshot of the running query on its row.
func (v *verifier) rowProgress(p *protocol.Progress) {
	r := v.running
	if r == nil {
		return
	}
	if p.Phase == "precomputing" {
		r.stats = "precomputing a table, " + strconv.FormatInt(p.Abstract, 10) + " abstract states"
	} else {
		r.stats = rowStats(p.Explored, float64(p.ElapsedMS)/1000)
	}
	if i := v.indexOf(r); i >= 0 && r.els != nil {
		v.updateRow(i, r)
	}
}

// forget clears what a check said of the row.
func (r *queryRow) forget() {
	r.verdict, r.reason, r.answer, r.stats, r.res = rowUnchecked, "", "", "", nil
}
