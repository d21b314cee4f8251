// Writing a network as UPPAAL XML.

package families

import (
	"fmt"
	"strings"
)

// nta is a network as the generators build it: global declarations,
// templates, the system line and the queries.
type nta struct {
	decl      string
	templates []*template
	system    string
	queries   []query
}

// query is one entry of the XML's queries section.
type query struct {
	formula, comment string
}

// template is one automaton: its name, parameter list, local
// declarations, locations (the first is the initial one) and edges.
type template struct {
	name, param, decl string
	locs              []location
	edges             []edge
}

// location is a named location with the position the editor shows it at
// and its invariant, empty for none.
type location struct {
	name      string
	x, y      int
	invariant string
}

// edge connects two locations by name; guard, sync and assign are the
// labels' texts, empty for none.
type edge struct {
	from, to            string
	guard, sync, assign string
}

// loc adds a location.
func (t *template) loc(name string, x, y int) {
	t.locs = append(t.locs, location{name: name, x: x, y: y})
}

// inv adds a location with an invariant.
func (t *template) inv(name string, x, y int, invariant string) {
	t.locs = append(t.locs, location{name: name, x: x, y: y, invariant: invariant})
}

// edge adds an edge.
func (t *template) edge(e edge) {
	t.edges = append(t.edges, e)
}

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// xml returns the network as an UPPAAL 4/5 XML document. Location and
// edge ids are numbered through the whole document, as the editor does.
func (n *nta) xml() string {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n")
	b.WriteString("<!DOCTYPE nta PUBLIC '-//Uppaal Team//DTD Flat System 1.1//EN' 'http://www.it.uu.se/research/group/darts/uppaal/flat-1_2.dtd'>\n")
	b.WriteString("<nta>\n")
	fmt.Fprintf(&b, "\t<declaration>%s</declaration>\n", escaper.Replace(n.decl))
	next := 0
	for _, t := range n.templates {
		ids := make(map[string]string, len(t.locs))
		pos := make(map[string]location, len(t.locs))
		b.WriteString("\t<template>\n")
		fmt.Fprintf(&b, "\t\t<name>%s</name>\n", t.name)
		if t.param != "" {
			fmt.Fprintf(&b, "\t\t<parameter>%s</parameter>\n", escaper.Replace(t.param))
		}
		if t.decl != "" {
			fmt.Fprintf(&b, "\t\t<declaration>%s</declaration>\n", escaper.Replace(t.decl))
		}
		for _, l := range t.locs {
			if _, dup := ids[l.name]; dup {
				panic("families: location " + l.name + " twice in " + t.name)
			}
			ids[l.name] = fmt.Sprintf("id%d", next)
			pos[l.name] = l
			next++
			fmt.Fprintf(&b, "\t\t<location id=\"%s\" x=\"%d\" y=\"%d\">\n", ids[l.name], l.x, l.y)
			fmt.Fprintf(&b, "\t\t\t<name x=\"%d\" y=\"%d\">%s</name>\n", l.x-10, l.y-30, l.name)
			if l.invariant != "" {
				fmt.Fprintf(&b, "\t\t\t<label kind=\"invariant\" x=\"%d\" y=\"%d\">%s</label>\n", l.x-10, l.y+17, escaper.Replace(l.invariant))
			}
			b.WriteString("\t\t</location>\n")
		}
		fmt.Fprintf(&b, "\t\t<init ref=\"%s\"/>\n", ids[t.locs[0].name])
		for _, e := range t.edges {
			from, ok1 := ids[e.from]
			to, ok2 := ids[e.to]
			if !ok1 || !ok2 {
				panic(fmt.Sprintf("families: edge %s -> %s of %s names an unknown location", e.from, e.to, t.name))
			}
			fmt.Fprintf(&b, "\t\t<transition id=\"id%d\">\n", next)
			next++
			fmt.Fprintf(&b, "\t\t\t<source ref=\"%s\"/>\n", from)
			fmt.Fprintf(&b, "\t\t\t<target ref=\"%s\"/>\n", to)
			// Labels stack up from the middle of the edge.
			x, y := (pos[e.from].x+pos[e.to].x)/2, (pos[e.from].y+pos[e.to].y)/2
			for _, l := range []struct{ kind, text string }{{"guard", e.guard}, {"synchronisation", e.sync}, {"assignment", e.assign}} {
				if l.text != "" {
					fmt.Fprintf(&b, "\t\t\t<label kind=\"%s\" x=\"%d\" y=\"%d\">%s</label>\n", l.kind, x, y, escaper.Replace(l.text))
					y += 17
				}
			}
			b.WriteString("\t\t</transition>\n")
		}
		b.WriteString("\t</template>\n")
	}
	fmt.Fprintf(&b, "\t<system>%s</system>\n", escaper.Replace(n.system))
	b.WriteString("\t<queries>\n")
	for _, q := range n.queries {
		b.WriteString("\t\t<query>\n")
		fmt.Fprintf(&b, "\t\t\t<formula>%s</formula>\n", escaper.Replace(q.formula))
		fmt.Fprintf(&b, "\t\t\t<comment>%s</comment>\n", escaper.Replace(q.comment))
		b.WriteString("\t\t</query>\n")
	}
	b.WriteString("\t</queries>\n")
	b.WriteString("</nta>\n")
	return b.String()
}
