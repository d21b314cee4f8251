//go:build js && wasm

// The simulator area: the trace player, its step list, the values panel,
// highlighting on the drawings, and the keys.

package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"beeline/core/protocol"
	"beeline/wasm/ui/state"
)

// rowPx is the height of one step row; the list draws only the rows in
// view, so thousands of steps cost no more than twenty.
const rowPx = 32

type simulator struct {
	a       *app
	res     *protocol.Result
	tr      *protocol.Trace
	formula string
	player  *state.Player
	figs    []*figure // by process index

	raf     js.Func
	lastTS  float64
	running bool

	// The simulator proper (simulate_js.go): the /simulate request under
	// way, what is enabled in a state of the path, and the random runs
	// started so far (mixed into the seed).
	job  *job
	en   enabledSet
	runs uint64
}

// enabledSet is what the simulator knows of the transitions enabled in
// state at of the path (-1: nothing yet): the transitions, the delays
// that state allows (concrete mode), and whether the list on the page
// shows them. A new set is a new value, so it is never taken as drawn.
type enabledSet struct {
	at    int
	list  []protocol.SimChoice
	wait  *protocol.Interval
	drawn bool
}

func newSimulator(a *app) *simulator {
	s := &simulator{a: a, en: enabledSet{at: -1}}
	s.raf = js.FuncOf(func(_ js.Value, args []js.Value) any {
		s.frame(arg0(args).Float())
		return nil
	})
	return s
}

func (s *simulator) wire() {
	a := s.a
	click := func(id string, f func()) {
		a.byID(id).AddEventListener("click", false, func(dom.Event) { s.do(f) })
	}
	click(idFirst, func() { s.player.First() })
	click(idBack, func() { s.player.Back() })
	click(idPlay, func() { s.player.Toggle() })
	click(idForward, func() { s.player.Forward() })
	click(idLast, func() { s.player.Last() })
	click(idReplay, func() { s.player.Replay() })
	a.byID(idSimClose).AddEventListener("click", false, func(dom.Event) { s.close() })
	speed := a.menu(idSpeed)
	speed.AddEventListener("change", false, func(dom.Event) {
		if v, err := strconv.ParseFloat(speed.Value(), 64); err == nil && s.player != nil {
			s.player.SetSpeed(v)
		}
	})
	a.byID(idShowZone).AddEventListener("change", false, func(dom.Event) { s.showValues() })
	a.byID(idSteps).AddEventListener("scroll", false, func(dom.Event) { s.drawRows() })
	a.byID(idTraceJson).AddEventListener("click", false, func(e dom.Event) {
		e.PreventDefault()
		s.exportJSON()
	})
	a.doc.AddEventListener("keydown", false, func(e dom.Event) { s.key(e.(*dom.KeyboardEvent)) })
	s.wireSimulation()
	s.wireChart()
}

// do runs a player command and shows the result.
func (s *simulator) do(f func()) {
	if s.player == nil {
		return
	}
	f()
	s.show()
	if s.player.Playing() && !s.running {
		s.running = true
		s.lastTS = -1
		global.Call("requestAnimationFrame", s.raf)
	}
}

// key maps UPPAAL's simulator keys; typing in a field is left alone.
func (s *simulator) key(e *dom.KeyboardEvent) {
	if s.player == nil || e.CtrlKey() || e.MetaKey() || e.AltKey() {
		return
	}
	switch e.Target().TagName() {
	case "INPUT", "TEXTAREA", "SELECT", "BUTTON":
		if e.Key() == " " || e.Target().TagName() != "BUTTON" {
			return
		}
	}
	var f func()
	switch e.Key() {
	case " ":
		f = s.player.Toggle
	case "ArrowRight", "a", "A":
		f = s.player.Forward
	case "ArrowLeft", "q", "Q":
		f = s.player.Back
	case "f", "F", "Home":
		f = s.player.First
	case "l", "L", "End":
		f = s.player.Last
	case "p", "P":
		f = s.player.Replay
	case "1", "2", "3", "4", "5", "6", "7", "8", "9":
		i := int(e.Key()[0] - '1')
		e.PreventDefault()
		go s.pick(i)
		return
	default:
		return
	}
	e.PreventDefault()
	s.do(f)
}

// frame is the requestAnimationFrame callback while playing: it advances
// the player by the wall-clock time since the last frame.
func (s *simulator) frame(ts float64) {
	if s.player == nil || !s.player.Playing() {
		s.running = false
		s.show()
		return
	}
	if s.lastTS >= 0 {
		if s.player.Tick((ts - s.lastTS) / 1000) {
			s.show()
		} else {
			s.showValues()
		}
	}
	s.lastTS = ts
	global.Call("requestAnimationFrame", s.raf)
}

func (s *simulator) clear() {
	s.stopJob()
	s.res, s.tr, s.player = nil, nil, nil
	s.en = enabledSet{at: -1}
	s.a.byID(idSimulator).SetAttribute("hidden", "")
	s.a.doc.Body().RemoveAttribute("data-sim")
}

// close closes the simulator: the drawings go back to the workbench's
// layout, without a state on them.
func (s *simulator) close() {
	s.clear()
	for _, f := range s.a.drawings.figs {
		f.showState(nil)
	}
	s.a.doc.Body().RemoveAttribute("data-step")
	s.a.byID(idSimulate).(dom.HTMLElement).Focus()
}

// simLayout reports whether the page is laid out for the simulator: the
// simulator and the drawings side by side, each as tall as the window.
func (a *app) simLayout() bool { return a.doc.Body().GetAttribute("data-sim") == "on" }

// openLayout switches the page to the simulator's layout, and scrolls
// it to the top of the simulator when it was not in it (out of
// presentation mode, which has a layout of its own).
func (s *simulator) openLayout() {
	a := s.a
	if a.simLayout() {
		return
	}
	a.doc.Body().SetAttribute("data-sim", "on")
	if !a.presenting() {
		// In the next frame, once the trace is shown: scrolling now would
		// lay the page out for it, and again for the trace.
		nextFrame(func() { a.byID(idSimulator).Underlying().Call("scrollIntoView", map[string]any{"block": "start"}) })
	}
}

// load shows a result's trace at its initial state, paused.
func (s *simulator) load(res *protocol.Result) {
	s.open(res.Trace, res.Formula, res, 0)
	s.show()
}

// open puts a trace (a check's result, or a simulated path when res is
// nil) in the player at state pos, paused; the caller shows it.
func (s *simulator) open(tr *protocol.Trace, formula string, res *protocol.Result, pos int) {
	s.res, s.tr, s.formula = res, tr, formula
	s.en = enabledSet{at: -1}
	s.player = state.NewPlayer(state.Delays(tr))
	if head, ok := lassoHead(tr); ok {
		s.player.SetLoop(head)
	}
	if v, err := strconv.ParseFloat(s.a.menu(idSpeed).Value(), 64); err == nil {
		s.player.SetSpeed(v)
	}
	s.figs = make([]*figure, len(s.a.model.Processes))
	for p := range s.figs {
		s.figs[p] = s.a.drawings.figureOf(p)
	}
	a := s.a
	sim := a.byID(idSimulator)
	sim.RemoveAttribute("hidden")
	s.openLayout()
	// How the run goes on after the last state, for styles and tests:
	// data-end is "" (a goal), "loop", "delay" or "deadlock"; data-loop
	// is a lasso's loop head.
	sim.SetAttribute("data-end", s.tr.End)
	if head, ok := lassoHead(s.tr); ok {
		sim.SetAttribute("data-loop", strconv.Itoa(head))
	} else {
		sim.RemoveAttribute("data-loop")
	}
	if res != nil {
		a.byID(idTraceTitle).SetTextContent(traceTitle(formula, s.tr))
	} else {
		a.byID(idTraceTitle).SetTextContent(simTitle(s.concrete(), len(tr.Steps)))
	}
	steps := a.byID(idSteps)
	steps.SetInnerHTML("")
	spacer := a.doc.CreateElement("div").(dom.HTMLElement)
	spacer.SetAttribute("class", "spacer")
	spacer.Style().SetProperty("height", strconv.Itoa(s.player.Len()*rowPx)+"px", "")
	steps.AppendChild(spacer)
	setScroll(steps, 0)
	s.player.Seek(pos)
	s.drawChart()
}

// show draws the current state everywhere.
func (s *simulator) show() {
	if s.player == nil {
		return
	}
	pos := s.player.Pos()
	fired := map[int][]int{}
	if pos > 0 {
		for _, e := range s.tr.Steps[pos-1].Edges {
			fired[e.Process] = append(fired[e.Process], s.a.names.edgeIndex(e.Process, e.Edge))
		}
	}
	st := s.tr.States[pos]
	on := map[*figure][]instState{}
	var figs []*figure
	for p, f := range s.figs {
		if f == nil || p >= len(st.Locs) {
			continue
		}
		name := s.a.model.Processes[p].Name
		if f.procs != nil && s.a.drawings.hidden[name] {
			continue
		}
		if _, ok := on[f]; !ok {
			figs = append(figs, f)
		}
		on[f] = append(on[f], instState{name: name, loc: s.a.names.locationID(p, st.Locs[p]), fired: fired[p]})
	}
	for _, f := range figs {
		f.showState(on[f])
	}
	play := s.a.byID(idPlay)
	if s.player.Playing() {
		play.SetTextContent("❚❚")
		play.SetAttribute("aria-label", "Pause")
	} else {
		play.SetTextContent("▶")
		play.SetAttribute("aria-label", "Play")
	}
	s.a.byID(idStepOf).SetTextContent(stepOf(s.tr, pos))
	s.a.doc.Body().SetAttribute("data-step", strconv.Itoa(pos))
	s.scrollTo(pos)
	s.drawRows()
	s.showValues()
	s.markChart(pos)
	s.showChoices()
	s.a.drawings.keepInView(s.movedFigures(fired))
}

// movedFigures lists the figures of the processes that moved in the
// step shown (fired: their edges by process), with each the element
// showing the process: its marker on a group's figure, else its active
// location.
func (s *simulator) movedFigures(fired map[int][]int) []movedFigure {
	var out []movedFigure
	for p := range s.figs {
		f := s.figs[p]
		if f == nil || len(fired[p]) == 0 || f.el.HasAttribute("hidden") {
			continue
		}
		var mark dom.Element
		if f.procs != nil {
			mark = qs(f.svg, `.instance[data-process="`+cssEscape(s.a.model.Processes[p].Name)+`"]`)
		} else {
			mark = qs(f.svg, ".location.active")
		}
		out = append(out, movedFigure{f, mark})
	}
	return out
}

// scrollTo keeps row pos in view.
func (s *simulator) scrollTo(pos int) {
	steps := s.a.byID(idSteps)
	top, h := steps.Underlying().Get("scrollTop").Int(), steps.Underlying().Get("clientHeight").Int()
	y := pos * rowPx
	if y < top {
		setScroll(steps, y)
	} else if y+rowPx > top+h {
		setScroll(steps, y+rowPx-h)
	}
}

// drawRows draws the step rows in view (plus one), replacing the others.
func (s *simulator) drawRows() {
	if s.player == nil {
		return
	}
	steps := s.a.byID(idSteps)
	for _, r := range qsa(steps, ".row") {
		r.Remove()
	}
	first := steps.Underlying().Get("scrollTop").Int() / rowPx
	last := min(s.player.Len()-1, first+steps.Underlying().Get("clientHeight").Int()/rowPx+1)
	for i := first; i <= last; i++ {
		row := s.row(i)
		row.AddEventListener("click", false, func(dom.Event) { s.do(func() { s.player.Pause(); s.player.Seek(i) }) })
		steps.AppendChild(row)
	}
}

// row makes the row of state i: the step into it and, on a liveness
// trace, the mark of the loop or of the end beside it.
func (s *simulator) row(i int) dom.HTMLElement {
	row := s.a.doc.CreateElement("div").(dom.HTMLElement)
	m := endMark(s.tr, i)
	row.SetAttribute("class", strings.TrimSpace("row "+m.class))
	row.SetAttribute("role", "option")
	row.SetAttribute("data-step", strconv.Itoa(i))
	if i == s.player.Pos() {
		row.Class().Add("current")
		row.SetAttribute("aria-selected", "true")
	}
	row.Style().SetProperty("top", strconv.Itoa(i*rowPx)+"px", "")
	text := s.a.doc.CreateElement("span")
	text.SetAttribute("class", "text")
	text.SetTextContent(s.a.names.stepText(s.tr, i))
	row.AppendChild(text)
	if m.label != "" {
		mark := s.a.doc.CreateElement("span")
		mark.SetAttribute("class", "mark")
		mark.SetTextContent(m.label)
		row.AppendChild(mark)
		row.SetAttribute("title", m.label)
	} else {
		row.SetAttribute("title", text.TextContent()) // a narrow list cuts it
	}
	return row
}

// showValues fills the variables and clocks tables; clocks run while a
// delay is animated.
func (s *simulator) showValues() {
	if s.player == nil {
		return
	}
	pos := s.player.Pos()
	st := s.tr.States[pos]
	vars := make([][2]string, 0, len(st.Vars))
	for i, v := range st.Vars {
		name := "v" + strconv.Itoa(i)
		if i < len(s.a.model.Variables) {
			name = s.a.model.Variables[i]
		}
		vars = append(vars, [2]string{name, strconv.Itoa(int(v))})
	}
	s.fillTable(idVars, vars)
	elapsed := s.player.Elapsed()
	cs := state.Clocks(s.tr, pos, elapsed)
	clocks := make([][2]string, 0, len(cs))
	for i, c := range cs {
		v := state.FormatFloat(c)
		if elapsed == 0 && i+1 < len(st.Clocks) {
			v = state.FormatRat(st.Clocks[i+1], s.tr.Den)
		}
		clocks = append(clocks, [2]string{s.tr.Clocks[i+1], v})
	}
	s.fillTable(idClocks, clocks)
	zone := s.a.byID(idZone)
	if s.a.input(idShowZone).Checked() {
		zone.SetTextContent(st.Zone)
		zone.RemoveAttribute("hidden")
	} else {
		zone.SetAttribute("hidden", "")
	}
}

// fillTable writes name/value rows, reusing the rows already there so a
// 60 Hz clock animation does not rebuild the table.
func (s *simulator) fillTable(id string, rows [][2]string) {
	body := qs(s.a.byID(id), "tbody")
	trs := qsa(body, "tr")
	if len(trs) != len(rows) {
		body.SetInnerHTML("")
		trs = trs[:0]
		for range rows {
			tr := s.a.doc.CreateElement("tr")
			tr.AppendChild(s.a.doc.CreateElement("td"))
			tr.AppendChild(s.a.doc.CreateElement("td"))
			body.AppendChild(tr)
			trs = append(trs, tr)
		}
	}
	for i, r := range rows {
		tds := qsa(trs[i], "td")
		if tds[0].TextContent() != r[0] {
			tds[0].SetTextContent(r[0])
		}
		if tds[1].TextContent() != r[1] {
			tds[1].SetTextContent(r[1])
		}
	}
}

// traceFile is the JSON export of a trace: enough to tell which model and
// query it belongs to.
type traceFile struct {
	Format    string           `json:"format"`
	Version   int              `json:"version"`
	Model     string           `json:"model"`
	ModelHash string           `json:"model_hash"`
	Formula   string           `json:"formula"`
	Verdict   protocol.Verdict `json:"verdict"`
	Options   protocol.Options `json:"options"`
	Trace     *protocol.Trace  `json:"trace"`
}

func (s *simulator) exportJSON() {
	if s.tr == nil || s.a.model == nil {
		return
	}
	tf := traceFile{Format: "beeline-trace", Version: protocol.Version, Model: s.a.in.Name,
		ModelHash: s.a.model.Hash, Formula: s.formula, Verdict: s.res.Verdict, Options: s.a.verifier.options(), Trace: s.tr}
	data, err := json.MarshalIndent(tf, "", " ")
	if err != nil {
		s.a.notify("Cannot export the trace: "+err.Error(), true)
		return
	}
	download(s.a.doc, fileName(&figure{process: s.a.in.Name})+".trace.json", data, "application/json")
}

func setScroll(el dom.HTMLElement, y int) { el.Underlying().Set("scrollTop", y) }
