//go:build js && wasm

// The editor area: processes listed, every process drawn, diagnostics
// pinned on the drawing, SVG export.

package main

import (
	"reflect"
	"strconv"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"beeline/core/protocol"
	"beeline/web/render"
)

// figure is one drawing on the page: a process (or, when the model has no
// processes, a template).
type figure struct {
	process  string // "" for a bare template
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
}

func newDrawings(a *app) *drawings {
	// Two elements, each text as the renderer returns it: the content
	// security policy allows each by the hash of its text.
	for _, css := range []string{render.Style(), render.SequenceChartStyle()} {
		style := a.doc.CreateElement("style")
		style.SetTextContent(css)
		a.doc.Head().AppendChild(style)
	}
	d := &drawings{a: a}
	d.watchResize()
	return d
}

func (d *drawings) clear() {
	d.figs, d.diags = nil, nil
	d.unzoomAll()
	d.a.byID(idDrawings).SetInnerHTML("")
	d.a.byID(idProcesses).SetAttribute("hidden", "")
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
		for _, p := range m.Processes {
			if t := tmpls[p.Template]; t != nil {
				d.add(box, &figure{process: p.Name, template: t, index: -1})
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
	if f.process != "" {
		f.el.SetAttribute("data-process", f.process)
		name.SetTextContent(f.process)
	} else {
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
	f.svg = holder.QuerySelector("svg")
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
	body := table.QuerySelector("tbody")
	body.SetInnerHTML("")
	d.placeProcesses()
	if len(m.Processes) == 0 {
		return
	}
	params := map[string]string{}
	for _, t := range m.Templates {
		params[t.Name] = t.Parameters
	}
	for i, p := range m.Processes {
		tr := d.a.doc.CreateElement("tr")
		box := d.a.doc.CreateElement("input").(*dom.HTMLInputElement)
		box.SetType("checkbox")
		box.SetChecked(true)
		box.SetAttribute("aria-label", "show "+p.Name)
		fig := d.figureOf(i)
		box.AddEventListener("change", false, func(dom.Event) {
			if fig == nil {
				return
			}
			if box.Checked() {
				fig.el.RemoveAttribute("hidden")
			} else {
				fig.el.SetAttribute("hidden", "")
			}
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

// placeProcesses shows the process table when it lists processes and
// the drawings are not being edited: while they are, the drawings are
// the templates', not the processes'.
func (d *drawings) placeProcesses() {
	table := d.a.byID(idProcesses)
	if table.QuerySelector("tbody tr") == nil || (d.a.draw != nil && d.a.draw.on) {
		table.SetAttribute("hidden", "")
	} else {
		table.RemoveAttribute("hidden")
	}
}

// figureOf returns process p's figure (figures are made in process order).
func (d *drawings) figureOf(p int) *figure {
	if d.a.model == nil || p < 0 || p >= len(d.a.model.Processes) {
		return nil
	}
	name := d.a.model.Processes[p].Name
	for _, f := range d.figs {
		if f.process == name {
			return f
		}
	}
	return nil
}

// highlight marks process p's active location and fired edges (template
// location id and template edge indices), and keeps them in view when the
// drawing is zoomed in.
func (f *figure) highlight(loc string, fired []int) {
	for _, el := range f.svg.QuerySelectorAll(".active, .fired") {
		el.Class().Remove("active")
		el.Class().Remove("fired")
	}
	active := f.svg.QuerySelector(`[data-loc="` + cssEscape(loc) + `"]`)
	if active != nil {
		active.Class().Add("active")
	}
	var edges []dom.Element
	for _, e := range fired {
		if el := f.svg.QuerySelector(`[data-edge="` + strconv.Itoa(e) + `"]`); el != nil {
			el.Class().Add("fired")
			edges = append(edges, el)
		}
	}
	cue(f.svg, active, edges)
	f.zoom.follow(active, edges)
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
		for _, el := range f.svg.QuerySelectorAll(".error") {
			el.Class().Remove("error")
		}
		if old := f.el.QuerySelector(".pins"); old != nil {
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
				if el := f.svg.QuerySelector(sel); el != nil {
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
	for _, n := range names {
		for _, box := range d.a.byID(idProcesses).QuerySelectorAll("input[type=checkbox]") {
			if box.GetAttribute("aria-label") == "show "+n {
				box.(*dom.HTMLInputElement).SetChecked(false)
			}
		}
		for _, f := range d.figs {
			if f.process == n {
				f.el.SetAttribute("hidden", "")
			}
		}
	}
}

// hiddenProcesses names the processes whose drawings are hidden.
func (d *drawings) hiddenProcesses() []string {
	var out []string
	for _, f := range d.figs {
		if f.process != "" && f.el.HasAttribute("hidden") {
			out = append(out, f.process)
		}
	}
	return out
}
