//go:build js && wasm

// The editor area: processes listed, every process drawn, diagnostics
// pinned on the drawing, SVG export.

package main

import (
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"beeline/core/protocol"
	"beeline/web/render"
)

// figure is one drawing on the page: a process, the instances of a
// template drawn once (procs), or, when the model has no processes, a
// template.
type figure struct {
	process  string // "" for a bare template or a group
	procs    []int  // a group's processes (indices into the model's), else nil
	template *protocol.Template
	index    int             // the template's index when editing (drawedit_js.go), else -1
	el       dom.HTMLElement // the <figure>
	svg      dom.Element
	zoom     *zoomer // enlarging, zooming and panning (zoom_js.go)
}

type drawings struct {
	a        *app
	figs     []*figure
	diags    []protocol.Diagnostic
	enlarged *figure  // the one figure enlarged, or nil
	resized  js.Value // a ResizeObserver of the drawings' <svg> elements (zoom_js.go)
	// hidden names the processes the process table hides; a group's
	// figure is hidden when all its processes are.
	hidden map[string]bool
	// listed is the number of processes the table lists, to fold it
	// when a model with another number comes.
	listed int
}

func newDrawings(a *app) *drawings {
	// Two elements, each text as the renderer returns it: the content
	// security policy allows each by the hash of its text.
	for _, css := range []string{render.Style(), render.SequenceChartStyle()} {
		style := a.doc.CreateElement("style")
		style.SetTextContent(css)
		a.doc.Head().AppendChild(style)
	}
	d := &drawings{a: a, hidden: map[string]bool{}, listed: -1}
	d.watchResize()
	mode := a.menu(idDrawMode)
	mode.AddEventListener("change", false, func(dom.Event) { d.redraw() })
	return d
}

// redraw draws the model again in the mode the menu says, keeping the
// processes hidden hidden and the trace on the drawings.
func (d *drawings) redraw() {
	if d.a.model == nil {
		return
	}
	hidden := d.hiddenProcesses()
	d.show(d.a.model)
	d.hide(hidden)
	d.a.sim.redrawn()
}

// mode is how the menu says to draw the processes.
func (d *drawings) mode() drawMode { return drawMode(d.a.menu(idDrawMode).Value()) }

func (d *drawings) clear() {
	d.figs, d.diags = nil, nil
	d.hidden = map[string]bool{}
	d.unzoomAll()
	d.a.byID(idDrawings).SetInnerHTML("")
	d.a.byID(idProcesses).SetAttribute("hidden", "")
	d.a.byID(idDrawingsBar).SetAttribute("hidden", "")
	d.a.byID(idDiagnostics).SetAttribute("hidden", "")
	d.a.byID(idDiagnostics).SetInnerHTML("")
	if d.a.draw != nil {
		d.a.draw.reset()
	}
}

func theme(doc dom.HTMLDocument) render.Theme {
	if doc.DocumentElement().GetAttribute("data-theme") == "dark" {
		return render.ThemeDark
	}
	return render.ThemeLight
}

// show draws m: one figure per process, or per template when m has no
// processes (a model whose system line failed). While the templates are
// edited (drawedit_js.go) it draws every template of the workbench's
// document instead, as the document is now. A figure enlarged or zoomed
// before keeps its view when it is drawn again (every edit redraws), and
// the editor's selection and focus carry over.
func (d *drawings) show(m *protocol.Model) {
	mark("draw")
	box := d.a.byID(idDrawings)
	editing := d.a.draw != nil && d.a.draw.on && d.a.bench != nil
	if editing && d.a.draw.drag != nil && len(d.figs) > 0 {
		// A parse answered during a drag: the document has not changed
		// (a drag changes it when it ends), and replacing the drawing
		// would take the pointer away from the drag.
		d.listProcesses(m)
		d.pin()
		return
	}
	tmpls := map[string]*protocol.Template{}
	for i := range m.Templates {
		tmpls[m.Templates[i].Name] = &m.Templates[i]
	}
	var ts []protocol.Template
	if editing {
		doc := d.a.bench.doc()
		for i := range doc.Templates() {
			t := doc.Template(i)
			ts = append(ts, docTemplate(t, tmpls[t.Name()]))
		}
		if d.drawsTemplates(ts) {
			// An edit that changes no drawing (a declaration, a query)
			// keeps them as they are: focus, zoom and all.
			d.listProcesses(m)
			d.pin()
			return
		}
		d.a.draw.rememberFocus()
	}
	kept := d.keepView()
	box.SetInnerHTML("")
	d.figs = nil
	d.unzoomAll()
	switch {
	case editing:
		for i, dt := range ts {
			d.add(box, &figure{template: &dt, index: i})
		}
	case len(m.Processes) > 0:
		d.hidden = map[string]bool{}
		for _, set := range groupProcesses(m.Processes, d.mode()) {
			p := m.Processes[set[0]]
			t := tmpls[p.Template]
			switch {
			case t == nil:
			case len(set) == 1:
				d.add(box, &figure{process: p.Name, template: t, index: -1})
			default:
				d.add(box, &figure{procs: set, template: t, index: -1})
			}
		}
	default:
		for i := range m.Templates {
			d.add(box, &figure{template: &m.Templates[i], index: -1})
		}
	}
	d.restoreView(kept)
	d.a.draw.modelShown()
	d.listProcesses(m)
	d.pin()
	if editing {
		d.a.draw.redrawn()
	}
}

// drawsTemplates reports whether the figures are the editing drawings
// of exactly ts.
func (d *drawings) drawsTemplates(ts []protocol.Template) bool {
	if len(d.figs) != len(ts) {
		return false
	}
	for i, f := range d.figs {
		if f.index != i || !reflect.DeepEqual(*f.template, ts[i]) {
			return false
		}
	}
	return true
}

func (d *drawings) add(box dom.HTMLElement, f *figure) {
	doc := d.a.doc
	f.el = doc.CreateElement("figure").(dom.HTMLElement)
	f.el.SetAttribute("class", "drawing")
	f.el.SetAttribute("data-template", f.template.Name)
	cap := doc.CreateElement("figcaption")
	name := doc.CreateElement("span")
	switch {
	case f.process != "":
		f.el.SetAttribute("data-process", f.process)
		name.SetTextContent(f.process)
	case f.procs != nil:
		f.el.Class().Add("group")
		f.el.SetAttribute("data-processes", d.groupNames(f))
		name.SetTextContent(f.template.Name + " ×" + strconv.Itoa(len(f.procs)))
		name.SetAttribute("title", d.groupNames(f))
	default:
		name.SetTextContent("template " + f.template.Name)
	}
	cap.AppendChild(name)
	link := doc.CreateElement("a").(*dom.HTMLAnchorElement)
	link.SetHref("#")
	link.SetTextContent("SVG")
	link.SetTitle("Download this drawing as an SVG file (light theme)")
	link.AddEventListener("click", false, func(e dom.Event) {
		e.PreventDefault()
		svg := render.Template(f.template, render.Options{Standalone: true, Theme: render.ThemeLight, Process: f.process})
		download(doc, fileName(f)+".svg", []byte(svg), "image/svg+xml")
	})
	cap.AppendChild(link)
	f.el.AppendChild(cap)
	holder := doc.CreateElement("div").(dom.HTMLElement)
	opts := render.Options{Theme: theme(doc), Process: f.process}
	if f.index >= 0 {
		opts.Edit, opts.IDPrefix = true, "t"+strconv.Itoa(f.index)+"-"
		f.el.Class().Add("editing")
	}
	holder.SetInnerHTML(render.Template(f.template, opts))
	f.svg = qs(holder, "svg")
	f.el.AppendChild(holder)
	f.zoom = newZoomer(d, f, cap, holder)
	if f.index >= 0 {
		d.a.draw.attach(f)
	}
	box.AppendChild(f.el)
	d.figs = append(d.figs, f)
}

func fileName(f *figure) string {
	n := f.process
	if n == "" {
		n = f.template.Name
	}
	b := []byte(n)
	for i, c := range b {
		if !(c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			b[i] = '_'
		}
	}
	return string(b)
}

// restyle switches the drawings to the page's theme.
func (d *drawings) restyle() {
	th := theme(d.a.doc)
	for _, f := range d.figs {
		setTheme(f.svg, th)
	}
}

// setTheme gives a drawing or chart the theme's class, in place of the
// other's.
func setTheme(svg dom.Element, th render.Theme) {
	svg.Class().Remove("theme-light")
	svg.Class().Remove("theme-dark")
	svg.Class().Add("theme-" + th.String())
}

// listProcesses fills the process table, with a checkbox that hides a
// process's drawing.
func (d *drawings) listProcesses(m *protocol.Model) {
	table := d.a.byID(idProcesses)
	body := qs(table, "tbody")
	body.SetInnerHTML("")
	d.placeProcesses()
	if len(m.Processes) == 0 {
		return
	}
	params := map[string]string{}
	for _, t := range m.Templates {
		params[t.Name] = t.Parameters
	}
	d.foldProcesses(len(m.Processes))
	for _, p := range m.Processes {
		tr := d.a.doc.CreateElement("tr")
		box := d.a.doc.CreateElement("input").(*dom.HTMLInputElement)
		box.SetType("checkbox")
		box.SetChecked(!d.hidden[p.Name])
		box.SetAttribute("aria-label", "show "+p.Name)
		name := p.Name
		box.AddEventListener("change", false, func(dom.Event) {
			d.hidden[name] = !box.Checked()
			d.applyHidden()
			d.a.sim.show() // a group's markers leave out the hidden
		})
		td := d.a.doc.CreateElement("td")
		td.AppendChild(box)
		tr.AppendChild(td)
		for _, text := range []string{p.Name, p.Template, params[p.Template]} {
			c := d.a.doc.CreateElement("td")
			c.SetTextContent(text)
			tr.AppendChild(c)
		}
		body.AppendChild(tr)
	}
	d.placeProcesses()
}

// placeProcesses shows the process table and the drawings' menu when
// the table lists processes and the drawings are not being edited:
// while they are, the drawings are the templates', not the processes'.
func (d *drawings) placeProcesses() {
	table, bar := d.a.byID(idProcesses), d.a.byID(idDrawingsBar)
	if qs(table, "tbody tr") == nil || (d.a.draw != nil && d.a.draw.on) {
		table.SetAttribute("hidden", "")
		bar.SetAttribute("hidden", "")
	} else {
		table.RemoveAttribute("hidden")
		bar.RemoveAttribute("hidden")
	}
}

// foldProcesses folds the process table away when a model with n
// processes replaces one with another number: closed from five rows,
// which would push the drawings down, and open below.
func (d *drawings) foldProcesses(n int) {
	d.a.byID(idProcessCount).SetTextContent("(" + strconv.Itoa(n) + ", show or hide)")
	if n == d.listed {
		return
	}
	d.listed = n
	d.a.byID(idProcessBox).Underlying().Set("open", n <= 4)
}

// groupNames lists a group's processes, separated by spaces.
func (d *drawings) groupNames(f *figure) string {
	names := make([]string, len(f.procs))
	for i, p := range f.procs {
		names[i] = d.a.model.Processes[p].Name
	}
	return strings.Join(names, " ")
}

// figureOf returns process p's figure: its own, or its template's when
// its instances are drawn once.
func (d *drawings) figureOf(p int) *figure {
	if d.a.model == nil || p < 0 || p >= len(d.a.model.Processes) {
		return nil
	}
	name := d.a.model.Processes[p].Name
	for _, f := range d.figs {
		if f.process == name || slices.Contains(f.procs, p) {
			return f
		}
	}
	return nil
}

// applyHidden hides the figures of the hidden processes, a group's when
// all its processes are hidden.
func (d *drawings) applyHidden() {
	for _, f := range d.figs {
		hide := f.process != "" && d.hidden[f.process]
		if f.procs != nil {
			hide = true
			for _, p := range f.procs {
				if !d.hidden[d.a.model.Processes[p].Name] {
					hide = false
				}
			}
		}
		if hide {
			f.el.SetAttribute("hidden", "")
		} else {
			f.el.RemoveAttribute("hidden")
		}
	}
}

// instState is one process of a figure in the state shown: its name,
// its location (template location id) and the edges its step fired
// (template edge indices; none when it did not move).
type instState struct {
	name  string
	loc   string
	fired []int
}

// showState marks the state shown on f: the locations its processes
// are in, the edges the step fired and, on a group's figure, a marker
// per instance beside its location, those that moved set apart. When
// the drawing is zoomed in it keeps the location of the first process
// that moved (or of the first) in view.
func (f *figure) showState(ins []instState) {
	for _, el := range qsa(f.svg, ".active, .fired") {
		el.Class().Remove("active")
		el.Class().Remove("fired")
	}
	if old := qs(f.svg, "g.instances"); old != nil {
		old.Remove()
	}
	var first dom.Element
	moved := false
	var edges []dom.Element
	for _, in := range ins {
		loc := qs(f.svg, `[data-loc="`+cssEscape(in.loc)+`"]`)
		if loc != nil {
			loc.Class().Add("active")
			if first == nil || !moved && len(in.fired) > 0 {
				first, moved = loc, len(in.fired) > 0
			}
		}
		for _, e := range in.fired {
			if el := qs(f.svg, `[data-edge="`+strconv.Itoa(e)+`"]`); el != nil {
				el.Class().Add("fired")
				edges = append(edges, el)
			}
		}
	}
	if f.procs != nil {
		f.markInstances(ins)
	}
	cue(f.svg, first, edges)
	f.zoom.follow(first, edges)
}

// Instance markers, in the drawing's user units (a location's radius is
// 10): a row of badges under the location, or over it at the bottom of
// the drawing.
const (
	badgeH   = 15.0
	badgeGap = 2.0
	badgeRow = 4 // badges in a row
)

// markInstances draws a badge with each instance's label beside the
// location it is in.
func (f *figure) markInstances(ins []instState) {
	const ns = "http://www.w3.org/2000/svg"
	doc := theDoc
	box, _ := parseViewBox(f.svg.GetAttribute("viewBox"))
	g := doc.CreateElementNS(ns, "g")
	g.SetAttribute("class", "instances")
	at := map[string][]instState{}
	var order []string
	for _, in := range ins {
		if at[in.loc] == nil {
			order = append(order, in.loc)
		}
		at[in.loc] = append(at[in.loc], in)
	}
	for _, loc := range order {
		c := qs(f.svg, `[data-loc="`+cssEscape(loc)+`"] .loc-circle`)
		if c == nil {
			continue
		}
		cx, cy, r := numAttr(c, "cx"), numAttr(c, "cy"), numAttr(c, "r")
		here := at[loc]
		rows := (len(here) + badgeRow - 1) / badgeRow
		y := cy + r + badgeGap
		if box.H > 0 && y+float64(rows)*(badgeH+badgeGap) > box.Y+box.H {
			y = cy - r - badgeGap - float64(rows)*(badgeH+badgeGap)
		}
		for k := 0; k < len(here); k += badgeRow {
			row := here[k:min(k+badgeRow, len(here))]
			w := 0.0
			for _, in := range row {
				w += badgeWidth(in.name) + badgeGap
			}
			x := cx - w/2
			if box.W > 0 {
				x = max(box.X, min(x, box.X+box.W-w))
			}
			for _, in := range row {
				g.AppendChild(badge(doc, in, x, y))
				x += badgeWidth(in.name) + badgeGap
			}
			y += badgeH + badgeGap
		}
	}
	f.svg.AppendChild(g)
}

// badgeWidth is the width of a process's badge.
func badgeWidth(process string) float64 {
	return 7 + 6.5*float64(len([]rune(instanceLabel(process))))
}

// badge makes one instance's marker at x, y (its top left corner).
func badge(doc dom.Document, in instState, x, y float64) dom.Element {
	const ns = "http://www.w3.org/2000/svg"
	b := doc.CreateElementNS(ns, "g")
	class := "instance"
	if len(in.fired) > 0 {
		class += " moved"
	}
	b.SetAttribute("class", class)
	b.SetAttribute("data-process", in.name)
	title := doc.CreateElementNS(ns, "title")
	title.SetTextContent(in.name + map[bool]string{true: ", moved in this step", false: ""}[len(in.fired) > 0])
	b.AppendChild(title)
	w := badgeWidth(in.name)
	rect := doc.CreateElementNS(ns, "rect")
	for k, v := range map[string]float64{"x": x, "y": y, "width": w, "height": badgeH, "rx": 4} {
		rect.SetAttribute(k, strconv.FormatFloat(v, 'f', 1, 64))
	}
	b.AppendChild(rect)
	text := doc.CreateElementNS(ns, "text")
	text.SetAttribute("x", strconv.FormatFloat(x+w/2, 'f', 1, 64))
	text.SetAttribute("y", strconv.FormatFloat(y+badgeH/2, 'f', 1, 64))
	text.SetTextContent(instanceLabel(in.name))
	b.AppendChild(text)
	return b
}

// numAttr reads a number attribute of an SVG element (0 when absent).
func numAttr(el dom.Element, name string) float64 {
	v, _ := strconv.ParseFloat(el.GetAttribute(name), 64)
	return v
}

func cssEscape(s string) string {
	return global.Get("CSS").Call("escape", s).String()
}

// setDiagnostics records diagnostics to pin on the drawings.
func (d *drawings) setDiagnostics(ds []protocol.Diagnostic) {
	d.diags = ds
	d.pin()
}

// pin marks every drawn location or edge a diagnostic belongs to and
// lists the messages under the drawing.
func (d *drawings) pin() {
	for _, f := range d.figs {
		for _, el := range qsa(f.svg, ".error") {
			el.Class().Remove("error")
		}
		if old := qs(f.el, ".pins"); old != nil {
			old.Remove()
		}
		var ul dom.Element
		for _, dg := range d.diags {
			if dg.Template != f.template.Name {
				continue
			}
			sel := ""
			switch {
			case dg.Location != "":
				sel = `[data-loc="` + cssEscape(dg.Location) + `"]`
			case dg.Edge >= 0:
				sel = `[data-edge="` + strconv.Itoa(dg.Edge) + `"]`
			}
			if sel != "" {
				if el := qs(f.svg, sel); el != nil {
					el.Class().Add("error")
				}
			}
			if ul == nil {
				ul = d.a.doc.CreateElement("ul")
				ul.SetAttribute("class", "pins")
				f.el.AppendChild(ul)
			}
			li := d.a.doc.CreateElement("li")
			li.SetTextContent(position(dg) + dg.Message)
			ul.AppendChild(li)
		}
	}
	if d.a.draw != nil && d.a.draw.on {
		d.a.draw.showNotes()
	}
}

// showDiagnostics lists diagnostics with the source around each, and pins
// them on the drawings.
func (a *app) showDiagnostics(ds []protocol.Diagnostic) {
	box := a.byID(idDiagnostics)
	box.SetInnerHTML("")
	for _, dg := range ds {
		div := a.doc.CreateElement("div")
		div.SetAttribute("class", "diag "+dg.Severity)
		where := a.doc.CreateElement("div")
		where.SetAttribute("class", "where")
		where.SetTextContent(whereText(dg))
		div.AppendChild(where)
		if src := a.sourceOf(dg.Pos.Filename); src != nil {
			if h := excerptHTML(src, dg); h != "" {
				pre := a.doc.CreateElement("pre")
				pre.SetAttribute("class", "source")
				pre.SetInnerHTML(h)
				div.AppendChild(pre)
			}
		}
		box.AppendChild(div)
	}
	a.placeDiagnostics()
	a.drawings.setDiagnostics(ds)
	if a.bench != nil && a.bench.panes != nil {
		placed := locateDiags(a.bench.doc(), ds)
		a.bench.panes.showDiagnostics(placed)
		a.verifier.markFormulas(placed)
	}
}

// placeDiagnostics shows the diagnostics box when it lists something
// and the drawings are not being edited: while they are, the side panel
// lists the diagnostics (drawedit_js.go), so that the box coming and
// going as the model starts or stops reading cleanly does not move the
// drawings being edited.
func (a *app) placeDiagnostics() {
	box := a.byID(idDiagnostics)
	if box.FirstChild() == nil || (a.draw != nil && a.draw.on) {
		box.SetAttribute("hidden", "")
	} else {
		box.RemoveAttribute("hidden")
	}
}

// sourceOf returns the bytes of the loaded file a diagnostic names.
func (a *app) sourceOf(name string) []byte {
	if a.in == nil {
		return nil
	}
	if name == a.in.Name || name == "" {
		return a.in.Model
	}
	for _, q := range a.in.QueryFiles {
		if q.Name == name {
			return q.Data
		}
	}
	return nil
}

// hide hides the drawings of the named processes, as unticking them in
// the process table does.
func (d *drawings) hide(names []string) {
	if len(names) == 0 {
		return
	}
	for _, n := range names {
		d.hidden[n] = true
		for _, box := range qsa(d.a.byID(idProcesses), "input[type=checkbox]") {
			if box.GetAttribute("aria-label") == "show "+n {
				box.(*dom.HTMLInputElement).SetChecked(false)
			}
		}
	}
	d.applyHidden()
}

// hiddenProcesses names the processes whose drawings are hidden, in the
// model's order.
func (d *drawings) hiddenProcesses() []string {
	var out []string
	if d.a.model == nil {
		return nil
	}
	for _, p := range d.a.model.Processes {
		if d.hidden[p.Name] {
			out = append(out, p.Name)
		}
	}
	return out
}

// movedFigure is the figure of a process that moved in the step shown
// and the element showing that process on it (its marker or its active
// location; nil when neither is drawn).
type movedFigure struct {
	f    *figure
	mark dom.Element
}

// keepInView scrolls the drawings' pane, where it scrolls on its own
// (the simulator's layout and presentation mode), so that the processes
// that moved are on screen: their whole figures when they fit together,
// else their markers. It scrolls no more than it must.
func (d *drawings) keepInView(moved []movedFigure) {
	if len(moved) == 0 || d.enlarged != nil || !(d.a.presenting() || d.a.simLayout()) {
		return
	}
	pane := d.a.byID(idEditor)
	u := pane.Underlying()
	client := u.Get("clientHeight").Float()
	if u.Get("scrollHeight").Float() <= client {
		return
	}
	box := pane.GetBoundingClientRect()
	visTop := max(box.Top()+u.Get("clientTop").Float(), 0)
	visBottom := min(box.Top()+u.Get("clientTop").Float()+client, global.Get("innerHeight").Float())
	if bar := d.a.byID(idDrawingsBar); !bar.HasAttribute("hidden") {
		visTop = max(visTop, bar.GetBoundingClientRect().Bottom()) // it sticks to the top
	}
	const pad = 4
	var figs, marks []dom.Element
	for _, m := range moved {
		figs = append(figs, m.f.el)
		if m.mark != nil {
			marks = append(marks, m.mark)
		}
	}
	top, bottom := span(figs)
	if bottom-top > visBottom-visTop-2*pad {
		top, bottom = span(marks)
	}
	if top > bottom {
		return
	}
	y := u.Get("scrollTop").Float()
	switch {
	case top < visTop+pad:
		y -= visTop + pad - top
	case bottom > visBottom-pad:
		y += min(bottom-(visBottom-pad), top-(visTop+pad))
	default:
		return
	}
	u.Set("scrollTop", y)
}

// span is the top and bottom of the elements' boxes together, in the
// viewport (top > bottom when there are none).
func span(els []dom.Element) (top, bottom float64) {
	top, bottom = math.Inf(1), math.Inf(-1)
	for _, el := range els {
		r := el.GetBoundingClientRect()
		top, bottom = min(top, r.Top()), max(bottom, r.Bottom())
	}
	return top, bottom
}
