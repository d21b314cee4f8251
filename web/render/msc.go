// Message sequence charts: a trace drawn as lifelines and messages.

package render

import (
	"strconv"
	"strings"
)

// MSC is what a message sequence chart shows: the processes of a system
// and a sequence of steps between its states. State 0 is the first state
// and step K leads from state K to state K+1.
type MSC struct {
	// Title names the chart (its <title>, and the heading of a standalone
	// file); "Message sequence chart" when empty.
	Title     string
	Processes []string // lifeline names, left to right
	// Initial holds the location name of each process in state 0, in the
	// order of Processes; nil or "" when unknown.
	Initial []string
	Steps   []MSCStep
	// Current is the index of the state to highlight, from 0 to
	// len(Steps); any other value (-1 by convention) highlights none.
	// The zero value highlights the first state.
	Current int
}

// MSCStep is one transition of a trace. Process indices refer to
// MSC.Processes; indices out of range, a receiver equal to the sender and
// repeated receivers are not drawn.
type MSCStep struct {
	Delay     string // the delay before the step, printed as "δ=Delay"; "" for none
	Sender    int    // the sending process, or the one taking an internal edge
	Receivers []int  // the receiving processes; none for an internal transition
	Channel   string // the channel as written, without '!' or '?'; "" for internal
	Label     string // the whole transition in words, the step's tooltip
	// Locations holds the location name of every process after the step,
	// in the order of Processes; nil when unknown.
	Locations []string
}

// Chart geometry, in the units of the automata drawings.
const (
	mscMinGap    = 96.0 // between lifelines, however short the names
	mscPad       = 8.0  // around text that must not touch a line
	mscBoxHeight = 24.0 // the name box at the top of a lifeline
	mscStateRow  = 18.0 // a state: the location names that change in it
	mscStepRow   = 30.0 // a step: its channel label, then its arrow
	mscArrowY    = 20.0 // from a step row's top to its arrow
	mscLabelY    = 15.0 // from a step row's top to its label's baseline
	mscTick      = 4.0  // radius of an internal transition's dot
	mscTitleRow  = 26.0 // the heading of a standalone chart
	smallFont    = 11.0 // location names and delays
)

// SequenceChart draws m as an SVG document, like the message sequence
// chart of UPPAAL's simulator: one lifeline per process, time going down,
// one row per state and per step. Of opts only Theme and Standalone
// apply. Its cost is linear in the number of steps times the number of
// receivers and changed locations per step. See the package documentation
// for the classes and data attributes the page relies on.
func SequenceChart(m MSC, opts Options) string {
	c := newChart(&m, opts)
	var out strings.Builder
	out.Grow(1024 + 400*len(m.Steps))
	c.head(&out)
	c.lifelines(&out)
	out.WriteString("<g class=\"msc-rows\">")
	for k := 0; k <= len(m.Steps); k++ {
		c.state(&out, k)
		if k < len(m.Steps) {
			c.step(&out, k)
		}
	}
	out.WriteString("\n</g>\n</svg>\n")
	return out.String()
}

// chart is an MSC laid out. The content spans x from 0 to width and y from
// 0 to height; lifeline i is at x[i].
type chart struct {
	m      *MSC
	opts   Options
	title  string
	arrows [][]int      // per step: the receivers drawn
	marks  [][]locLabel // per state: the location names drawn
	x      []float64
	top    float64 // of the name boxes, below a standalone heading
	delays float64 // width of the delay column at the left
	width  float64
	height float64
}

// locLabel is a location name written on a lifeline.
type locLabel struct {
	proc int
	name string
}

func newChart(m *MSC, opts Options) *chart {
	c := &chart{m: m, opts: opts, title: m.Title}
	if c.title == "" {
		c.title = "Message sequence chart"
	}
	if opts.Standalone {
		c.top = mscTitleRow
	}
	c.arrows = make([][]int, len(m.Steps))
	for k := range m.Steps {
		c.arrows[k] = c.receivers(&m.Steps[k])
	}
	c.marks = locationChanges(m)
	c.layout()
	return c
}

// receivers returns the receivers of s that get an arrow.
func (c *chart) receivers(s *MSCStep) []int {
	var rs []int
	for _, r := range s.Receivers {
		if c.valid(s.Sender) && c.valid(r) && r != s.Sender && !containsInt(rs, r) {
			rs = append(rs, r)
		}
	}
	return rs
}

func (c *chart) valid(proc int) bool { return proc >= 0 && proc < len(c.m.Processes) }

// locationChanges returns, for every state, the location names to write:
// every known one in state 0, and afterwards those that differ from the
// last one known for the process.
func locationChanges(m *MSC) [][]locLabel {
	marks := make([][]locLabel, len(m.Steps)+1)
	last := make([]string, len(m.Processes))
	note := func(k int, names []string) {
		for i := range last {
			if i < len(names) && names[i] != "" && names[i] != last[i] {
				marks[k] = append(marks[k], locLabel{i, names[i]})
				last[i] = names[i]
			}
		}
	}
	note(0, m.Initial)
	for k := range m.Steps {
		note(k+1, m.Steps[k].Locations)
	}
	return marks
}

// layout places the lifelines. Each gap between neighbours is at least
// mscMinGap and wide enough for half of both name boxes, for the location
// names and lone channel labels written right of the left lifeline, and
// for the channel label of every arrow that ends in it: an arrow's label
// sits over its last gap, so the labels of a broadcast's arrows, which
// end at different lifelines, never share a gap.
func (c *chart) layout() {
	n := len(c.m.Processes)
	boxes, side := make([]float64, n), make([]float64, n)
	for i, p := range c.m.Processes {
		boxes[i] = textWidth(p) + 2*mscPad
	}
	for _, ls := range c.marks {
		for _, l := range ls {
			side[l.proc] = max(side[l.proc], smallWidth(l.name)+mscPad)
		}
	}
	gaps := make([]float64, max(n-1, 0))
	for k := range c.m.Steps {
		c.stepNeeds(k, gaps, side)
	}
	c.x = make([]float64, n)
	for i := range c.x {
		if i == 0 {
			c.x[0] = c.delays + boxes[0]/2
			continue
		}
		gap := max(gaps[i-1], mscMinGap, (boxes[i-1]+boxes[i])/2+2*mscPad, side[i-1]+mscPad)
		c.x[i] = c.x[i-1] + gap
	}
	c.width = c.delays
	if n > 0 {
		c.width = c.x[n-1] + max(boxes[n-1]/2, side[n-1])
	}
	if c.opts.Standalone {
		c.width = max(c.width, textWidth(c.title)*1.1)
	}
	c.height = c.stateTop(len(c.m.Steps)) + mscStateRow + mscPad
}

// stepNeeds widens the delay column, the gaps and the room right of the
// lifelines for step k.
func (c *chart) stepNeeds(k int, gaps, side []float64) {
	s := &c.m.Steps[k]
	if s.Delay != "" {
		c.delays = max(c.delays, smallWidth(delayText(s.Delay))+mscPad)
	}
	label := textWidth(s.Channel) + 2*mscPad + headLength
	for _, r := range c.arrows[k] {
		g := lastGap(s.Sender, r)
		gaps[g] = max(gaps[g], label)
	}
	if len(c.arrows[k]) == 0 && s.Channel != "" && c.valid(s.Sender) {
		side[s.Sender] = max(side[s.Sender], mscTick+textWidth(s.Channel)+mscPad)
	}
}

// lastGap returns the index of the gap an arrow from lifeline s to r
// crosses last; gap g lies between lifelines g and g+1.
func lastGap(s, r int) int {
	if r > s {
		return r - 1
	}
	return r
}

func smallWidth(s string) float64 { return textWidth(s) * smallFont / fontSize }

func delayText(d string) string { return "δ=" + d }

func (c *chart) rowsTop() float64 { return c.top + mscBoxHeight + mscPad }

func (c *chart) stateTop(k int) float64 {
	return c.rowsTop() + float64(k)*(mscStateRow+mscStepRow)
}

func (c *chart) stepTop(k int) float64 { return c.stateTop(k) + mscStateRow }

// head writes the root element and what precedes the chart. The view box
// is the content's extent plus the drawings' margin.
func (c *chart) head(out *strings.Builder) {
	x, y := -margin, -margin
	wd, ht := c.width+2*margin, c.height+2*margin
	if c.opts.Standalone {
		out.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	}
	out.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="bl-msc theme-` + c.opts.Theme.String() + `"`)
	out.WriteString(` viewBox="` + num(x) + " " + num(y) + " " + num(wd) + " " + num(ht) + `"`)
	if c.opts.Standalone {
		out.WriteString(` width="` + num(wd) + `" height="` + num(ht) + `"`)
	}
	out.WriteString(">\n<title>" + esc(c.title) + "</title>\n")
	if !c.opts.Standalone {
		return
	}
	out.WriteString("<style>" + SequenceChartStyle() + "</style>\n")
	out.WriteString(`<rect class="background"` + rect(x, y, wd, ht) + "/>\n")
	out.WriteString(`<text class="title" x="0" y="` + num(mscTitleRow-10) + `">` + esc(c.title) + "</text>\n")
}

// lifelines writes each process's name box and its line down the chart.
func (c *chart) lifelines(out *strings.Builder) {
	out.WriteString(`<g class="msc-lifelines">`)
	for i, p := range c.m.Processes {
		x, w := c.x[i], textWidth(p)+2*mscPad
		out.WriteString("\n<g class=\"msc-process\" data-process=\"" + strconv.Itoa(i) + `">`)
		out.WriteString(`<line class="msc-lifeline" x1="` + num(x) + `" y1="` + num(c.top+mscBoxHeight) +
			`" x2="` + num(x) + `" y2="` + num(c.height) + `"/>`)
		out.WriteString(`<rect class="msc-box"` + rect(x-w/2, c.top, w, mscBoxHeight) + "/>")
		out.WriteString(`<text class="msc-name" text-anchor="middle" x="` + num(x) + `" y="` + num(c.top+16.5) + `">` + esc(p) + "</text></g>")
	}
	out.WriteString("\n</g>\n")
}

// state writes the row of state k: its band and the location names that
// change in it.
func (c *chart) state(out *strings.Builder, k int) {
	top := c.stateTop(k)
	out.WriteString("\n<g class=\"msc-state" + when(k == c.m.Current, " current") + `" data-state="` + strconv.Itoa(k) + `">`)
	out.WriteString(`<rect class="msc-band"` + rect(0, top, c.width, mscStateRow) + "/>")
	for _, l := range c.marks[k] {
		out.WriteString(`<text class="msc-loc" data-process="` + strconv.Itoa(l.proc) + `" x="` + num(c.x[l.proc]+mscTick) +
			`" y="` + num(top+13) + `">` + esc(l.name) + "</text>")
	}
	out.WriteString("</g>")
}

// step writes the row of step k: its band, tooltip and delay, then an
// arrow per receiver or, for an internal transition, a dot on the
// sender's lifeline.
func (c *chart) step(out *strings.Builder, k int) {
	s, top := &c.m.Steps[k], c.stepTop(k)
	kind := " sync"
	if len(c.arrows[k]) == 0 {
		kind = " internal"
	}
	out.WriteString("\n<g class=\"msc-step" + kind + when(k+1 == c.m.Current, " fired") + `" data-step="` + strconv.Itoa(k) + `">`)
	if s.Label != "" {
		out.WriteString("<title>" + esc(s.Label) + "</title>")
	}
	out.WriteString(`<rect class="msc-band"` + rect(0, top, c.width, mscStepRow) + "/>")
	if s.Delay != "" {
		out.WriteString(`<text class="msc-delay" x="0" y="` + num(top+mscArrowY+4) + `">` + esc(delayText(s.Delay)) + "</text>")
	}
	for _, r := range c.arrows[k] {
		c.arrow(out, s, r, top)
	}
	if len(c.arrows[k]) == 0 && c.valid(s.Sender) {
		c.internal(out, s, top)
	}
	out.WriteString("</g>")
}

// arrow writes the message of step s to receiver r: a line ending in an
// arrowhead at r's lifeline, and the channel label centred over the last
// gap the line crosses.
func (c *chart) arrow(out *strings.Builder, s *MSCStep, r int, top float64) {
	from, to, y := c.x[s.Sender], c.x[r], top+mscArrowY
	back := -headLength // from the tip to the head's base
	if to < from {
		back = headLength
	}
	g := lastGap(s.Sender, r)
	mid := (c.x[g] + c.x[g+1]) / 2
	out.WriteString(`<g class="msc-message" data-from="` + strconv.Itoa(s.Sender) + `" data-to="` + strconv.Itoa(r) + `">`)
	out.WriteString(`<path class="msc-line" d="M` + num(from) + "," + num(y) + "H" + num(to+back) + `"/>`)
	out.WriteString(`<path class="msc-head" d="M` + num(to) + "," + num(y) + "L" + num(to+back) + "," + num(y-headHalf) +
		"V" + num(y+headHalf) + `Z"/>`)
	out.WriteString(`<text class="msc-channel" text-anchor="middle" x="` + num(mid) + `" y="` + num(top+mscLabelY) + `">` + esc(s.Channel) + "</text></g>")
}

// internal writes the dot of a transition that sends nothing (or a
// broadcast nobody receives, whose channel is written beside the dot).
func (c *chart) internal(out *strings.Builder, s *MSCStep, top float64) {
	x := c.x[s.Sender]
	out.WriteString(`<circle class="msc-tick" data-process="` + strconv.Itoa(s.Sender) + `" cx="` + num(x) + `" cy="` + num(top+mscArrowY) + `" r="` + num(mscTick) + `"/>`)
	if s.Channel != "" {
		out.WriteString(`<text class="msc-channel" x="` + num(x+mscTick) + `" y="` + num(top+mscLabelY) + `">` + esc(s.Channel) + "</text>")
	}
}

// rect returns the position and size attributes of a rectangle.
func rect(x, y, w, h float64) string {
	return ` x="` + num(x) + `" y="` + num(y) + `" width="` + num(w) + `" height="` + num(h) + `"`
}
