// One-line helpers for the language tests: build a tiny model around a
// construct, run it on the initial state, check values and errors.

package model

import (
	"strings"
	"testing"

	"beeline/core/source"
	"beeline/core/uppaal"
)

// loadText loads an xta model given as text.
func loadText(t *testing.T, src string) (*Network, *source.FileSet, source.List) {
	t.Helper()
	fs := source.NewFileSet()
	doc, diags := uppaal.Read(fs, "test.xta", []byte(src))
	if diags.HasErrors() {
		return nil, fs, diags
	}
	n, l := Load(doc)
	return n, fs, append(diags, l...)
}

// tiny is a model with global declarations decls and one process P with
// locals locals and one edge A -> B updating with update.
func tiny(decls, locals, guard, update string) string {
	var b strings.Builder
	b.WriteString(decls)
	b.WriteString("\nprocess P() {\n")
	b.WriteString(locals)
	b.WriteString("\nstate A, B;\ninit A;\ntrans A -> B {")
	if guard != "" {
		b.WriteString(" guard " + guard + ";")
	}
	if update != "" {
		b.WriteString(" assign " + update + ";")
	}
	b.WriteString(" };\n}\nsystem P;\n")
	return b.String()
}

// mustLoad loads src and fails on any error.
func mustLoad(t *testing.T, src string) *Network {
	t.Helper()
	n, fs, diags := loadText(t, src)
	if diags.HasErrors() {
		for _, d := range fs.Sort(diags.Errors()) {
			t.Errorf("%s", fs.Format(d))
		}
		t.Fatalf("model does not load:\n%s", src)
	}
	return n
}

// runUpdate runs the update of edge 0 of process 0 on the initial state.
func runUpdate(t *testing.T, n *Network) (*Env, []int32) {
	t.Helper()
	env := n.NewEnv()
	locs, vars := n.InitialState()
	env.Locs, env.Vars = locs, vars
	e := n.Processes[0].Edges[0]
	if e.Update != nil {
		e.Update(env)
	}
	return env, vars
}

// varIndex finds a state slot by name.
func varIndex(t *testing.T, n *Network, name string) int {
	t.Helper()
	for i, v := range n.Vars {
		if v.Name == name {
			return i
		}
	}
	var names []string
	for _, v := range n.Vars {
		names = append(names, v.Name)
	}
	t.Fatalf("no variable %q among %v", name, names)
	return -1
}

// expectValue checks the value of variable name after running update.
func expectValue(t *testing.T, decls, update, name string, want int32) {
	t.Helper()
	n := mustLoad(t, tiny(decls, "", "", update))
	env, vars := runUpdate(t, n)
	if env.Err != nil {
		t.Fatalf("%s: runtime error %q", update, env.Err.Msg)
	}
	if got := vars[varIndex(t, n, name)]; got != want {
		t.Errorf("%s: %s = %d, want %d", update, name, got, want)
	}
}

// expectError checks that a model fails to load with an error containing
// want.
func expectError(t *testing.T, src, want string) {
	t.Helper()
	n, fs, diags := loadText(t, src)
	if !diags.HasErrors() || n != nil {
		t.Fatalf("loaded without error, want %q:\n%s", want, src)
	}
	var all []string
	for _, d := range fs.Sort(diags.Errors()) {
		s := fs.Format(d)
		if strings.Contains(s, want) {
			return
		}
		all = append(all, s)
	}
	t.Errorf("no error contains %q; got:\n%s", want, strings.Join(all, "\n"))
}

// expectUpdateError checks a compile error of an update.
func expectUpdateError(t *testing.T, decls, update, want string) {
	t.Helper()
	expectError(t, tiny(decls, "", "", update), want)
}

// expectRuntimeError checks that running update fails with want.
func expectRuntimeError(t *testing.T, decls, update, want string) *RuntimeError {
	t.Helper()
	n := mustLoad(t, tiny(decls, "", "", update))
	env, _ := runUpdate(t, n)
	if env.Err == nil {
		t.Fatalf("%s: no runtime error, want %q", update, want)
	}
	if !strings.Contains(env.Err.Msg, want) {
		t.Errorf("%s: runtime error %q, want %q", update, env.Err.Msg, want)
	}
	return env.Err
}

// guardOf compiles a model whose edge has guard g and returns edge 0.
func guardOf(t *testing.T, decls, locals, g string) (*Network, *Edge) {
	t.Helper()
	n := mustLoad(t, tiny(decls, locals, g, ""))
	return n, n.Processes[0].Edges[0]
}
