// A heuristic's settings on the page: a field per parameter of the
// chosen heuristic, from the catalog (protocol.Param), read into the
// request's Heuristic.Params.

package main

import "beeline/core/protocol"

// paramID is the element id of parameter name's field: "hp-bound".
func paramID(name string) string { return "hp-" + name }

// settable lists the parameters of h the page offers a field for: those
// with a list of values or a range. A free value (a table file) is the
// command line's.
func settable(h *protocol.Choice) []protocol.Param {
	if h == nil {
		return nil
	}
	var out []protocol.Param
	for _, p := range h.Params {
		if p.Values != nil || p.Whole() {
			out = append(out, p)
		}
	}
	return out
}

// paramItems are the options of a parameter's menu: its values, after
// "default" when its default depends on the other settings (Default "").
func paramItems(p protocol.Param) []menuItem {
	var out []menuItem
	if p.Default == "" {
		out = append(out, menuItem{Value: "", Text: "default", Title: p.Description})
	}
	for _, v := range p.Values {
		out = append(out, menuItem{Value: v, Text: v, Title: p.Description})
	}
	return out
}

// chosenParams returns the parameters to send for the values the fields
// show (by name): those set and not the default, nil when none, so that
// a default setting and no setting name the same table in the cache.
func chosenParams(ps []protocol.Param, shown map[string]string) map[string]string {
	var out map[string]string
	for _, p := range ps {
		v, ok := shown[p.Name]
		if !ok || v == "" || v == p.Default {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[p.Name] = v
	}
	return out
}
