package webserver

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// A named pipe under --root is not served and not read as the page: its
// open would block until something writes to it (issue 29).
func TestNamedPipeNotServed(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("mkfifo of Linux")
	}
	root := t.TempDir()
	write(t, root, "web/build/engine.wasm", []byte("wasm"))
	for _, name := range []string{"index.html", "web/pipe.js"} {
		if err := exec.Command("mkfifo", filepath.Join(root, name)).Run(); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
	}
	h := dirServer(t, root, nil)
	for _, path := range []string{"/web/pipe.js", "/", "/index.html"} {
		if rec := get(h, "GET", path); rec.Code != 404 {
			t.Errorf("%s: status %d, want 404", path, rec.Code)
		}
	}
	files, err := DirFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := readPage(files, "index.html"); err == nil || !strings.Contains(err.Error(), "index.html is not a regular file") {
		t.Errorf("the page from a named pipe: %v", err)
	}
}
