// Loading a model file and its query files from disk (core/job does the rest).

package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"beeline/core/job"
)

// loaded is one model read from disk, with its path for reports.
type loaded struct {
	*job.Model
	Path string
}

// isQueryFile reports whether path names a query file rather than a model.
func isQueryFile(path string) bool {
	return strings.EqualFold(filepath.Ext(path), ".q")
}

// loadModel reads a model and the given query files, each a regular file
// of at most job.MaxFileBytes. An unreadable file is returned as an
// error; everything wrong inside the files is in Diags.
func loadModel(path string, queryFiles []string) (*loaded, error) {
	src, err := job.ReadFile(path, "a model or query file", job.MaxFileBytes)
	if err != nil {
		return nil, err
	}
	var qfs []job.File
	for _, qf := range queryFiles {
		qsrc, err := job.ReadFile(qf, "a model or query file", job.MaxFileBytes)
		if err != nil {
			return nil, err
		}
		qfs = append(qfs, job.File{Name: qf, Data: qsrc})
	}
	return &loaded{Model: job.Load(job.File{Name: path, Data: src}, qfs...), Path: path}, nil
}

// errLoadTime is loadWithin's error past its time.
var errLoadTime = errors.New("time limit")

// loadWithin is loadModel given up after timeout (0: no limit), with an
// error wrapping errLoadTime. Compiling a model polls no clock: its cost
// is linear in the model's text, and the constants it computes are
// bounded in work, but a model near the size limits takes seconds, and
// --timeout bounds that too. The command line stops waiting; the load
// goes on in the background until the process exits, which it does next.
func loadWithin(timeout time.Duration, path string, queryFiles []string) (*loaded, error) {
	if timeout <= 0 {
		return loadModel(path, queryFiles)
	}
	type answer struct {
		l   *loaded
		err error
	}
	done := make(chan answer, 1)
	go func() {
		l, err := loadModel(path, queryFiles)
		done <- answer{l, err}
	}()
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case a := <-done:
		return a.l, a.err
	case <-t.C:
		return nil, fmt.Errorf("%s was not loaded within --timeout %v: %w", path, timeout, errLoadTime)
	}
}

// readTable reads a table file (--table): a regular file of at most
// job.MaxTableBytes, and of at most maxMemory when it is set, as the
// table is held in memory whole. An empty file is refused rather than
// taken for no table.
func readTable(path string, maxMemory int64) ([]byte, error) {
	limit, what := int64(job.MaxTableBytes), "a table"
	if maxMemory > 0 && maxMemory < limit {
		limit, what = maxMemory, "a table under --max-memory"
	}
	b, err := job.ReadFile(path, what, limit)
	if err == nil && len(b) == 0 {
		err = fmt.Errorf("%s is empty: not a table", path)
	}
	return b, err
}
