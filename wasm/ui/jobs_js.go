//go:build js && wasm

// The verifier's engine jobs, one at a time: the parse of a loaded model
// (in the resident parse worker) and checks, with Cancel, live progress,
// verdicts and the status line. Runs of several checks are in
// batch_js.go.

package main

import (
	"strconv"
	"strings"
	"time"

	"beeline/core/protocol"
	"beeline/wasm/ui/state"
)

// load takes a freshly loaded model: it stops the job under way, forgets
// the previous model's queries, progress and status, and has the engine
// read in (its model comes to onModel).
func (v *verifier) load(in *input) {
	v.heuristicPicked = false // a new model: the page may choose again
	v.reset(in)
	v.parse(in)
}

// reset stops the job under way and forgets the previous model, its
// queries, progress and status; in is the model now loaded, nil for
// none.
func (v *verifier) reset(in *input) {
	v.cancelJob()
	v.in, v.model = in, nil
	for _, r := range v.queries {
		r.destroy()
	}
	v.queries, v.sel = nil, -1
	v.renderQueries()
	v.byID(idProgress).SetInnerHTML("")
	v.hideRace()
	v.setStatus("", "")
	v.clearSummary()
}

// parse has the resident parser read the model loaded; its frames are
// handled as a job's, and a later load's parse supersedes this one. No
// check starts until it is answered (busy).
func (v *verifier) parse(in *input) {
	v.parsing = true
	v.setJob("parsing")
	v.button(idCancel).SetDisabled(true)
	v.updateCheckButton()
	v.parser.parse(&protocol.Request{Name: in.Name, Model: in.Model, QueryFiles: in.QueryFiles}, func(frames []protocol.Frame) {
		if v.in != in {
			return
		}
		v.parsing = false
		mark("parse-answer")
		for _, f := range frames {
			v.frame(f, nil)
		}
	})
}

// unload forgets the model, as the page is with none loaded.
func (v *verifier) unload() {
	v.pendingCheck = -1
	v.reset(nil)
}

// setStatus writes the verifier's status line; class colours it.
func (v *verifier) setStatus(text, class string) {
	v.modelErrors = false
	s := v.byID(idStatus)
	s.SetTextContent(text)
	s.SetAttribute("class", "status "+class)
}

// cancelJob stops the running job, if any, at once, and the run of
// checks it is part of: the queries not checked yet stay unchecked.
func (v *verifier) cancelJob() {
	b := v.batch
	if v.job == nil && b == nil {
		return
	}
	if v.job != nil {
		v.job.stop()
		v.job = nil
	}
	if v.flow != nil && v.flow.preparing {
		v.progressField("table", "Table", "cancelled")
	}
	v.flow = nil
	if rc := v.race; rc != nil {
		rc.cancel()
		v.race = nil
	}
	if r := v.running; r != nil {
		r.forget()
		v.running = nil
		v.renderQueries()
	}
	if b != nil {
		b.stopped = true
		v.endBatch(b, false)
		return
	}
	v.jobEnded()
}

func (v *verifier) jobEnded() {
	v.setJob("idle")
	v.button(idCancel).SetDisabled(true)
	v.renderQueries()
}

// runJob sends a request to a fresh worker and dispatches its frames.
// row is the query row being checked (nil for /parse).
func (v *verifier) runJob(path string, req *protocol.Request, row *queryRow) {
	switch path {
	case "/parse":
		v.setJob("parsing")
	case "/prepare":
		v.setJob("precomputing")
	default:
		v.setJob("checking")
	}
	v.running = row
	v.button(idCancel).SetDisabled(path == "/parse")
	v.updateCheckButton()
	var j *job
	j, err := v.engine.start(path, req, func(f protocol.Frame) {
		if v.job != nil && v.job != j && j != nil {
			return
		}
		v.frame(f, row)
	})
	if err != nil {
		v.notify("The engine is not available: "+err.Error(), true)
		if v.batch != nil {
			v.cancelJob() // and the rest of the run: they would fail alike
			return
		}
		v.running = nil
		v.jobEnded()
		return
	}
	if !j.done {
		v.job = j
	}
}

// frame handles one frame of the running job.
func (v *verifier) frame(f protocol.Frame, row *queryRow) {
	if v.flow != nil && v.flowFrame(f) {
		return
	}
	switch f.Kind {
	case protocol.FrameModel:
		// Only a parse's model is shown: a check's is of the version it
		// was started on, which an edit may have left since.
		if row == nil && f.Model != nil && (v.model == nil || v.model.Hash != f.Model.Hash) {
			v.onModel(f.Model)
		}
	case protocol.FrameProgress:
		if f.Progress != nil {
			v.showProgress(f.Progress)
		}
	case protocol.FrameResult:
		if f.Result != nil {
			v.showResult(f.Result, row)
		}
	case protocol.FrameError:
		v.showError(f, row)
	case protocol.FrameDone:
		v.jobDone(row)
	}
}

// jobDone ends the page's job when its stream has ended.
func (v *verifier) jobDone(row *queryRow) {
	v.job = nil
	if v.running != nil && v.running.verdict == rowRunning {
		v.running.verdict = rowUnchecked
		v.renderQueries()
	}
	v.running = nil
	if b := v.batch; b != nil && row != nil && row == b.cur {
		v.queryDone(b, row)
		return
	}
	v.jobEnded()
	if row == nil && v.model != nil {
		v.onParsed()
	}
	if q := v.pendingCheck; q >= 0 && row == nil {
		v.pendingCheck = -1
		if v.model != nil && q < len(v.queries) {
			v.selectOnly(q)
			v.renderQueries()
			v.checkSelected()
		}
	}
}

// showError shows a failed job: positioned diagnostics, or a message.
func (v *verifier) showError(f protocol.Frame, row *queryRow) {
	if len(f.Diagnostics) > 0 {
		v.onDiagnostics(f.Diagnostics)
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
		row.verdict, row.reason = protocol.VerdictError, msg
		v.renderQueries()
		v.onChecked(nil, msg)
	}
	if row != nil || len(f.Diagnostics) == 0 {
		v.setStatus(strings.TrimSpace("Error: "+msg), "failed")
	} else {
		v.setModelErrors()
	}
}

// setModelErrors says on the status line that the model has errors.
func (v *verifier) setModelErrors() {
	msg := "The model has errors; see the messages on the left."
	if v.qe != nil {
		msg = "The model has errors; see the marks in the editor and the messages on the left."
	}
	v.setStatus(msg, "failed")
	v.modelErrors = true
}

// clearModelErrors clears the status line when it says the model has
// errors: an edit fixed them.
func (v *verifier) clearModelErrors() {
	if v.modelErrors {
		v.setStatus("", "")
	}
}

// tickElapsed shows the wall-clock time of row r's check four times a
// second, even between the engine's progress frames, until it ends.
func (v *verifier) tickElapsed(t0 time.Time, r *queryRow) {
	for {
		time.Sleep(250 * time.Millisecond)
		if v.running != r {
			return
		}
		v.progressField("elapsed", "Elapsed", state.FormatFloat(time.Since(t0).Seconds())+" s")
	}
}

// showProgress shows a live snapshot, in the progress list and on the
// running query's row.
func (v *verifier) showProgress(p *protocol.Progress) {
	v.rowProgress(p)
	if p.Phase == "precomputing" {
		v.showPrecomputing(p)
		return
	}
	v.progressField("phase", "Phase", p.Phase)
	v.progressField("explored", "States explored", strconv.FormatInt(p.Explored, 10))
	v.progressField("stored", "States stored", strconv.FormatInt(p.Stored, 10))
	v.progressField("pruned", "States pruned", strconv.FormatInt(p.Pruned, 10))
	v.progressField("rate", "States / s", strconv.FormatFloat(p.Rate, 'f', 0, 64))
	v.progressField("engine-time", "Engine time", state.FormatFloat(float64(p.ElapsedMS)/1000)+" s")
	v.progressField("memory", "Engine memory", mib(int(p.MemBytes)))
}

// showPrecomputing shows a snapshot of a heuristic's precomputation:
// what it does, on which abstraction (a pattern, say), how far it got,
// and the table's memory so far (each when the heuristic says).
func (v *verifier) showPrecomputing(p *protocol.Progress) {
	v.progressField("phase", "Phase", p.Phase)
	if p.Step != "" {
		v.progressField("step", "Step", p.Step)
	}
	if p.Pattern != "" {
		v.progressField("pattern", "Abstraction", p.Pattern)
	}
	v.progressField("abstract", "Abstract states", strconv.FormatInt(p.Abstract, 10))
	if p.Layers > 0 {
		v.progressField("layers", "Distance layers", strconv.Itoa(p.Layers))
	}
	if p.TableBytes > 0 {
		v.progressField("table-memory", "Table memory", sizeText(p.TableBytes))
	}
	v.progressField("engine-time", "Engine time", state.FormatFloat(float64(p.ElapsedMS)/1000)+" s")
	v.progressField("memory", "Engine memory", mib(int(p.MemBytes)))
}

// progressField sets one <dt>/<dd> pair of the progress list, adding it
// on first use.
func (v *verifier) progressField(key, label, value string) {
	dd := v.doc.GetElementByID("p-" + key)
	if dd == nil {
		dl := v.byID(idProgress)
		dt := v.doc.CreateElement("dt")
		dt.SetTextContent(label)
		dd = v.doc.CreateElement("dd")
		dd.SetID("p-" + key)
		dl.AppendChild(dt)
		dl.AppendChild(dd)
	}
	dd.SetTextContent(value)
}

// showResult records a verdict and hands a trace to onTrace. A result
// for a version of the model since edited is only reported, as that.
func (v *verifier) showResult(res *protocol.Result, row *queryRow) {
	if row != nil && (v.checkKey != v.key || row.q.Formula != v.checkFormula) {
		v.staleResult(res, row)
		return
	}
	if row != nil {
		row.verdict, row.reason, row.answer = res.Verdict, res.Reason, ""
		if len(res.Values) > 0 {
			row.answer = valuesText(res.Formula, res.Values)
		}
		row.stats = rowStats(res.Explored, res.Seconds)
		if w := winnerLabel(res.Portfolio); w != "" {
			row.stats += ", by " + w
		}
		if res.Trace != nil {
			row.res = res
		}
		v.renderQueries()
	}
	stats := " Explored " + strconv.FormatInt(res.Explored, 10) + " states, stored " +
		strconv.FormatInt(res.Stored, 10) + ", in " + state.FormatFloat(res.Seconds) + " s."
	v.progressField("phase", "Phase", "done")
	v.progressField("explored", "States explored", strconv.FormatInt(res.Explored, 10))
	v.progressField("stored", "States stored", strconv.FormatInt(res.Stored, 10))
	// The last progress snapshot may predate the search's end (a short
	// search sends only its first): the result's totals are final.
	if res.Seconds > 0 {
		v.progressField("rate", "States / s", strconv.FormatFloat(float64(res.Explored)/res.Seconds, 'f', 0, 64))
		v.progressField("engine-time", "Engine time", state.FormatFloat(res.Seconds)+" s")
	}
	if res.Pruned > 0 {
		v.progressField("pruned", "States pruned", strconv.FormatInt(res.Pruned, 10))
	}
	if res.Symmetry != "" {
		v.progressField("symmetry", "Symmetry reduction", res.Symmetry)
	}
	if res.Order != "" {
		v.progressField("order", "Search order", res.Order)
	}
	if res.Workers > 1 {
		v.progressField("workers", "Workers", strconv.Itoa(res.Workers))
	}
	if res.Initial != "" {
		v.progressField("initial", "No state", res.Initial)
		stats = " No state: " + res.Initial + "." + stats
	}
	// A verdict reached by running out of states, some pruned as dead
	// ends, is a proof: say so in place of the bare statistics.
	if proof := proofText(res, v.catalog); proof != "" {
		stats = " " + strings.ToUpper(proof[:1]) + proof[1:] + ", stored " + strconv.FormatInt(res.Stored, 10) +
			", in " + state.FormatFloat(res.Seconds) + " s."
	}
	// A race names its winner, whose figures the rest are.
	if t := raceText(res.Portfolio); t != "" {
		stats = " " + t + stats
		if w := winnerLabel(res.Portfolio); w != "" {
			v.progressField("winner", "Decided by", w)
		}
	}
	if res.Workers > 1 {
		stats += " Searched by " + strconv.Itoa(res.Workers) + " workers."
	}
	v.setStatus(statusLine(res, stats))
	if b := v.batch; res.Trace != nil && row != nil && b != nil && b.many {
		b.traced = row // shown when the run ends
	} else if res.Trace != nil && v.model != nil {
		v.onTrace(res)
	}
	if row != nil {
		v.onChecked(res, "")
	}
}

// staleResult reports the result of a check started before the model
// or the query was edited: its verdict is the previous version's, so it
// marks no row and its trace is not shown.
func (v *verifier) staleResult(res *protocol.Result, row *queryRow) {
	if row.verdict == rowRunning {
		row.forget()
	}
	v.renderQueries()
	v.progressField("phase", "Phase", "done")
	v.setStatus("The model was edited during the check: "+v.checkFormula+" was "+res.Verdict.String()+
		" for the previous version. Check again for this one.", "")
}
