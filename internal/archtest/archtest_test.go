// The module's import graph against the layer table, and the check
// against graphs that break it.

package archtest

import (
	"runtime"
	"slices"
	"strings"
	"testing"
)

// root is the module's directory, seen from this package's.
const root = "../.."

// targets are the builds whose graphs are read: the host, and js/wasm,
// where the page's and the worker's files are compiled and syscall/js is a
// package like any other.
var targets = []struct {
	name string
	env  []string
}{
	{"host", nil},
	{"js/wasm", []string{"GOOS=js", "GOARCH=wasm"}},
}

// TestImports reads the import graph of every target and fails on every
// arrow the layer table forbids. It also checks that each row of the
// table still holds a package, and that the table catches a forbidden
// arrow added to the real graph.
func TestImports(t *testing.T) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("go list cannot run on " + runtime.GOOS)
	}
	var all []Package
	for _, tg := range targets {
		pkgs, err := Load(root, tg.env...)
		if err != nil {
			t.Fatal(err)
		}
		for _, msg := range Check(pkgs, Layers) {
			t.Errorf("%s: %s", tg.name, msg)
		}
		all = append(all, pkgs...)
	}
	expectRowsUsed(t, all)

	zone := slices.IndexFunc(all, func(p Package) bool { return p.ImportPath == "beeline/core/zone" })
	if zone < 0 {
		t.Fatal("core/zone is not in the graph")
	}
	all[zone].Imports = append(slices.Clone(all[zone].Imports), "beeline/core/search")
	const want = "core/zone imports core/search: zone sits below search"
	if !slices.Contains(Check(all, Layers), want) {
		t.Errorf("core/zone importing core/search passes the check")
	}
}

// expectRowsUsed fails on a pattern of the table that matches no package
// of the graph: a row left behind by a move or a rename.
func expectRowsUsed(t *testing.T, pkgs []Package) {
	t.Helper()
	for _, l := range Layers {
		for _, pat := range l.Packages {
			if !slices.ContainsFunc(pkgs, func(p Package) bool { return matches(pat, p.ImportPath) }) {
				t.Errorf("layer %s: %s matches no package", l.Name, pat)
			}
		}
	}
}

// TestTable checks the table itself: names are unique, and May names
// only layers listed before the row.
func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, l := range Layers {
		if seen[l.Name] {
			t.Errorf("two layers are called %s", l.Name)
		}
		for _, m := range l.May {
			if m != AllBelow && !seen[m] {
				t.Errorf("layer %s may import %s, which is not listed before it", l.Name, m)
			}
		}
		seen[l.Name] = true
	}
}

// TestCheck runs the check on a made-up graph with one break of each
// rule, and with arrows that are allowed.
func TestCheck(t *testing.T) {
	pkgs := []Package{
		{ImportPath: "beeline/core/source"},
		{ImportPath: "beeline/core/lang", Imports: []string{"beeline/core/source", "fmt"}},
		{ImportPath: "beeline/core/model", Imports: []string{"beeline/core/lang", "beeline/core/source"}},
		{ImportPath: "beeline/core/dbm", Imports: []string{"beeline/core/source"}},
		{ImportPath: "beeline/core/zone", Imports: []string{"beeline/core/dbm", "beeline/core/model", "beeline/core/search", "beeline/core/verify"}},
		{ImportPath: "beeline/core/search", Imports: []string{"beeline/core/dbm"}},
		{ImportPath: "beeline/core/heuristic/relax", Imports: []string{"beeline/core/heuristic", "beeline/core/zone"}},
		{ImportPath: "beeline/core/heuristic", Imports: []string{"beeline/core/model"}},
		{ImportPath: "beeline/core/verify", Imports: []string{"beeline/core/search", "beeline/core/zone"}},
		{ImportPath: "beeline/core/protocol", Imports: []string{"beeline/core/source", "beeline/core/model"}},
		{ImportPath: "beeline/core/engine", Imports: []string{"beeline/core/protocol", "beeline/internal/webserver", "syscall/js"}},
		{ImportPath: "beeline/core/present", Imports: []string{"honnef.co/go/js/dom/v2"}},
		{ImportPath: "beeline/core/cache"},
		{ImportPath: "beeline/internal/webserver", Imports: []string{"net/http"}},
		{ImportPath: "beeline/wasm/ui", Imports: []string{"beeline/core/protocol", "honnef.co/go/js/dom/v2", "syscall/js"}},
		{ImportPath: "honnef.co/go/js/dom/v2", Imports: []string{"syscall/js"}},
		{ImportPath: "syscall/js", Standard: true},
		{ImportPath: "net/http", Standard: true, Imports: []string{"syscall/js"}},
	}
	expectViolations(t, pkgs,
		"core/cache is in no layer: add it to the table in internal/archtest",
		"core/dbm imports core/source: dbm may import no other layer",
		"core/engine imports internal/webserver: engine sits below internal",
		"core/engine imports syscall/js: engine sits below the browser",
		"core/present imports honnef.co/go/js/dom/v2: present sits below the browser",
		"core/protocol imports core/model: protocol may import only source, unpack",
		"core/zone imports core/search: zone sits below search",
		"core/zone imports core/verify: zone sits below verify",
	)
}

// expectViolations checks the messages of Check on pkgs.
func expectViolations(t *testing.T, pkgs []Package, want ...string) {
	t.Helper()
	if got := Check(pkgs, Layers); !slices.Equal(got, want) {
		t.Errorf("violations:\ngot:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}
