// The assets under test: an existing build, or a fresh one.

package e2e

import (
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var (
	buildOnce sync.Once
	builtRoot string
	buildErr  error
	uiErr     error
	editorErr error
)

// WebRoot returns a directory to serve: $BEELINE_WEB_ROOT when set (`make
// test-browser` sets it to the repository after `make wasm`), else a
// temporary copy of index.html and web/ with web/build/ built afresh, once
// per test binary, the way `make wasm` builds it.
func WebRoot(t testing.TB) string {
	t.Helper()
	if root := os.Getenv("BEELINE_WEB_ROOT"); root != "" {
		if _, err := os.Stat(filepath.Join(root, "web", "build", "engine.wasm")); err != nil {
			t.Fatalf("BEELINE_WEB_ROOT=%s has no web/build/engine.wasm: run `make wasm`", root)
		}
		return root
	}
	buildOnce.Do(func() { builtRoot, buildErr = buildWeb() })
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtRoot
}

// RepoRoot returns the repository's root directory.
func RepoRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	return filepath.Dir(strings.TrimSpace(string(out))), nil
}

func buildWeb() (string, error) {
	repo, err := RepoRoot()
	if err != nil {
		return "", err
	}
	root, err := os.MkdirTemp("", "beeline-web")
	if err != nil {
		return "", err
	}
	if err := copyTree(repo, root, "index.html", "web"); err != nil {
		return "", err
	}
	out := filepath.Join(root, "web", "build")
	steps := [][]string{
		{"go", "build", "-trimpath", "-ldflags=-s -w -buildid=", "-o", filepath.Join(out, "engine.wasm"), "./wasm/worker"},
		{"go", "run", "github.com/syumai/workers/cmd/workers-assets-gen", "-mode=go", "-runtime=browser", "-o", filepath.Join(out, "worker")},
	}
	for _, s := range steps {
		if err := goCommand(repo, s); err != nil {
			return "", err
		}
	}
	// The page's program failing to build must not stop the engine's tests;
	// RequireUI reports it to the page's.
	uiErr = goCommand(repo, []string{"go", "build", "-trimpath", "-ldflags=-s -w -buildid=", "-o", filepath.Join(out, "ui.wasm"), "./wasm/ui"})
	// Nor must the code editor's bundle, which needs the npm packages
	// (`npm ci --prefix web/editor`); RequireEditor reports it.
	editorErr = goCommand(repo, []string{"go", "run", "./web/editor/bundle", "-o", filepath.Join(out, "editor.js")})
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return "", err
	}
	if err := copyFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"), filepath.Join(out, "wasm_exec.js")); err != nil {
		return "", err
	}
	if err := copyFile(filepath.Join(repo, "web", "engine-runtime.mjs"), filepath.Join(out, "worker", "runtime.mjs")); err != nil {
		return "", err
	}
	for _, w := range []string{"engine.wasm", "ui.wasm", "editor.js"} {
		if err := gzipFile(filepath.Join(out, w)); err != nil && !os.IsNotExist(err) {
			return "", err
		}
	}
	return root, nil
}

// RequireUI fails the test when the page's program (./wasm/ui) did not
// build into the root WebRoot returned.
func RequireUI(t testing.TB, root string) {
	t.Helper()
	if uiErr != nil {
		t.Fatalf("the page's wasm did not build: %v", uiErr)
	}
	if _, err := os.Stat(filepath.Join(root, "web", "build", "ui.wasm")); err != nil {
		t.Fatalf("no web/build/ui.wasm in %s", root)
	}
}

// RequireEditor fails the test when the code editor's bundle
// (web/build/editor.js) was not built into the root WebRoot returned.
func RequireEditor(t testing.TB, root string) {
	t.Helper()
	if editorErr != nil {
		t.Fatalf("the code editor did not build: %v", editorErr)
	}
	if _, err := os.Stat(filepath.Join(root, "web", "build", "editor.js")); err != nil {
		t.Fatalf("no web/build/editor.js in %s: run `make wasm`", root)
	}
}

func goCommand(dir string, s []string) error {
	cmd := exec.Command(s[0], s[1:]...)
	cmd.Dir = dir
	if s[1] == "build" {
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	}
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s: %v\n%s", strings.Join(s, " "), err, b)
	}
	return nil
}

// copyTree copies the named files and folders of src into dst, leaving out
// web/build (the build goes there afresh).
func copyTree(src, dst string, names ...string) error {
	for _, name := range names {
		err := filepath.WalkDir(filepath.Join(src, name), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(src, p)
			if d.IsDir() {
				if rel == filepath.Join("web", "build") {
					return filepath.SkipDir
				}
				return os.MkdirAll(filepath.Join(dst, rel), 0o755)
			}
			return copyFile(p, filepath.Join(dst, rel))
		})
		if err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	return nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func gzipFile(path string) error {
	in, err := os.Open(path)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(path + ".gz")
	if err != nil {
		return err
	}
	zw, _ := gzip.NewWriterLevel(out, gzip.BestCompression)
	if _, err := io.Copy(zw, in); err != nil {
		out.Close()
		return err
	}
	if err := zw.Close(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
