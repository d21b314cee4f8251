//go:build js && wasm

// Shape cues of the trace's highlight, so that it does not rest on colour
// alone.

package main

import "honnef.co/go/js/dom/v2"

const svgNS = "http://www.w3.org/2000/svg"

// cueRadius is the radius of the ring around the active location: the
// renderer's circles have radius 10, so the ring stands clear of it.
const cueRadius = "16"

// cue marks the highlight with shapes as well as colours: a ring around
// the active location and a wide band under each fired edge. The
// highlight's colours (web/render's style: amber locations, orange-red
// edges) are close to colours models give their own locations and edges
// (UPPAAL's yellow #ffff00 and orange #ffa500 locations, red #ff0000
// edges, all in the shared corpus), and a thicker outline alone is hard
// to see in a small drawing; the shapes tell the highlight apart in any
// colour. web/app.css styles them (cue-ring, cue-halo); the cues of the
// previous state are removed first.
func cue(svg dom.Element, active dom.Element, fired []dom.Element) {
	for _, el := range qsa(svg, ".cue") {
		el.Remove()
	}
	doc := theDoc
	if active != nil {
		if c := qs(active, ".loc-circle"); c != nil {
			ring := doc.CreateElementNS(svgNS, "circle")
			ring.SetAttribute("class", "cue cue-ring")
			ring.SetAttribute("cx", c.GetAttribute("cx"))
			ring.SetAttribute("cy", c.GetAttribute("cy"))
			ring.SetAttribute("r", cueRadius)
			active.InsertBefore(ring, active.FirstChild())
		}
	}
	for _, e := range fired {
		if line := qs(e, ".edge-line"); line != nil {
			halo := doc.CreateElementNS(svgNS, "path")
			halo.SetAttribute("class", "cue cue-halo")
			halo.SetAttribute("d", line.GetAttribute("d"))
			e.InsertBefore(halo, e.FirstChild())
		}
	}
}
