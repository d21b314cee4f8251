//go:build js && wasm

// The simulator: the transitions enabled in the state shown, picked by
// hand or at random, with a delay in concrete mode. Every step asks the
// engine (POST /simulate, in a fresh worker) to replay the path and say
// what comes next; the path itself lives in the player (sim_js.go).

package main

import (
	"strconv"

	"honnef.co/go/js/dom/v2"

	"beeline/core/protocol"
	"beeline/core/share"
	"beeline/wasm/ui/state"
)

func (s *simulator) wireSimulation() {
	a := s.a
	a.byID(idSimReset).AddEventListener("click", false, func(dom.Event) { go s.reset() })
	a.byID(idSimRandom).AddEventListener("click", false, func(dom.Event) { go s.random() })
	a.byID(idSimMode).AddEventListener("change", false, func(dom.Event) {
		s.en = enabledSet{at: -1}
		s.showChoices()
	})
	a.byID(idSimDelay).AddEventListener("input", false, func(dom.Event) { s.checkDelay() })
}

// concrete reports whether the simulator is in concrete mode.
func (s *simulator) concrete() bool {
	return s.a.menu(idSimMode).Value() == "concrete"
}

func (s *simulator) stopJob() {
	if s.job != nil {
		s.job.stop()
		s.job = nil
	}
}

// request asks the engine for the path steps, extended by random random
// steps, and hands the answer to done. A request replaces the one under
// way. Call it from a goroutine.
func (s *simulator) request(steps []protocol.SimStep, random int, done func(*protocol.Simulation)) {
	a := s.a
	if a.in == nil || a.model == nil {
		return
	}
	s.stopJob()
	seed := a.verifier.options().Seed
	if random > 0 {
		s.runs++
		seed += s.runs
	}
	req := &protocol.Request{Name: a.in.Name, Model: a.in.Model, QueryFiles: a.in.QueryFiles,
		Options: protocol.Options{Seed: seed}, Sim: &protocol.SimRequest{Concrete: s.concrete(), Steps: steps, Random: random}}
	var j *job
	j, err := a.engine.start("/simulate", req, func(f protocol.Frame) {
		if s.job != j {
			return
		}
		switch f.Kind {
		case protocol.FrameSim:
			if f.Sim != nil && f.Sim.Trace != nil {
				done(f.Sim)
			}
		case protocol.FrameError:
			s.note("The simulator failed: "+f.Message, true)
		case protocol.FrameDone:
			s.job = nil
		}
	})
	if err != nil {
		s.note("The engine is not available: "+err.Error(), true)
		return
	}
	if !j.done {
		s.job = j
	}
}

// reset starts a simulation in the initial state.
func (s *simulator) reset() {
	s.request(nil, 0, func(sim *protocol.Simulation) {
		s.openSim(sim, 0)
		s.focusChoices()
	})
}

// openSim shows a simulated path at state pos; the transitions enabled
// at its end come with it.
func (s *simulator) openSim(sim *protocol.Simulation, pos int) {
	s.open(sim.Trace, "", nil, pos)
	s.en = enabledSet{at: len(sim.Trace.States) - 1, list: sim.Enabled, wait: sim.Wait}
	s.show()
	s.note(sim.Error, sim.Error != "")
}

// focusChoices puts the keyboard on the first enabled transition, or on
// the step list when there is none.
func (s *simulator) focusChoices() {
	if b := qs(s.a.byID(idEnabled), "button"); b != nil {
		if el, ok := b.(dom.HTMLElement); ok {
			el.Focus()
		}
		return
	}
	s.a.byID(idSteps).Focus()
}

// pick takes enabled transition i from the state shown; the path after
// that state is dropped, as in UPPAAL's simulator.
func (s *simulator) pick(i int) {
	if s.player == nil || s.en.at != s.player.Pos() || i < 0 || i >= len(s.en.list) {
		return
	}
	c := s.en.list[i]
	pos := s.player.Pos()
	step := protocol.SimStep{Edges: c.Edges}
	if s.concrete() {
		num, den, ok := s.delayFor(c)
		if !ok {
			return
		}
		step.Delay, step.Den = num, den
	}
	steps := append(simSteps(s.tr, pos), step)
	s.request(steps, 0, func(sim *protocol.Simulation) {
		s.openSim(sim, len(sim.Trace.States)-1)
		if sim.Error == "" {
			s.a.input(idSimDelay).SetValue("")
		}
		s.focusChoices()
	})
}

// delayFor reads the delay field for transition c: empty means the
// earliest delay that enables c. A delay outside c's is refused in the
// note.
func (s *simulator) delayFor(c protocol.SimChoice) (num, den int64, ok bool) {
	text := s.a.input(idSimDelay).Value()
	if text == "" {
		num, den = earliest(c.When)
		return num, den, true
	}
	num, den, err := state.ParseRat(text)
	if err != nil {
		s.note(err.Error(), true)
		return 0, 0, false
	}
	if !contains(c.When, num, den) {
		s.note("This transition can be taken after a delay in "+intervalText(c.When)+", not "+text+".", true)
		return 0, 0, false
	}
	return num, den, true
}

// checkDelay marks the delay field and the transitions it allows.
func (s *simulator) checkDelay() {
	in := s.a.input(idSimDelay)
	num, den, err := state.ParseRat(in.Value())
	switch {
	case err != nil:
		in.SetAttribute("aria-invalid", "true")
		s.note(err.Error(), true)
		return
	case in.Value() != "" && s.en.wait != nil && !contains(s.en.wait, num, den):
		in.SetAttribute("aria-invalid", "true")
		s.note("The invariants allow a delay in "+intervalText(s.en.wait)+" here.", true)
		return
	}
	if in.GetAttribute("aria-invalid") == "true" {
		in.RemoveAttribute("aria-invalid")
		s.note("", false)
	}
	for _, b := range qsa(s.a.byID(idEnabled), "button") {
		i, _ := strconv.Atoi(b.GetAttribute("data-choice"))
		off := in.Value() != "" && i < len(s.en.list) && !contains(s.en.list[i].When, num, den)
		setClass(b, "off", off)
	}
}

// random takes a run of random transitions from the state shown, and
// plays it.
func (s *simulator) random() {
	pos := 0
	if s.player != nil {
		pos = s.player.Pos()
	}
	n, _ := strconv.Atoi(s.a.menu(idSimRandomSteps).Value())
	s.request(simSteps(s.tr, pos), max(n, 1), func(sim *protocol.Simulation) {
		s.openSim(sim, pos)
		s.do(s.player.Play)
	})
}

// showChoices lists the transitions enabled in the state shown, asking
// the engine for them when they are not known and the player rests.
func (s *simulator) showChoices() {
	a := s.a
	concrete := s.concrete()
	if concrete {
		a.byID(idDelayRow).RemoveAttribute("hidden")
	} else {
		a.byID(idDelayRow).SetAttribute("hidden", "")
	}
	list := a.byID(idEnabled)
	if s.player == nil {
		list.SetInnerHTML("")
		return
	}
	pos := s.player.Pos()
	if s.en.at != pos {
		s.en.drawn = false
		list.SetInnerHTML("")
		list.SetAttribute("aria-busy", "true")
		a.byID(idSimWait).SetTextContent("")
		if !s.player.Playing() {
			go s.request(simSteps(s.tr, pos), 0, func(sim *protocol.Simulation) {
				if s.player == nil || s.player.Pos() != pos || len(sim.Trace.States) != pos+1 {
					s.note(sim.Error, sim.Error != "")
					return
				}
				s.en = enabledSet{at: pos, list: sim.Enabled, wait: sim.Wait}
				s.showChoices()
			})
		}
		return
	}
	if s.en.drawn {
		return
	}
	s.en.drawn = true
	list.SetInnerHTML("")
	list.SetAttribute("aria-busy", "false")
	list.SetAttribute("data-at", strconv.Itoa(pos))
	if concrete && s.en.wait != nil {
		a.byID(idSimWait).SetTextContent("may wait " + intervalText(s.en.wait))
	} else {
		a.byID(idSimWait).SetTextContent("")
	}
	if len(s.en.list) == 0 {
		li := a.doc.CreateElement("li")
		li.SetAttribute("class", "none")
		li.SetTextContent("No transition is enabled here.")
		list.AppendChild(li)
	}
	for i, c := range s.en.list {
		li := a.doc.CreateElement("li")
		b := a.doc.CreateElement("button").(*dom.HTMLButtonElement)
		b.SetAttribute("type", "button")
		b.SetAttribute("data-choice", strconv.Itoa(i))
		text := a.names.choiceText(c)
		if concrete {
			text += "  at " + intervalText(c.When)
		}
		if i < 9 {
			b.SetAttribute("aria-keyshortcuts", strconv.Itoa(i+1))
			key := a.doc.CreateElement("kbd")
			key.SetTextContent(strconv.Itoa(i + 1))
			b.AppendChild(key)
		}
		label := a.doc.CreateElement("span")
		label.SetTextContent(text)
		b.AppendChild(label)
		b.AddEventListener("click", false, func(dom.Event) { go s.pick(i) })
		li.AppendChild(b)
		list.AppendChild(li)
	}
	s.checkDelay()
}

// note writes the simulator's message; bad marks an error.
func (s *simulator) note(msg string, bad bool) {
	n := s.a.byID(idSimNote)
	n.SetTextContent(msg)
	if bad {
		n.SetAttribute("class", "note bad")
	} else {
		n.SetAttribute("class", "note muted")
	}
}

// replayLink opens a simulation a share link carries, at its step.
func (s *simulator) replayLink(l *share.Link) {
	mode := s.a.menu(idSimMode)
	if l.Sim == "concrete" || l.Sim == "symbolic" {
		mode.SetValue(l.Sim)
	}
	tr := &protocol.Trace{Den: max(l.Den, 1), Steps: l.Steps}
	s.request(simSteps(tr, len(l.Steps)), 0, func(sim *protocol.Simulation) {
		pos := min(l.Step, len(sim.Trace.States)-1)
		s.openSim(sim, pos)
		if sim.Error == "" {
			s.a.notify("Opened a shared simulation at state "+strconv.Itoa(pos)+".", false)
		}
	})
}
