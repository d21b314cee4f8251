//go:build js && wasm

// Drawings that can be read: a figure enlarged to fill the drawings area,
// zoomed with the wheel, a pinch or + and -, panned by dragging or with
// the arrow keys, and kept on the highlight while a trace plays. All of
// it changes only the <svg>'s viewBox; zoom.go does the arithmetic.

package main

import (
	"math"
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

// Steps of the keys and the wheel.
const (
	keyZoom   = 1.25    // one + or -
	keyPan    = 1.0 / 8 // one arrow: an eighth of the element
	wheelRate = 0.002   // zoom factor e^(-rate·deltaY) per wheel pixel
	followPad = 24      // user units kept around a followed highlight
)

// zoomer makes one figure's drawing enlargeable, zoomable and pannable.
// While the drawing shows its own viewBox (the renderer's, which the
// page's layout sizes it by) v is nil; the first zoom or pan starts a
// view in the element's shape, and 0 or Escape ends it.
type zoomer struct {
	d       *drawings
	f       *figure
	holder  dom.HTMLElement // <div class="view">: focusable, takes the keys and pointers
	button  dom.HTMLElement // Enlarge, in the figcaption
	fit     rect            // the renderer's viewBox
	fitAttr string          // as written, to restore exactly
	v       *view
	ptrs    map[int][2]float64 // pointers down, in the element's CSS pixels
	grab    grab
}

// grab is a drag or pinch under way: the drawing's point under the
// pointers' midpoint when it (or the number of pointers) began, and for a
// pinch the pointers' distance and the zoom then.
type grab struct{ ux, uy, dist, zoom float64 }

// newZoomer wires figure f, whose caption is cap and whose <svg> is in
// holder: an Enlarge button before the caption's link, the holder
// focusable and named after the process, and the listeners.
func newZoomer(d *drawings, f *figure, cap dom.Element, holder dom.HTMLElement) *zoomer {
	z := &zoomer{d: d, f: f, holder: holder, ptrs: map[int][2]float64{}}
	z.fitAttr = f.svg.GetAttribute("viewBox")
	z.fit, _ = parseViewBox(z.fitAttr)
	if z.fit.W <= 0 {
		z.fit = rect{0, 0, 1, 1}
	}
	what := f.process
	if what == "" {
		what = "template " + f.template.Name
	}
	holder.SetAttribute("class", "view")
	holder.SetAttribute("tabindex", "0")
	holder.SetAttribute("role", "group")
	holder.SetAttribute("aria-label", "drawing of "+what)
	holder.SetAttribute("aria-describedby", "drawing-keys")
	b := d.a.doc.CreateElement("button").(dom.HTMLElement)
	b.SetAttribute("type", "button")
	b.SetAttribute("class", "enlarge")
	b.SetAttribute("aria-pressed", "false")
	b.SetAttribute("aria-label", "Enlarge "+what)
	b.SetAttribute("title", "Enlarge this drawing to the width of the area (Enter or Z on the drawing; Escape returns)")
	b.SetTextContent("Enlarge")
	b.AddEventListener("click", false, func(dom.Event) { z.setEnlarged(!z.enlarged()) })
	z.button = b
	cap.InsertBefore(b, qs(cap, "a"))
	d.resized.Call("observe", f.svg.Underlying())

	f.el.AddEventListener("keydown", false, func(e dom.Event) { z.key(e.(*dom.KeyboardEvent)) })
	holder.AddEventListener("wheel", false, func(e dom.Event) { z.wheel(e) })
	holder.AddEventListener("pointerdown", false, func(e dom.Event) { z.pointerDown(e) })
	holder.AddEventListener("pointermove", false, func(e dom.Event) { z.pointerMove(e) })
	for _, t := range []string{"pointerup", "pointercancel", "lostpointercapture"} {
		holder.AddEventListener(t, false, func(e dom.Event) { z.pointerUp(e) })
	}
	return z
}

func (z *zoomer) enlarged() bool { return z.d.enlarged == z.f }

// setEnlarged enlarges the figure (any other enlarged one returns) and
// starts it at a readable zoom on the highlight, or at the drawing's
// top-left corner; or returns it to its own size and viewBox.
func (z *zoomer) setEnlarged(on bool) {
	if on == z.enlarged() {
		return
	}
	if on {
		if other := z.d.enlarged; other != nil {
			other.zoom.setEnlarged(false)
		}
		z.d.enlarged = z.f
		z.f.el.Class().Add("enlarged")
		z.button.SetAttribute("aria-pressed", "true")
		z.readable()
		z.f.el.Underlying().Call("scrollIntoView", map[string]any{"block": "start"})
		return
	}
	z.d.enlarged = nil
	z.f.el.Class().Remove("enlarged")
	z.button.SetAttribute("aria-pressed", "false")
	z.unzoom()
	z.f.el.Underlying().Call("scrollIntoView", map[string]any{"block": "nearest"})
}

// readable shows an enlarged drawing at its readable zoom, on the
// highlight when there is one.
func (z *zoomer) readable() {
	v := z.view()
	v.setZoom(v.readableZoom())
	v.pinTo(z.fit.X, z.fit.Y, 0, 0)
	if !z.followHighlight() {
		z.apply()
	}
}

// unzoom gives the drawing back its own viewBox.
func (z *zoomer) unzoom() {
	z.v = nil
	z.f.svg.SetAttribute("viewBox", z.fitAttr)
	z.holder.Class().Remove("zoomed")
}

// view returns the drawing's view, starting one at zoom 1 if there is
// none, sized to the element as it is now.
func (z *zoomer) view() *view {
	w, h := z.size()
	if z.v == nil {
		v := newView(z.fit, w, h)
		z.v = &v
		z.holder.Class().Add("zoomed")
	} else {
		z.v.resize(w, h)
	}
	return z.v
}

func (z *zoomer) size() (w, h float64) {
	r := z.f.svg.GetBoundingClientRect()
	return r.Width(), r.Height()
}

// apply writes the view into the viewBox.
func (z *zoomer) apply() {
	if z.v != nil {
		z.f.svg.SetAttribute("viewBox", z.v.box().viewBox())
	}
}

// key handles the drawing's keys when the drawing itself has focus, and
// Escape anywhere in its figure. A key it handles goes no further, so
// the trace player's keys (sim_js.go) never also act on it; arrows on a
// drawing at its own size are left to the player, since there is nothing
// to pan.
func (z *zoomer) key(e *dom.KeyboardEvent) {
	if e.CtrlKey() || e.MetaKey() || e.AltKey() {
		return
	}
	onView := e.Target() != nil && e.Target().Underlying().Equal(z.holder.Underlying())
	k := e.Key()
	switch {
	case k == "Escape" && z.enlarged():
		z.setEnlarged(false)
	case k == "Escape" && onView && z.v != nil:
		z.unzoom()
	case !onView:
		return
	case k == "Enter" || k == "z" || k == "Z":
		z.setEnlarged(!z.enlarged())
	case k == "+" || k == "=":
		if !z.enlarged() {
			z.setEnlarged(true)
		} else {
			z.zoomBy(keyZoom)
		}
	case k == "-" || k == "_":
		z.zoomBy(1 / keyZoom)
	case k == "0":
		if z.enlarged() {
			z.readable()
		} else {
			z.unzoom()
		}
	case z.v == nil:
		return
	case k == "ArrowLeft", k == "ArrowRight", k == "ArrowUp", k == "ArrowDown":
		z.panKey(k, e.ShiftKey())
	default:
		return
	}
	e.PreventDefault()
	e.StopPropagation()
}

// zoomBy zooms around the element's centre.
func (z *zoomer) zoomBy(f float64) {
	v := z.view()
	v.zoomAt(f, v.w/2, v.h/2)
	z.apply()
}

// panKey pans by an eighth of the element (half with Shift) the way the
// arrow points: the view moves right, the drawing left.
func (z *zoomer) panKey(k string, far bool) {
	v := z.view()
	step := keyPan
	if far {
		step = 0.5
	}
	dx, dy := 0.0, 0.0
	switch k {
	case "ArrowLeft":
		dx = -v.w * step
	case "ArrowRight":
		dx = v.w * step
	case "ArrowUp":
		dy = -v.h * step
	case "ArrowDown":
		dy = v.h * step
	}
	v.panBy(dx, dy)
	z.apply()
}

// wheel zooms around the pointer: on an enlarged drawing with the wheel
// alone, on the others with Ctrl held (a trackpad's pinch sends that
// too), so that the wheel still scrolls the page past the list of
// drawings.
func (z *zoomer) wheel(e dom.Event) {
	ev := e.Underlying()
	if !z.enlarged() && !ev.Get("ctrlKey").Bool() {
		return
	}
	e.PreventDefault()
	dy := ev.Get("deltaY").Float()
	switch ev.Get("deltaMode").Int() {
	case 1: // lines
		dy *= 16
	case 2: // pages
		dy *= 400
	}
	f := math.Min(math.Max(math.Exp(-dy*wheelRate), 0.5), 2)
	v := z.view()
	x, y := z.point(ev)
	v.zoomAt(f, x, y)
	z.apply()
}

// point is where a pointer or wheel event is, in the element's CSS
// pixels from its top-left corner.
func (z *zoomer) point(ev js.Value) (x, y float64) {
	r := z.f.svg.GetBoundingClientRect()
	return ev.Get("clientX").Float() - r.Left(), ev.Get("clientY").Float() - r.Top()
}

// pointerDown starts a drag (one pointer) or a pinch (two) on a zoomed
// or enlarged drawing. A drawing at its own size is left to the page:
// its text can be selected and a touch scrolls past it.
func (z *zoomer) pointerDown(e dom.Event) {
	ev := e.Underlying()
	if ev.Get("pointerType").String() == "mouse" && ev.Get("button").Int() != 0 {
		return
	}
	if z.v == nil && !z.enlarged() {
		return
	}
	e.PreventDefault()
	z.holder.Underlying().Call("focus", map[string]any{"preventScroll": true})
	id := ev.Get("pointerId").Int()
	z.holder.Underlying().Call("setPointerCapture", id)
	x, y := z.point(ev)
	z.ptrs[id] = [2]float64{x, y}
	z.holder.Class().Add("panning")
	z.regrab()
}

func (z *zoomer) pointerMove(e dom.Event) {
	ev := e.Underlying()
	id := ev.Get("pointerId").Int()
	if _, ok := z.ptrs[id]; !ok || z.v == nil {
		return
	}
	x, y := z.point(ev)
	z.ptrs[id] = [2]float64{x, y}
	mx, my, dist := z.spread()
	if len(z.ptrs) >= 2 && z.grab.dist > 0 {
		z.v.setZoom(z.grab.zoom * dist / z.grab.dist)
	}
	z.v.pinTo(z.grab.ux, z.grab.uy, mx, my)
	z.apply()
}

func (z *zoomer) pointerUp(e dom.Event) {
	id := e.Underlying().Get("pointerId").Int()
	if _, ok := z.ptrs[id]; !ok {
		return
	}
	delete(z.ptrs, id)
	if len(z.ptrs) == 0 {
		z.holder.Class().Remove("panning")
		return
	}
	z.regrab()
}

// regrab starts the drag or pinch again from the pointers down now, so a
// second finger joining or one leaving does not make the drawing jump.
func (z *zoomer) regrab() {
	v := z.view()
	mx, my, dist := z.spread()
	ux, uy := v.toUser(mx, my)
	z.grab = grab{ux: ux, uy: uy, dist: dist, zoom: v.zoom}
}

// spread is the midpoint of the first two pointers down (or the one) and
// their distance.
func (z *zoomer) spread() (mx, my, dist float64) {
	var ps [][2]float64
	for _, p := range z.ptrs {
		ps = append(ps, p)
		if len(ps) == 2 {
			break
		}
	}
	switch len(ps) {
	case 0:
		return 0, 0, 0
	case 1:
		return ps[0][0], ps[0][1], 0
	}
	return (ps[0][0] + ps[1][0]) / 2, (ps[0][1] + ps[1][1]) / 2, math.Hypot(ps[0][0]-ps[1][0], ps[0][1]-ps[1][1])
}

// follow keeps a zoomed drawing on its highlight: the active location
// and the edges just fired, or the location alone when they do not fit
// in the view together. It does nothing to a drawing at its own size,
// which shows everything, or to one not on screen.
func (z *zoomer) follow(active dom.Element, fired []dom.Element) bool {
	if z.v == nil {
		return false
	}
	if w, h := z.size(); w == 0 || h == 0 {
		return false
	}
	var ts []rect
	if active != nil {
		ts = append(ts, bbox(active))
	}
	for _, el := range fired {
		ts = append(ts, bbox(el))
	}
	if !z.view().follow(followPad, ts...) {
		return false
	}
	z.apply()
	return true
}

// followHighlight follows what the drawing shows highlighted now.
func (z *zoomer) followHighlight() bool {
	return z.follow(qs(z.f.svg, ".location.active"), qsa(z.f.svg, ".edge.fired"))
}

// bbox is an SVG element's box in the drawing's user units (no group of
// the renderer's has a transform).
func bbox(el dom.Element) rect {
	b := el.Underlying().Call("getBBox")
	return rect{b.Get("x").Float(), b.Get("y").Float(), b.Get("width").Float(), b.Get("height").Float()}
}

// watchResize keeps a zoomed drawing's viewBox in its element's shape
// when the element changes size: the window resized, a scroll bar came
// or went, a screenshot's full-page viewport came and went. One observer
// serves every figure; each zoomer asks it to observe its <svg>. A
// drawing at its own size is left to the page's layout, and a zoomed one
// keeps its size once its viewBox has the element's shape, so a change
// does not call for another.
func (d *drawings) watchResize() {
	d.resized = global.Get("ResizeObserver").New(js.FuncOf(func(js.Value, []js.Value) any {
		for _, f := range d.figs {
			if f.zoom.v != nil {
				f.zoom.view()
				f.zoom.apply()
			}
		}
		return nil
	}))
}

// unzoomAll forgets the figures' zoom when they are replaced: none is
// enlarged, and their <svg> elements are observed no more.
func (d *drawings) unzoomAll() {
	d.enlarged = nil
	d.resized.Call("disconnect")
}

// keptView is a figure's enlargement and view, to give back when the
// drawings are drawn again.
type keptView struct {
	key      string
	enlarged bool
	v        *view
}

// figKey names a figure across redraws: its process, or its template.
func figKey(f *figure) string {
	if f.process != "" {
		return "process " + f.process
	}
	return "template " + f.template.Name
}

// keepView notes the figures enlarged or zoomed now.
func (d *drawings) keepView() []keptView {
	var out []keptView
	for _, f := range d.figs {
		if f.zoom.v != nil || f.zoom.enlarged() {
			k := keptView{key: figKey(f), enlarged: f.zoom.enlarged()}
			if f.zoom.v != nil {
				v := *f.zoom.v
				k.v = &v
			}
			out = append(out, k)
		}
	}
	return out
}

// restoreView gives the new figures the views noted by keepView, without
// scrolling the page.
func (d *drawings) restoreView(ks []keptView) {
	for _, k := range ks {
		for _, f := range d.figs {
			if figKey(f) != k.key {
				continue
			}
			z := f.zoom
			if k.enlarged {
				d.enlarged = f
				f.el.Class().Add("enlarged")
				z.button.SetAttribute("aria-pressed", "true")
			}
			if k.v != nil {
				w, h := z.size()
				v := k.v.refit(z.fit, w, h)
				z.v = &v
				z.holder.Class().Add("zoomed")
				z.apply()
			}
		}
	}
}
