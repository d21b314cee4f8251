// The readers of core/ir's resolved form against its node kinds: a new
// kind of node must be handled by every reader, or exempted with a reason.

package archtest

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// irPath is the import path of the resolved form.
const irPath = Module + "/core/ir"

// irReader is a reader of the resolved form: the files whose type
// switches dispatch on its nodes, and the kinds it leaves out on purpose.
type irReader struct {
	name string
	// files are globs relative to the module's root; test files are
	// never read.
	files []string
	// exempt gives the reason a node kind ("Equal") or a whole family
	// ("Stmt": every kind implementing ir.Stmt) has no case.
	exempt map[string]string
}

// nodeBodies exempts statements from a reader of expressions that does
// not enter function bodies.
const nodeBodies = "statements occur only in function bodies, which it does not enter: " +
	"a call is any value"

// irReaders are the readers that must handle every node kind: a kind
// added to core/ir with no case in one of them fails TestIRReaders.
var irReaders = []irReader{
	{name: "compiled closures", files: []string{"core/model/closure*.go"}},
	{name: "reference interpreter", files: []string{"core/model/eval*.go"}},
	{name: "abstract evaluator", files: []string{"core/ir/absint/abstract*.go"}},
	// The bound on a computation's work that tells the abstract
	// evaluator whether a summarised loop may run past ir.MaxWork.
	{name: "static work bound", files: []string{"core/ir/absint/work.go"}},
	{name: "heuristic translator",
		files: []string{"core/heuristic/expr.go", "core/heuristic/relax/compile.go"},
		exempt: map[string]string{
			"Offset": "occurs only in a Ref's Index, and load reads an array at an index " +
				"not known as any slot of its span (OpAny) without the index",
			"Copy": "an array or struct assignment: in an update every slot it writes " +
				"becomes any value, through ir.ExprDeps",
			"Equal": "a comparison of arrays or structs is any value",
			"Call":  "a function call is any value; in an update, what it writes becomes any value",
			"Stmt":  nodeBodies,
		}},
	{name: "dependency walk", files: []string{"core/ir/deps.go"},
		exempt: map[string]string{
			"Const": "a constant reads and writes nothing: the switches' default",
		}},
}

// TestIRReaders fails when a node kind of core/ir (a type implementing
// ir.Expr or ir.Stmt) has no case in some reader's type switches and is
// not exempted, and when an exemption is no longer needed: the reader
// handles the kind, or no such kind exists.
func TestIRReaders(t *testing.T) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("the standard library's sources are not at hand on " + runtime.GOOS)
	}
	kinds, err := nodeKinds(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(kinds["Expr"]) == 0 || len(kinds["Stmt"]) == 0 {
		t.Fatalf("node kinds found: %v; want some of each family", kinds)
	}
	t.Logf("node kinds of core/ir: %v", kinds)
	for _, r := range irReaders {
		cases, err := readerCases(root, r.files)
		if err != nil {
			t.Fatal(err)
		}
		for _, msg := range checkReader(r, kinds, cases) {
			t.Error(msg)
		}
	}
}

// TestIRReadersCatch removes one case from a real reader and expects the
// check to name the reader, the file and the kind.
func TestIRReadersCatch(t *testing.T) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("the standard library's sources are not at hand on " + runtime.GOOS)
	}
	kinds, err := nodeKinds(root)
	if err != nil {
		t.Fatal(err)
	}
	r := irReaders[1]
	cases, err := readerCases(root, r.files)
	if err != nil {
		t.Fatal(err)
	}
	delete(cases, "Fill")
	const want = "reference interpreter: *ir.Fill (an ir.Stmt) has no case in core/model/eval_stmt.go"
	if msgs := checkReader(r, kinds, cases); !slices.ContainsFunc(msgs, func(m string) bool {
		return strings.HasPrefix(m, want)
	}) {
		t.Errorf("without its Fill case: %q, want a message starting %q", msgs, want)
	}
	r.exempt = map[string]string{"Load": "made up", "Stmt": "made up", "Nothing": "made up"}
	for _, want := range []string{
		"reference interpreter: *ir.Load is exempted but has a case in core/model/eval.go:",
		"reference interpreter: ir.Stmt is exempted but *ir.Block has a case in core/model/eval_stmt.go:",
		"reference interpreter: Nothing is exempted but is no node kind of core/ir",
	} {
		if msgs := checkReader(r, kinds, cases); !slices.ContainsFunc(msgs, func(m string) bool {
			return strings.HasPrefix(m, want)
		}) {
			t.Errorf("exemptions: %q, want a message starting %q", msgs, want)
		}
	}
}

// checkReader returns a message for every kind r misses without an
// exemption, and for every exemption that is no longer needed. kinds
// maps each family ("Expr", "Stmt") to its kinds; cases maps each kind
// to the positions of its cases in r.
func checkReader(r irReader, kinds map[string][]string, cases map[string][]token.Position) []string {
	var msgs []string
	family := map[string]string{}
	for fam, ks := range kinds {
		for _, k := range ks {
			family[k] = fam
		}
	}
	for _, fam := range sortedKeys(kinds) {
		_, famExempt := r.exempt[fam]
		for _, k := range kinds[fam] {
			_, exempt := r.exempt[k]
			switch at := cases[k]; {
			case len(at) > 0 && famExempt:
				msgs = append(msgs, fmt.Sprintf("%s: ir.%s is exempted but *ir.%s has a case in %s: "+
					"drop the exemption and handle every %s", r.name, fam, k, at[0], fam))
			case len(at) > 0 && exempt:
				msgs = append(msgs, fmt.Sprintf("%s: *ir.%s is exempted but has a case in %s: "+
					"drop the exemption", r.name, k, at[0]))
			case len(at) == 0 && !exempt && !famExempt:
				msgs = append(msgs, fmt.Sprintf("%s: *ir.%s (an ir.%s) has no case in %s: "+
					"handle it there, or exempt it with the reason in irReaders",
					r.name, k, fam, familyFiles(fam, family, cases, r.files)))
			}
		}
	}
	for _, k := range sortedKeys(r.exempt) {
		if _, ok := kinds[k]; !ok && family[k] == "" {
			msgs = append(msgs, fmt.Sprintf("%s: %s is exempted but is no node kind of core/ir", r.name, k))
		}
	}
	return msgs
}

// familyFiles names the files of a reader where the other kinds of the
// family fam have their cases: where the missing one belongs. Without
// any, it names the reader's globs.
func familyFiles(fam string, family map[string]string, cases map[string][]token.Position, globs []string) string {
	var files []string
	for k, at := range cases {
		if family[k] != fam {
			continue
		}
		for _, p := range at {
			if !slices.Contains(files, p.Filename) {
				files = append(files, p.Filename)
			}
		}
	}
	if len(files) == 0 {
		return strings.Join(globs, ", ")
	}
	slices.Sort(files)
	return strings.Join(files, ", ")
}

// nodeKinds type-checks core/ir and returns, for each of its interfaces
// Expr and Stmt, the names of the named types of the package that
// implement it (through a pointer or not), sorted.
func nodeKinds(root string) (map[string][]string, error) {
	fset := token.NewFileSet()
	imp := &sourceImporter{fset: fset, root: root, std: importer.ForCompiler(fset, "gc", nil),
		done: map[string]*types.Package{}}
	pkg, err := imp.Import(irPath)
	if err != nil {
		return nil, err
	}
	kinds := map[string][]string{}
	scope := pkg.Scope()
	for _, fam := range []string{"Expr", "Stmt"} {
		obj := scope.Lookup(fam)
		if obj == nil {
			return nil, fmt.Errorf("core/ir declares no %s", fam)
		}
		iface, ok := obj.Type().Underlying().(*types.Interface)
		if !ok {
			return nil, fmt.Errorf("core/ir's %s is not an interface", fam)
		}
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || types.IsInterface(tn.Type()) {
				continue
			}
			if types.Implements(tn.Type(), iface) || types.Implements(types.NewPointer(tn.Type()), iface) {
				kinds[fam] = append(kinds[fam], name)
			}
		}
	}
	return kinds, nil
}

// sourceImporter type-checks the module's packages from their non-test
// sources under root, and imports the standard library's from export
// data (std: the gc importer, which asks the go command for it).
type sourceImporter struct {
	fset *token.FileSet
	root string
	std  types.Importer
	done map[string]*types.Package
}

// Import implements types.Importer.
func (m *sourceImporter) Import(path string) (*types.Package, error) {
	if !strings.HasPrefix(path, Module+"/") {
		return m.std.Import(path)
	}
	if p, ok := m.done[path]; ok {
		return p, nil
	}
	files, err := parseDir(m.fset, filepath.Join(m.root, strings.TrimPrefix(path, Module+"/")))
	if err != nil {
		return nil, err
	}
	pkg, err := (&types.Config{Importer: m}).Check(path, m.fset, files, nil)
	if err != nil {
		return nil, fmt.Errorf("type-checking %s: %v", path, err)
	}
	m.done[path] = pkg
	return pkg, nil
}

// parseDir parses the non-test Go files of dir.
func parseDir(fset *token.FileSet, dir string) ([]*ast.File, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, 0)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

// readerCases parses the non-test files the globs match and returns, for
// each node kind named by a case of a type switch (*ir.X; in package ir
// itself, *X), where those cases are, the file relative to root.
func readerCases(root string, globs []string) (map[string][]token.Position, error) {
	fset := token.NewFileSet()
	cases := map[string][]token.Position{}
	for _, g := range globs {
		names, err := filepath.Glob(filepath.Join(root, g))
		if err != nil {
			return nil, err
		}
		if len(names) == 0 {
			return nil, fmt.Errorf("%s matches no file", g)
		}
		for _, n := range names {
			if strings.HasSuffix(n, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, n, nil, parser.SkipObjectResolution)
			if err != nil {
				return nil, err
			}
			rel, err := filepath.Rel(root, n)
			if err != nil {
				return nil, err
			}
			for k, at := range fileCases(fset, f) {
				for _, p := range at {
					p.Filename = filepath.ToSlash(rel)
					cases[k] = append(cases[k], p)
				}
			}
		}
	}
	return cases, nil
}

// fileCases returns the node kinds the type switches of f name in their
// cases, with their positions.
func fileCases(fset *token.FileSet, f *ast.File) map[string][]token.Position {
	qual := "" // how f names package ir; "" inside it
	if f.Name.Name != "ir" {
		qual = "-"
		for _, im := range f.Imports {
			if p, _ := strconv.Unquote(im.Path.Value); p == irPath {
				qual = "ir"
				if im.Name != nil {
					qual = im.Name.Name
				}
			}
		}
		if qual == "-" {
			return nil
		}
	}
	cases := map[string][]token.Position{}
	ast.Inspect(f, func(n ast.Node) bool {
		sw, ok := n.(*ast.TypeSwitchStmt)
		if !ok {
			return true
		}
		for _, c := range sw.Body.List {
			for _, x := range c.(*ast.CaseClause).List {
				if k := caseKind(x, qual); k != "" {
					cases[k] = append(cases[k], fset.Position(x.Pos()))
				}
			}
		}
		return true
	})
	return cases
}

// caseKind returns X when x is *qual.X (*X when qual is ""), else "".
func caseKind(x ast.Expr, qual string) string {
	star, ok := x.(*ast.StarExpr)
	if !ok {
		return ""
	}
	switch t := star.X.(type) {
	case *ast.Ident:
		if qual == "" {
			return t.Name
		}
	case *ast.SelectorExpr:
		if id, ok := t.X.(*ast.Ident); ok && id.Name == qual && qual != "" {
			return t.Sel.Name
		}
	}
	return ""
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
