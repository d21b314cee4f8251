package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"beeline/core/heuristic"
	"beeline/core/model"
	"beeline/core/options"
	"beeline/core/protocol"
	"beeline/core/verify"
)

const fischerBroken = "../../testdata/models/fischer-broken.xml"

// check -h lists every entry of the registry with its words.
func TestCheckHelpListsRegistry(t *testing.T) {
	_, help, _ := runCLI(t, "check", "-h")
	c := options.Builtin().Catalog()
	for _, menu := range [][]protocol.Choice{c.Orders, c.Heuristics, c.Traces, c.Symmetries} {
		for _, e := range menu {
			if !strings.Contains(help, e.Name) || !strings.Contains(help, e.Label) || !strings.Contains(help, e.Description) {
				t.Errorf("check -h does not describe %s (%s: %s):\n%s", e.Name, e.Label, e.Description, help)
			}
		}
	}
	if !strings.Contains(help, "dL (admissible, consistent)") {
		t.Errorf("check -h does not say what dL guarantees:\n%s", help)
	}
}

// Unknown names are usage errors that list the valid ones.
func TestCheckRefusesUnknownNames(t *testing.T) {
	for _, tc := range []struct {
		flag, value, want string
	}{
		{"--search", "sideways", `beeline check: unknown search order "sideways" (want bfs, dfs, rdfs, astar, gbfs or auto)`},
		{"--heuristic", "hz", `beeline check: unknown heuristic "hz" (want dl, du, hl, hu, pdb, mas or pa)`},
		{"--heuristic", "hl:depth=2", `beeline check: heuristic hl has no parameters, got depth`},
		{"--trace", "all", `beeline check: unknown diagnostic trace "all" (want none, some or shortest)`},
		{"--symmetry", "half", `beeline check: unknown symmetry reduction "half" (want on or off)`},
	} {
		_, errOut, status := runCLI(t, "check", tc.flag, tc.value, fischerBroken)
		if status != exitUsage || !strings.HasPrefix(errOut, tc.want+"\n") {
			t.Errorf("%s %s: status %d, stderr:\n%s\nwant first line %s", tc.flag, tc.value, status, errOut, tc.want)
		}
	}
}

// The flags' names reach the verifier: A* with hL and a shortest trace
// finds fischer-broken's 6-step counterexample; aliases and capitals are
// read too.
func TestCheckDirected(t *testing.T) {
	for _, args := range [][]string{
		{"--search", "astar", "--heuristic", "hl", "--trace", "shortest"},
		{"--search", "A*", "--heuristic", "HL", "--trace", "shortest"},
	} {
		out, errOut, status := runCLI(t, append(append([]string{"check"}, args...), fischerBroken, "--query", "0")...)
		if status != exitOK || !strings.Contains(out, "Heuristic : hl (admissible") || !strings.Contains(out, "Counterexample trace (6 transitions)") ||
			strings.Contains(out, "Search order :") {
			t.Errorf("%v: status %d\n%s%s", args, status, out, errOut)
		}
	}
	// Greedy search cannot promise a shortest trace: breadth-first search
	// runs, and the output says so.
	out, errOut, status := runCLI(t, "check", "--search", "gbfs", "--heuristic", "hl", "--trace", "shortest", fischerBroken, "--query", "0")
	if status != exitOK || !strings.Contains(out, " -- Search order : breadth-first: a shortest trace needs it\n") || !strings.Contains(out, "Counterexample trace (6 transitions)") {
		t.Errorf("gbfs with a shortest trace: status %d\n%s%s", status, out, errOut)
	}
}

// The flags' defaults are names of the registry.
func TestCheckDefaults(t *testing.T) {
	var cf checkFlags
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	cf.register(fl)
	if err := fl.Parse(nil); err != nil {
		t.Fatal(err)
	}
	if _, err := cf.options(); err != nil {
		t.Errorf("the defaults %q, %q, %q: %v", cf.order, cf.heuristic, cf.trace, err)
	}
}

// bench runs blind BFS, A* with the admissible heuristics and greedy
// search with all; a new heuristic joins by its registry entry alone.
func TestBenchConfigs(t *testing.T) {
	reg := options.Builtin()
	if got := configNames(t, reg); got != "bfs astar+dl astar+hl astar+pdb astar+mas astar+pa gbfs+dl gbfs+du gbfs+hl gbfs+hu gbfs+pdb gbfs+mas gbfs+pa auto" {
		t.Errorf("configurations %s", got)
	}
	reg.Heuristics = append(reg.Heuristics, options.Heuristic{
		Choice: protocol.Choice{Name: "tab", Label: "Table", Description: "a precomputed table", Admissible: true},
		New: func(*model.Network, *heuristic.Target, map[string]string) (heuristic.Heuristic, error) {
			return nil, nil
		}})
	if got := configNames(t, reg); got != "bfs astar+dl astar+hl astar+pdb astar+mas astar+pa astar+tab gbfs+dl gbfs+du gbfs+hl gbfs+hu gbfs+pdb gbfs+mas gbfs+pa gbfs+tab auto" {
		t.Errorf("configurations with tab: %s", got)
	}
}

func configNames(t *testing.T, reg *options.Registry) string {
	t.Helper()
	cs, err := benchConfigs(reg, verify.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range cs {
		names = append(names, c.Name)
	}
	return strings.Join(names, " ")
}

// --bound is mas's bound: it names mas when no heuristic is named, sets
// the parameter of mas, and is refused for another heuristic.
func TestBoundFlag(t *testing.T) {
	for _, tc := range []struct {
		heuristic string
		bound     int
		want, err string
	}{
		{"", 0, "", ""},
		{"hl", 0, "hl", ""},
		{"", 50, "mas:bound=50", ""},
		{"mas", 7, "mas:bound=7", ""},
		{"mas:bound=3", 9, "mas:bound=9", ""},
		{"pdb", 9, "", "--bound is the bound of the mas heuristic, not of pdb"},
	} {
		got, err := withBound(tc.heuristic, tc.bound)
		if got != tc.want || (err == nil) != (tc.err == "") || err != nil && err.Error() != tc.err {
			t.Errorf("withBound(%q, %d) = %q, %v; want %q, %q", tc.heuristic, tc.bound, got, err, tc.want, tc.err)
		}
	}
}

// A query file with errors of its own (not of one formula) is not
// checked at all: check on a .q of 100,000 queries reported "too many
// queries" and then went on checking the first 10,000 (issue 29).
func TestCheckRefusesBrokenQueryFile(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, text, want string
	}{
		{"many.q", strings.Repeat("E<> false\n", 100_000), "many.q:10001:1: too many queries: more than 10000 in one file"},
		{"comment.q", "E<> true\n/* open", "comment.q:2:1: comment not terminated"},
	} {
		path := filepath.Join(dir, tc.name)
		if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		out, errOut, status := runCLI(t, "check", fischerBroken, path)
		if status != exitModelError || out != "" || !strings.Contains(errOut, tc.want) ||
			!strings.Contains(errOut, "not checked: the query file has errors") {
			t.Errorf("%s: status %d, stdout %d bytes, stderr:\n%.500s", tc.name, status, len(out), errOut)
		}
	}
}
