// Reading a file from disk within a size limit: the one reader of every
// file the command line is given.

package job

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
)

// The limits of the files read from disk.
const (
	// MaxFileBytes bounds a model file and each query file: 64 MiB, the
	// engine's default limit of a request too. Published models have
	// at most a few hundred KB (the largest of the shared corpus 146
	// KB), and reading costs about 18 bytes of memory per input byte
	// (core/uppaal), so a model at the limit already takes about 1 GiB.
	MaxFileBytes = 64 << 20
	// MaxTableBytes bounds a table file (beeline prepare's output):
	// 256 MiB, the page's default table budget and about what a frame
	// of the protocol carries.
	MaxTableBytes = 256 << 20
)

// ReadFile reads the file name, what it is for messages ("a model or
// query file", "a table"), of at most limit bytes. It reads regular
// files only: a named pipe may never be written and a device such as
// /dev/zero never ends, so they, directories and sockets are refused
// without being opened, as is a file larger than limit (by its size,
// before reading, and by what it gives, should it grow meanwhile). A
// file swapped for a named pipe between the look and the open would
// still block the open; the refusal is for files named by mistake, not
// for a race with the user's own shell. Errors name the file and, for
// size, the limit.
func ReadFile(name, what string, limit int64) ([]byte, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if err := regular(name, fi); err != nil {
		return nil, err
	}
	if fi.Size() > limit {
		return nil, tooLarge(name, what, limit)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := regular(name, fi); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	buf.Grow(int(min(fi.Size(), limit)) + bytes.MinRead)
	if _, err := buf.ReadFrom(io.LimitReader(f, limit+1)); err != nil {
		return nil, err
	}
	if int64(buf.Len()) > limit {
		return nil, tooLarge(name, what, limit)
	}
	return buf.Bytes(), nil
}

// regular refuses a file that is not a regular one, saying what it is.
func regular(name string, fi fs.FileInfo) error {
	m := fi.Mode()
	if m.IsRegular() {
		return nil
	}
	kind := "not a regular file"
	switch {
	case m.IsDir():
		kind = "a directory"
	case m&fs.ModeNamedPipe != 0:
		kind = "a named pipe"
	case m&fs.ModeDevice != 0:
		kind = "a device"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	}
	return fmt.Errorf("%s is %s: Beeline reads only regular files", name, kind)
}

// tooLarge is the refusal of a file past its limit.
func tooLarge(name, what string, limit int64) error {
	return fmt.Errorf("%s is larger than the %s that %s may have", name, SizeText(limit), what)
}

// SizeText writes a byte count for people: "740 bytes", "305 KiB",
// "64 MiB".
func SizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<20:
		return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB"
	case n >= 1<<10:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
