// Templates of a model file, described the way the engine sends them to
// the page.

package render

import (
	"os"
	"testing"

	"beeline/core/present"
	"beeline/core/protocol"
	"beeline/core/source"
	"beeline/core/uppaal"
)

// readTemplates reads a model file and converts its templates with the same
// code the engine uses (present.BuildModel): layout only, labels as text.
func readTemplates(t *testing.T, path string) []protocol.Template {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, _ := uppaal.Read(source.NewFileSet(), path, src)
	return present.BuildModel(doc, nil, nil).Templates
}
