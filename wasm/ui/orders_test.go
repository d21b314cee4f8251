package main

import (
	"reflect"
	"testing"

	"beeline/core/protocol"
)

// The menus show what the catalog lists, a heuristic added to it
// included, and start on what it suggests.
func TestMenusFromCatalog(t *testing.T) {
	c := &protocol.Catalog{
		Orders: []protocol.Choice{{Name: "bfs", Label: "Breadth First", Description: "by depth"},
			{Name: "astar", Label: "A* search", Description: "by depth plus estimate", Directed: true, Suggested: true}},
		Heuristics: []protocol.Choice{{Name: "hl", Label: "hL", Description: "relaxed", Admissible: true},
			{Name: "pdb", Label: "PDB", Description: "a pattern database", Admissible: true, Consistent: true, Suggested: true}},
		Traces: []protocol.Choice{{Name: "none", Label: "None", Description: "no trace"}},
	}
	if got, want := menuItems(c.Heuristics, heuristicText), []menuItem{
		{"hl", "hL (admissible)", "relaxed"},
		{"pdb", "PDB (admissible)", "a pattern database"}, // consistent: said by its note
	}; !reflect.DeepEqual(got, want) {
		t.Errorf("heuristic menu %+v, want %+v", got, want)
	}
	if got := menuItems(c.Orders, nil); got[1] != (menuItem{"astar", "A* search", "by depth plus estimate"}) {
		t.Errorf("order menu %+v", got)
	}
	if suggested(c.Orders) != "astar" || suggested(c.Heuristics) != "pdb" || suggested(c.Traces) != "none" || suggested(nil) != "" {
		t.Error("the menus do not start on the suggested entries")
	}
	if !directed(c, "astar") || directed(c, "bfs") || directed(c, "nope") || directed(nil, "astar") {
		t.Error("directed orders misread")
	}
}
