// Command bundle builds the page's code editor, web/build/editor.js, from
// web/editor/src with esbuild's Go API: one minified script (an IIFE that
// defines window.BeelineEditor) holding CodeMirror 6 from
// web/editor/node_modules (`npm ci --prefix web/editor` installs it, as
// web/editor/package-lock.json pins it). `make wasm` runs it from the
// repository's root:
//
//	go run ./web/editor/bundle [-o web/build/editor.js] [-v]
//
// -v lists the packages in the bundle with the bytes each brings.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// Where the sources are, relative to the repository's root.
const (
	entry   = "web/editor/src/editor.js"
	modules = "web/editor/node_modules"
)

func main() {
	out := flag.String("o", "web/build/editor.js", "the bundle to write")
	verbose := flag.Bool("v", false, "list the packages in the bundle and their sizes")
	flag.Parse()
	if err := run(*out, *verbose); err != nil {
		fmt.Fprintln(os.Stderr, "bundle:", err)
		os.Exit(1)
	}
}

func run(out string, verbose bool) error {
	root, err := os.Getwd()
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(root, entry)); err != nil {
		return fmt.Errorf("no %s here: run this from the repository's root", entry)
	}
	if _, err := os.Stat(filepath.Join(root, modules, "@codemirror", "view")); err != nil {
		return fmt.Errorf("CodeMirror is not installed in %s: run `npm ci --prefix web/editor`", modules)
	}
	if err := fence(filepath.Join(root, modules)); err != nil {
		return err
	}
	res := api.Build(options(root, out))
	if len(res.Errors) > 0 {
		msgs := api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
		return errors.New(strings.Join(msgs, ""))
	}
	if verbose {
		return listInputs(os.Stdout, res.Metafile)
	}
	return nil
}

// fence makes the installed packages a Go module of their own, with a
// go.mod, so that the go command passes them by: `./...` does not look
// for packages in them, and the app's //go:embed of web/ (app.go) does not
// put 3 MB of CodeMirror's sources into the binary, which serves the
// bundle instead.
func fence(dir string) error {
	const gomod = "// Written by web/editor/bundle: npm's packages are no part of Beeline's Go module.\nmodule node_modules\n"
	name := filepath.Join(dir, "go.mod")
	if b, err := os.ReadFile(name); err == nil && string(b) == gomod {
		return nil
	}
	return os.WriteFile(name, []byte(gomod), 0o644)
}

// options are the build's: one browser script for the page's plain
// <script src>, minified, for the browsers the page supports (WebAssembly
// with Go's wasm_exec.js needs as much).
func options(root, out string) api.BuildOptions {
	return api.BuildOptions{
		AbsWorkingDir:     root,
		EntryPoints:       []string{entry},
		Outfile:           out,
		Bundle:            true,
		Write:             true,
		Format:            api.FormatIIFE,
		Platform:          api.PlatformBrowser,
		Target:            api.ES2020,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		Charset:           api.CharsetUTF8,
		LegalComments:     api.LegalCommentsEndOfFile,
		Metafile:          true,
		LogLevel:          api.LogLevelWarning,
		Banner: map[string]string{"js": "/* Beeline's code editor: CodeMirror 6 (MIT License, " +
			"Copyright (C) 2018-2021 by Marijn Haverbeke and others), with style-mod, " +
			"crelt, w3c-keyname and Lezer (MIT) by the same author. */"},
		Plugins: []api.Plugin{constructedStyles},
	}
}

// constructedStyles makes CodeMirror's style sheets (style-mod) go into a
// constructed CSSStyleSheet adopted by the document, where style-mod
// would write them into a <style> element: the page's content security
// policy admits no inline <style> but its own hashed ones, while style
// sheets built through the CSS object model are not subject to it.
// style-mod already does this for shadow roots; the change drops its
// test for a <head>. Browsers without adoptedStyleSheets keep the
// <style> element (and, under the policy, an unstyled editor). The build
// fails if style-mod's code no longer reads as expected.
var constructedStyles = api.Plugin{
	Name: "constructed-styles",
	Setup: func(b api.PluginBuild) {
		b.OnLoad(api.OnLoadOptions{Filter: `[\\/]style-mod[\\/]src[\\/]style-mod\.js$`}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			src, err := os.ReadFile(a.Path)
			if err != nil {
				return api.OnLoadResult{}, err
			}
			text, err := adoptOnDocuments(string(src))
			if err != nil {
				return api.OnLoadResult{}, fmt.Errorf("%s: %v", a.Path, err)
			}
			return api.OnLoadResult{Contents: &text, Loader: api.LoaderJS}, nil
		})
	},
}

// styleSetTest is style-mod's choice between an adopted style sheet and a
// <style> element.
var styleSetTest = regexp.MustCompile(`if \(!root\.head && (root\.adoptedStyleSheets && win\.CSSStyleSheet)\)`)

// adoptOnDocuments rewrites style-mod's source so that documents, not only
// shadow roots, get an adopted style sheet.
func adoptOnDocuments(src string) (string, error) {
	if n := len(styleSetTest.FindAllStringIndex(src, -1)); n != 1 {
		return "", fmt.Errorf("style-mod's choice of a style sheet was found %d times, want once (a new version of style-mod? see web/editor/bundle)", n)
	}
	return styleSetTest.ReplaceAllString(src, "if ($1)"), nil
}

// listInputs writes the bundle's bytes per package, from esbuild's
// metafile.
func listInputs(w *os.File, metafile string) error {
	var meta struct {
		Outputs map[string]struct {
			Bytes  int
			Inputs map[string]struct{ BytesInOutput int }
		}
	}
	if err := json.Unmarshal([]byte(metafile), &meta); err != nil {
		return err
	}
	for name, o := range meta.Outputs {
		fmt.Fprintf(w, "%s: %d bytes\n", name, o.Bytes)
		per := map[string]int{}
		for in, b := range o.Inputs {
			per[packageOf(in)] += b.BytesInOutput
		}
		var names []string
		for p := range per {
			names = append(names, p)
		}
		sort.Slice(names, func(i, j int) bool { return per[names[i]] > per[names[j]] })
		for _, p := range names {
			fmt.Fprintf(w, "  %7d  %s\n", per[p], p)
		}
	}
	return nil
}

// packageOf names the npm package an input path belongs to, or the path
// itself for the editor's own sources.
func packageOf(path string) string {
	i := strings.LastIndex(path, "node_modules/")
	if i < 0 {
		return path
	}
	parts := strings.SplitN(path[i+len("node_modules/"):], "/", 3)
	if strings.HasPrefix(parts[0], "@") && len(parts) > 1 {
		return parts[0] + "/" + parts[1]
	}
	return parts[0]
}
