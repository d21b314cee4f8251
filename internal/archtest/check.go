// Reading the import graph with go list, and checking it against a layer
// table.

package archtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
)

// Package is what the check needs of a package: its path, whether it is
// in the standard library, and the packages its non-test files import.
type Package struct {
	ImportPath string
	Standard   bool
	Imports    []string
}

// Load runs `go list -e -deps -json ./...` in dir, with env added to the
// environment (GOOS=js GOARCH=wasm, say; nothing for the host), and
// returns every package listed: the module's and all they depend on.
// Test files are not read.
func Load(dir string, env ...string) ([]Package, error) {
	cmd := exec.Command("go", "list", "-e", "-deps", "-json=ImportPath,Standard,Imports", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %v\n%s", strings.Join(env, " "), err, stderr.Bytes())
	}
	var pkgs []Package
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		var p Package
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			return pkgs, nil
		} else if err != nil {
			return nil, fmt.Errorf("go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
}

// Check returns a message for every import of a package of the module
// that layers forbids, naming the arrow and the rule, and for every
// package of the module that no layer holds; sorted, without repeats,
// and empty when the graph keeps to the table.
func Check(pkgs []Package, layers []Layer) []string {
	t := newTable(pkgs, layers)
	var msgs []string
	for _, p := range pkgs {
		if !inModule(p.ImportPath) {
			continue
		}
		from := t.layerOf(p.ImportPath)
		if from < 0 {
			msgs = append(msgs, short(p.ImportPath)+" is in no layer: add it to the table in internal/archtest")
			continue
		}
		for _, imp := range p.Imports {
			if msg := t.arrow(p.ImportPath, from, imp); msg != "" {
				msgs = append(msgs, msg)
			}
		}
	}
	slices.Sort(msgs)
	return slices.Compact(msgs)
}

// table places packages in layers.
type table struct {
	layers   []Layer
	bindings map[string]int // packages that Layer.Bindings puts in a layer
}

func newTable(pkgs []Package, layers []Layer) *table {
	t := &table{layers: layers, bindings: map[string]int{}}
	for _, p := range pkgs {
		if p.Standard || inModule(p.ImportPath) {
			continue
		}
		for _, imp := range p.Imports {
			if l := t.listed(imp); l >= 0 && layers[l].Bindings {
				t.bindings[p.ImportPath] = l
			}
		}
	}
	return t
}

// arrow returns the message for the import of imp by from, a package of
// layer number l, or "" when the table allows it. Packages in no layer
// (the standard library, other modules) may be imported by anyone.
func (t *table) arrow(from string, l int, imp string) string {
	to := t.layerOf(imp)
	if to < 0 || to == l {
		return ""
	}
	lf, lt := &t.layers[l], &t.layers[to]
	switch {
	case to > l:
		return fmt.Sprintf("%s imports %s: %s sits below %s", short(from), short(imp), lf.Name, lt.Name)
	case slices.Contains(lf.May, AllBelow) || slices.Contains(lf.May, lt.Name):
		return ""
	case len(lf.May) == 0:
		return fmt.Sprintf("%s imports %s: %s may import no other layer", short(from), short(imp), lf.Name)
	}
	return fmt.Sprintf("%s imports %s: %s may import only %s", short(from), short(imp), lf.Name, strings.Join(lf.May, ", "))
}

// layerOf returns the number of the layer that holds path, or -1.
func (t *table) layerOf(path string) int {
	if l := t.listed(path); l >= 0 {
		return l
	}
	if l, ok := t.bindings[path]; ok {
		return l
	}
	return -1
}

// listed returns the number of the first layer whose Packages match
// path, or -1.
func (t *table) listed(path string) int {
	for l := range t.layers {
		for _, pat := range t.layers[l].Packages {
			if matches(pat, path) {
				return l
			}
		}
	}
	return -1
}

// matches reports whether the import path matches pat: equal to it, or
// for pat "a/...", equal to a or below it.
func matches(pat, path string) bool {
	if dir, ok := strings.CutSuffix(pat, "/..."); ok {
		return path == dir || strings.HasPrefix(path, dir+"/")
	}
	return path == pat
}

// inModule reports whether path is a package of Beeline's module.
func inModule(path string) bool {
	return path == Module || strings.HasPrefix(path, Module+"/")
}

// short drops the module path from path, as messages name packages:
// "core/zone".
func short(path string) string {
	return strings.TrimPrefix(path, Module+"/")
}
