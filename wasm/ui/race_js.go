//go:build js && wasm

// The auto order's race on the page: the members of core/portfolio run
// at once, each run a /check in a fresh worker, until one decides the
// query; the others' workers are terminated, and the table of the race
// under the progress list shows each member's part.

package main

import (
	"strconv"
	"syscall/js"
	"time"

	"honnef.co/go/js/dom/v2"

	"beeline/core/portfolio"
	"beeline/core/protocol"
)

// pageRace is one race of the auto order's members on one query row.
// Each run is its own job in a fresh worker, as every check is; the
// rules (core/portfolio.Race) say which run starts when, and when the
// race is over. Every frame handler runs on the page's one thread, so
// the race needs no lock.
type pageRace struct {
	v     *verifier
	row   *queryRow
	req   *protocol.Request // the check, with the user's options
	user  protocol.Options
	rules *portfolio.Race
	slots int
	// jobs are the runs going, by member; runs what each of them is;
	// members what the page knows of each member so far.
	jobs    map[int]*job
	runs    map[int]portfolio.Run
	members []memberRun
	started []time.Time
	at      time.Time
	// jobsMax is the most runs at once; found the result whose trace
	// is shown as found, not yet shortest.
	jobsMax int
	found   *protocol.Result
	done    bool
	// cells are the table rows' cells, by member (after the label).
	rows  []dom.Element
	cells [][6]dom.Element
}

// cores is navigator.hardwareConcurrency, 2 when the browser does not
// say.
func cores() int {
	n := global.Get("navigator").Get("hardwareConcurrency")
	if n.Type() != js.TypeNumber || n.Int() < 1 {
		return 2
	}
	return n.Int()
}

// checkRace races the auto order's members on row's query (req holds
// the user's options). Call it from a goroutine.
//
// only names the one member to race (a share link's winner), "" for all.
func (v *verifier) checkRace(req *protocol.Request, row *queryRow, only string) {
	shortest := req.Options.Trace == traceShortest
	members := portfolio.Members(shortest)
	if m, ok := memberNamed(only, shortest); ok && only != "" {
		members = []portfolio.Member{m}
	}
	slots := raceSlots(cores())
	rc := &pageRace{v: v, row: row, req: req, user: req.Options, slots: slots,
		rules: portfolio.NewRace(members, slots, shortest),
		jobs:  map[int]*job{}, runs: map[int]portfolio.Run{},
		members: make([]memberRun, len(members)), started: make([]time.Time, len(members)), at: time.Now()}
	v.race = rc
	rc.drawTable()
	v.setStatus("Checking "+row.q.Formula+": the auto order races "+strconv.Itoa(len(members))+" "+
		noun(len(members), "search", "searches")+", "+strconv.Itoa(min(slots, len(members)))+" at a time …", "")
	rc.startRuns()
	if !rc.done && rc.rules.Over() {
		rc.finish()
	}
}

// raceOnly has the next check, when it is a race on formula, run only
// the member called name (a share link's Winner), if the portfolio has
// one of that name; "" forgets it. The next check forgets it anyway.
func (v *verifier) raceOnly(name, formula string) { v.linkWinner, v.linkFormula = name, formula }

// memberNamed returns the member of the portfolio called name (a share
// link's Winner), among those for a shortest trace first.
func memberNamed(name string, shortest bool) (portfolio.Member, bool) {
	for _, ms := range [][]portfolio.Member{portfolio.Members(shortest), portfolio.Members(!shortest)} {
		for _, m := range ms {
			if m.Name() == name {
				return m, true
			}
		}
	}
	return portfolio.Member{}, false
}

// startRuns starts the runs the rules hand out.
func (rc *pageRace) startRuns() {
	for run, ok := rc.rules.Next(); ok && !rc.done; run, ok = rc.rules.Next() {
		rc.startRun(run)
	}
}

// startRun starts one run: a /check of the query with the member's
// options, in a fresh worker. A run the engine cannot start ends at once
// as the member's failure.
func (rc *pageRace) startRun(run portfolio.Run) {
	i := run.Member
	m := rc.rules.Members()[i]
	left := int64(0)
	if t := rc.user.TimeoutMS; t > 0 {
		left = max(t-time.Since(rc.at).Milliseconds(), 1)
	}
	opts, err := runOptions(rc.user, m, run, rc.slots, left)
	mr := &rc.members[i]
	mr.runs++
	mr.res, mr.failure, mr.probeSpent = nil, "", false
	rc.runs[i], rc.started[i] = run, time.Now()
	var j *job
	if err == nil {
		req := *rc.req
		req.Options = opts
		j, err = rc.v.engine.start("/check", &req, func(f protocol.Frame) {
			if !rc.done && rc.jobs[i] == j && j != nil {
				rc.frame(i, f)
			}
		})
	}
	if err != nil {
		mr.failure = err.Error()
		rc.ended(i)
		return
	}
	rc.jobs[i] = j
	rc.jobsMax = max(rc.jobsMax, len(rc.jobs))
	rc.showMember(i)
}

// frame handles one frame of member i's run.
func (rc *pageRace) frame(i int, f protocol.Frame) {
	mr := &rc.members[i]
	switch f.Kind {
	case protocol.FrameProgress:
		if f.Progress != nil {
			mr.progress = f.Progress
			rc.showMember(i)
			rc.showRow()
		}
	case protocol.FrameResult:
		mr.res = f.Result
	case protocol.FrameError:
		mr.failure = f.Message
		if mr.failure == "" && len(f.Diagnostics) > 0 {
			mr.failure = f.Diagnostics[0].Message
		}
	case protocol.FrameDone:
		rc.ended(i)
	}
}

// ended reads how member i's run ended, tells the rules, stops the runs
// that can no longer change the outcome, and starts the next ones, or
// ends the race.
func (rc *pageRace) ended(i int) {
	run := rc.runs[i]
	delete(rc.jobs, i)
	mr := &rc.members[i]
	mr.seconds += time.Since(rc.started[i]).Seconds()
	e := runEnd(mr.res, mr.failure != "", run, rc.rules.Members()[i], rc.user.MaxStates)
	mr.probeSpent = e.How == portfolio.ProbeSpent
	rc.rules.End(run, e)
	for !rc.rules.Over() {
		obsolete := rc.rules.Obsolete()
		if len(obsolete) == 0 {
			break
		}
		for _, o := range obsolete {
			rc.stopRun(o)
		}
	}
	if f := rc.rules.Found(); f >= 0 && !rc.rules.Over() {
		rc.showFound(f)
	}
	if !rc.rules.Over() {
		rc.startRuns()
	}
	rc.showMembers()
	if rc.rules.Over() {
		rc.finish()
	}
}

// stopRun terminates member i's run, which the rules gave up on; its end
// only frees its slot.
func (rc *pageRace) stopRun(i int) {
	if j := rc.jobs[i]; j != nil {
		j.stop()
		delete(rc.jobs, i)
		rc.members[i].seconds += time.Since(rc.started[i]).Seconds()
	}
	rc.rules.End(rc.runs[i], portfolio.End{How: portfolio.Stopped})
}

// showFound shows the trace of member f, which decided the verdict but
// is not known to be shortest, and says so while the members that
// guarantee a shortest trace search on.
func (rc *pageRace) showFound(f int) {
	res := rc.members[f].res
	if res == nil {
		return
	}
	rc.v.setStatus(foundText(rc.rules, res), "")
	if rc.found != res && res.Trace != nil && rc.v.model != nil && rc.v.checkKey == rc.v.key &&
		(rc.v.batch == nil || !rc.v.batch.many) {
		rc.found = res
		rc.v.onTrace(res)
	}
}

// stopAll terminates every run still going. No worker of the race is
// left running after it.
func (rc *pageRace) stopAll() {
	for i, j := range rc.jobs {
		j.stop()
		rc.members[i].seconds += time.Since(rc.started[i]).Seconds()
	}
	clear(rc.jobs)
}

// finish ends the race once the rules say it is over: the runs still
// going are stopped, and its outcome is the row's result.
func (rc *pageRace) finish() {
	if rc.done {
		return
	}
	rc.stopAll()
	rc.done = true
	v := rc.v
	if v.race == rc {
		v.race = nil
	}
	rc.showMembers()
	v.progressField("racing", "Searches running", "0")
	res, failure := raceResult(rc.rules, rc.members, max(rc.jobsMax, 1))
	rc.showOutcome(res)
	if res == nil {
		v.showError(protocol.Frame{Kind: protocol.FrameError, Message: failure}, rc.row)
	} else {
		if res.Query < 0 {
			res.Query, res.Formula = rc.row.q.Index, rc.row.q.Formula
		}
		v.showResult(res, rc.row)
	}
	v.jobDone(rc.row)
}

// cancel stops the race (Cancel, a new model): every run is terminated,
// and the table says which members were stopped.
func (rc *pageRace) cancel() {
	if rc.done {
		return
	}
	rc.stopAll()
	rc.done = true
	for i := range rc.members {
		if c := rc.cells; i < len(c) {
			st := ""
			switch rc.rules.State(i) {
			case portfolio.Running, portfolio.Queued:
				st = portfolio.Lost.String()
			case portfolio.Waiting:
				st = portfolio.Unstarted.String()
			}
			if st != "" {
				c[i][0].SetTextContent(st)
				rc.rows[i].SetAttribute("data-state", st)
			}
		}
	}
	rc.v.byID(idRace).SetAttribute("data-state", "cancelled")
}

// drawTable shows the table of the race, one row per member, in the
// order they start.
func (rc *pageRace) drawTable() {
	v := rc.v
	box := v.byID(idRace)
	box.RemoveAttribute("hidden")
	box.RemoveAttribute("data-winner")
	box.SetAttribute("data-state", "running")
	box.SetAttribute("open", "")
	v.byID(idRaceSummary).SetTextContent("Auto: the searches racing")
	body := v.byID(idRaceRows)
	body.SetInnerHTML("")
	ms := rc.rules.Members()
	rc.rows, rc.cells = make([]dom.Element, len(ms)), make([][6]dom.Element, len(ms))
	for i, m := range ms {
		tr := v.doc.CreateElement("tr")
		tr.SetAttribute("data-member", m.Name())
		th := v.doc.CreateElement("th")
		th.SetAttribute("scope", "row")
		th.SetTextContent(m.Label)
		tr.AppendChild(th)
		for k := range rc.cells[i] {
			td := v.doc.CreateElement("td")
			tr.AppendChild(td)
			rc.cells[i][k] = td
		}
		body.AppendChild(tr)
		rc.rows[i] = tr
		rc.showMember(i)
	}
}

// showMembers updates every member's row.
func (rc *pageRace) showMembers() {
	for i := range rc.members {
		rc.showMember(i)
	}
}

// showMember updates member i's row of the table.
func (rc *pageRace) showMember(i int) {
	if i >= len(rc.cells) {
		return
	}
	cells := memberCells(rc.rules, i, &rc.members[i])
	for k, c := range cells {
		if rc.cells[i][k].TextContent() != c {
			rc.cells[i][k].SetTextContent(c)
		}
	}
	rc.rows[i].SetAttribute("data-state", rc.rules.State(i).String())
}

// showRow shows the race's progress on its query row and in the
// progress list: the states the members explored so far, all together
// (the result then shows the winner's), and the searches running.
func (rc *pageRace) showRow() {
	r := rc.row
	var explored, stored int64
	for i := range rc.members {
		explored += rc.members[i].explored()
		if p := rc.members[i].progress; p != nil {
			stored += p.Stored
		}
	}
	v := rc.v
	v.progressField("explored", "States explored", strconv.FormatInt(explored, 10))
	v.progressField("stored", "States stored", strconv.FormatInt(stored, 10))
	v.progressField("racing", "Searches running", strconv.Itoa(len(rc.jobs)))
	r.stats = rowStats(explored, time.Since(rc.at).Seconds()) + ", " + strconv.Itoa(len(rc.jobs)) + " " +
		noun(len(rc.jobs), "search", "searches") + " racing"
	if i := v.indexOf(r); i >= 0 && r.els != nil {
		v.updateRow(i, r)
	}
}

// showOutcome titles the table of the race with its outcome, and marks
// the winner.
func (rc *pageRace) showOutcome(res *protocol.Result) {
	v := rc.v
	box := v.byID(idRace)
	box.SetAttribute("data-state", "done")
	title := "Auto: no search decided the query"
	if res != nil && res.Portfolio != nil {
		if w := winnerLabel(res.Portfolio); w != "" {
			title = "Auto: decided by " + w
			box.SetAttribute("data-winner", winnerName(res.Portfolio))
		}
		if res.Portfolio.NotShortest {
			title += " (trace not known to be shortest)"
		}
	}
	v.byID(idRaceSummary).SetTextContent(title + " — the searches raced")
}

// hideRace hides the table of the last race: a check that does not race
// begins.
func (v *verifier) hideRace() {
	box := v.byID(idRace)
	box.SetAttribute("hidden", "")
	box.RemoveAttribute("data-state")
	box.RemoveAttribute("data-winner")
	v.byID(idRaceRows).SetInnerHTML("")
}
