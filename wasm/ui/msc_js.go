//go:build js && wasm

// The message sequence chart of the trace or simulation in the player:
// drawn once per path, its current state marked as the player moves, a
// click on a row moving the player there.

package main

import (
	"strconv"
	"strings"

	"honnef.co/go/js/dom/v2"

	"beeline/web/render"
)

func (s *simulator) wireChart() {
	a := s.a
	a.byID(idMsc).AddEventListener("click", false, func(e dom.Event) {
		row := closest(e.Target(), "[data-step], [data-state]")
		if row == nil || s.player == nil {
			return
		}
		pos, err := strconv.Atoi(row.GetAttribute("data-state"))
		if err != nil {
			k, err := strconv.Atoi(row.GetAttribute("data-step"))
			if err != nil {
				return
			}
			pos = k + 1
		}
		s.do(func() { s.player.Pause(); s.player.Seek(pos) })
	})
	a.byID(idMscSvg).AddEventListener("click", false, func(e dom.Event) {
		e.PreventDefault()
		if s.tr == nil || a.names == nil {
			return
		}
		svg := render.SequenceChart(s.chart(-1), render.Options{Standalone: true, Theme: render.ThemeLight})
		download(a.doc, fileName(&figure{process: a.in.Name})+".msc.svg", []byte(svg), "image/svg+xml")
	})
}

// closest returns the nearest element from el up that matches sel.
func closest(el dom.Element, sel string) dom.Element {
	if el == nil {
		return nil
	}
	v := el.Underlying().Call("closest", sel)
	if v.IsNull() || v.IsUndefined() {
		return nil
	}
	return dom.WrapElement(v)
}

// chart describes the path in the player, state current marked.
func (s *simulator) chart(current int) render.MSC {
	title := strings.TrimSpace(s.a.byID(idTraceTitle).TextContent())
	if title != "" {
		title = "Trace " + title
	}
	return s.a.names.sequenceChart(s.tr, title, current)
}

// drawChart draws the chart of a newly opened path.
func (s *simulator) drawChart() {
	box := s.a.byID(idMsc)
	box.SetInnerHTML(render.SequenceChart(s.chart(s.player.Pos()), render.Options{Theme: theme(s.a.doc)}))
	svg := qs(box, "svg")
	if svg == nil {
		return
	}
	// One unit of the chart is one CSS pixel: the box scrolls instead of
	// shrinking the text.
	if vb, ok := parseViewBox(svg.GetAttribute("viewBox")); ok {
		svg.SetAttribute("width", strconv.FormatFloat(vb.W, 'f', -1, 64))
		svg.SetAttribute("height", strconv.FormatFloat(vb.H, 'f', -1, 64))
	}
	svg.SetAttribute("role", "img")
	svg.SetAttribute("aria-label", "Message sequence chart, "+strconv.Itoa(len(s.tr.Steps))+" steps")
}

// markChart marks state pos and the step into it, and scrolls them into
// the box.
func (s *simulator) markChart(pos int) {
	box := s.a.byID(idMsc)
	for _, el := range qsa(box, ".current, .fired") {
		el.Class().Remove("current")
		el.Class().Remove("fired")
	}
	cur := qs(box, `[data-state="`+strconv.Itoa(pos)+`"]`)
	if cur == nil {
		return
	}
	cur.Class().Add("current")
	if pos > 0 {
		if st := qs(box, `[data-step="`+strconv.Itoa(pos-1)+`"]`); st != nil {
			st.Class().Add("fired")
		}
	}
	// Keep the row in view inside the box only; the page itself stays.
	r, b := cur.GetBoundingClientRect(), box.GetBoundingClientRect()
	top := box.Underlying().Get("scrollTop").Float()
	switch {
	case r.Top() < b.Top()+40:
		box.Underlying().Set("scrollTop", top+r.Top()-b.Top()-40)
	case r.Bottom() > b.Bottom()-40:
		box.Underlying().Set("scrollTop", top+r.Bottom()-b.Bottom()+40)
	}
}

// restyleChart switches the chart to the page's theme.
func (s *simulator) restyleChart() {
	if svg := qs(s.a.byID(idMsc), "svg"); svg != nil {
		setTheme(svg, theme(s.a.doc))
	}
}
