// Loading a model file and its query files from disk (core/job does the rest).

package main

import (
	"os"
	"path/filepath"
	"strings"

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

// loadModel reads a model and the given query files. An unreadable file is
// returned as an error; everything wrong inside the files is in Diags.
func loadModel(path string, queryFiles []string) (*loaded, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var qfs []job.File
	for _, qf := range queryFiles {
		qsrc, err := os.ReadFile(qf)
		if err != nil {
			return nil, err
		}
		qfs = append(qfs, job.File{Name: qf, Data: qsrc})
	}
	return &loaded{Model: job.Load(job.File{Name: path, Data: src}, qfs...), Path: path}, nil
}
