//go:build js && wasm

// The heuristic's settings: the fields params.go describes, under the
// heuristic menu.

package main

import (
	"strconv"

	"honnef.co/go/js/dom/v2"

	"beeline/core/protocol"
)

// paramField is a setting's field: a menu or a number input.
type paramField interface {
	Value() string
	SetValue(string)
}

// showParams describes the heuristic the menu shows (describeHeuristic)
// and shows the fields of its settings, when a directed order is chosen
// and the heuristic has settings; it builds them anew, on their
// defaults, when the heuristic changed. Whatever sets the heuristic menu
// calls it.
func (v *verifier) showParams() {
	v.describeHeuristic()
	box := v.byID(idParams)
	name := v.menu(idHeuristic).Value()
	var ps []protocol.Param
	if v.catalog != nil && directed(v.catalog, v.menu(idOrder).Value()) {
		ps = settable(choice(v.catalog.Heuristics, name))
	}
	if len(ps) == 0 {
		box.SetAttribute("hidden", "")
		return
	}
	box.RemoveAttribute("hidden")
	if v.paramsOf == name {
		return
	}
	v.paramsOf = name
	v.paramFields = map[string]paramField{}
	box.SetInnerHTML("")
	for _, p := range ps {
		label := v.doc.CreateElement("label")
		label.SetAttribute("for", paramID(p.Name))
		label.SetTextContent(p.Label)
		var field dom.HTMLElement
		if p.Whole() {
			in := v.doc.CreateElement("input").(*dom.HTMLInputElement)
			in.SetAttribute("type", "number")
			in.SetAttribute("min", strconv.Itoa(p.Min))
			in.SetAttribute("max", strconv.Itoa(p.Max))
			in.SetAttribute("step", "1")
			in.SetValue(p.Default)
			v.paramFields[p.Name] = in
			field = in
		} else {
			sel := v.doc.CreateElement("select").(*dom.HTMLSelectElement)
			for _, it := range paramItems(p) {
				opt := v.doc.CreateElement("option").(*dom.HTMLOptionElement)
				opt.SetValue(it.Value)
				opt.SetTextContent(it.Text)
				sel.AppendChild(opt)
			}
			sel.SetValue(p.Default)
			v.paramFields[p.Name] = sel
			field = sel
		}
		field.SetID(paramID(p.Name))
		field.SetAttribute("title", p.Description)
		field.AddEventListener("change", false, func(dom.Event) { go v.showTables() })
		box.AppendChild(label)
		box.AppendChild(field)
	}
}

// heuristicParams reads the settings' fields: the parameters to send
// (chosenParams), nil when all are on their defaults or none is shown.
func (v *verifier) heuristicParams() map[string]string {
	if v.paramsOf == "" || v.paramsOf != v.menu(idHeuristic).Value() {
		return nil // no fields built (and, before the catalog, no catalog)
	}
	shown := map[string]string{}
	for name, f := range v.paramFields {
		shown[name] = f.Value()
	}
	return chosenParams(settable(choice(v.catalog.Heuristics, v.paramsOf)), shown)
}

// setParams sets the shown heuristic's fields to the values given (a
// share link's), the others to their defaults.
func (v *verifier) setParams(given map[string]string) {
	v.paramsOf = "" // rebuilt on the defaults
	v.showParams()
	for name, f := range v.paramFields {
		if val, ok := given[name]; ok {
			f.SetValue(val)
		}
	}
}
