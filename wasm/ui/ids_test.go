package main

import (
	"go/ast"
	goparser "go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Every id the UI looks up is in index.html with the tag ids.go gives it.
func TestIDsInPage(t *testing.T) {
	page, err := os.ReadFile("../../index.html")
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]string{}
	for _, m := range regexp.MustCompile(`<([a-z0-9]+)\b[^>]*?\sid="([^"]+)"`).FindAllStringSubmatch(string(page), -1) {
		if _, dup := found[m[2]]; dup {
			t.Errorf("index.html has two elements with id %q", m[2])
		}
		found[m[2]] = m[1]
	}
	for id, tag := range elementTags {
		switch got, ok := found[id]; {
		case !ok:
			t.Errorf("#%s is not in index.html", id)
		case got != tag:
			t.Errorf("#%s is a <%s> in index.html, ids.go says <%s>", id, got, tag)
		}
	}
}

// The page's code looks elements up only by ids.go's names, and uses
// every one of them.
func TestIDsByName(t *testing.T) {
	files, err := filepath.Glob("*_js.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no page code found: %v", err)
	}
	names := map[string]bool{}
	f, err := goparser.ParseFile(token.NewFileSet(), "ids.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
			for _, s := range g.Specs {
				for _, n := range s.(*ast.ValueSpec).Names {
					names[n.Name] = false
				}
			}
		}
	}
	lookups := map[string]bool{"byID": true, "button": true, "input": true, "menu": true, "textArea": true, "GetElementByID": true}
	fset := token.NewFileSet()
	for _, path := range files {
		f, err := goparser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if _, ok := names[n.Name]; ok {
					names[n.Name] = true
				}
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok || !lookups[sel.Sel.Name] || len(n.Args) != 1 {
					return true
				}
				if lit, ok := n.Args[0].(*ast.BasicLit); ok {
					id, _ := strconv.Unquote(lit.Value)
					if sel.Sel.Name != "GetElementByID" || elementTags[id] != "" {
						t.Errorf("%s: %s(%s): look the element up by its name in ids.go", fset.Position(n.Pos()), sel.Sel.Name, lit.Value)
					}
				}
			}
			return true
		})
	}
	for name, used := range names {
		if !used && strings.HasPrefix(name, "id") {
			t.Errorf("%s is in ids.go but the page never looks it up", name)
		}
	}
}
