package job

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// expectRead reads name with ReadFile under limit and checks the bytes
// (want, when err is "") or the error's text.
func expectRead(t *testing.T, name string, limit int64, want, wantErr string) {
	t.Helper()
	b, err := ReadFile(name, "a model or query file", limit)
	switch {
	case wantErr == "" && err != nil:
		t.Errorf("%s: %v", name, err)
	case wantErr == "" && string(b) != want:
		t.Errorf("%s: read %q, want %q", name, b, want)
	case wantErr != "" && (err == nil || !strings.Contains(err.Error(), wantErr)):
		t.Errorf("%s: %v, want an error saying %q", name, err, wantErr)
	}
}

// ReadFile reads a regular file up to its limit and refuses a larger
// one, naming the file and the limit.
func TestReadFileLimit(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "m.xta")
	if err := os.WriteFile(name, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	expectRead(t, name, 10, "0123456789", "")
	expectRead(t, name, 9, "", name+" is larger than the 9 bytes that a model or query file may have")
	expectRead(t, dir, 10, "", dir+" is a directory: Beeline reads only regular files")
	if _, err := ReadFile(filepath.Join(dir, "none.xta"), "a model", 10); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
	if got := SizeText(MaxFileBytes); got != "64 MiB" {
		t.Errorf("MaxFileBytes reads %q", got)
	}
}

// Endless files and named pipes are refused at once, without reading
// (issue 29: /dev/zero as a model hung parse and check, /dev/urandom as
// a table ran out of memory).
func TestReadFileNotRegular(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the devices and mkfifo of Linux")
	}
	expectRead(t, "/dev/zero", MaxFileBytes, "", "/dev/zero is a device: Beeline reads only regular files")
	expectRead(t, "/dev/urandom", MaxFileBytes, "", "/dev/urandom is a device")
	fifo := filepath.Join(t.TempDir(), "pipe.xta")
	if err := exec.Command("mkfifo", fifo).Run(); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	expectRead(t, fifo, MaxFileBytes, "", fifo+" is a named pipe: Beeline reads only regular files")
}
