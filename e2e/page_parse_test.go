package e2e

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"

	"beeline/core/engine"
	"beeline/internal/webserver"
)

// The page reads a model in its resident parse worker: opened again and
// again with edits, each version is drawn with its queries listed, or its
// error pinned at line and column on the edge it belongs to. The test
// logs how long each took, from Load to the page showing it.
func TestPageParsesEdits(t *testing.T) {
	ctx := openPage(t, site(t))
	model := readModel(t, "../testdata/models/fischer.xml")
	// Two guards to break in turn (a letter O for a zero): line 39's
	// x <= k, and line 54's id == pid.
	breaks := []struct{ from, to, where string }{
		{`y="-20">x &lt;= k<`, `y="-20">x &lt;= 1O<`, "pasted.xml:39:49"},
		{`id == pid<`, `id == p1d0<`, "pasted.xml:54:"},
	}
	var took []float64
	for i := range 6 {
		// A comment at the end makes every version's bytes new.
		edited := fmt.Appendf(bytes.Clone(model), "<!-- edit %d -->\n", i)
		if i%2 == 0 {
			ms := pasteModel(t, ctx, edited, `document.getElementById("diagnostics").hidden && document.querySelectorAll("#drawings figure[data-process]").length === 4`)
			took = append(took, ms)
			if n := Eval[int](t, ctx, `document.querySelectorAll("#queries li").length`); n != 3 {
				t.Errorf("edit %d: %d queries listed, want fischer's 3", i, n)
			}
			if Eval[bool](t, ctx, `document.getElementById("check").disabled && document.querySelector("#queries li.selected") !== null`) {
				t.Errorf("edit %d: Check is disabled for a clean model with a query selected", i)
			}
			continue
		}
		b := breaks[(i/2)%len(breaks)]
		broken := bytes.Replace(edited, []byte(b.from), []byte(b.to), 1)
		took = append(took, pasteModel(t, ctx, broken, `!document.getElementById("diagnostics").hidden`))
		if where := Eval[string](t, ctx, `document.querySelector("#diagnostics .where").textContent`); !strings.Contains(where, b.where) {
			t.Errorf("edit %d: diagnostic %q, want it at %s", i, where, b.where)
		}
		if n := Eval[int](t, ctx, `document.querySelectorAll("#drawings .edge.error").length`); n != 1 {
			t.Errorf("edit %d: %d edges drawn as errors, want the broken guard's", i, n)
		}
	}
	slices.Sort(took)
	t.Logf("fischer.xml: Load to shown, %d versions: median %.0f ms, at most %.0f ms", len(took), took[len(took)/2], took[len(took)-1])
	for _, m := range []struct{ name, path string }{{"train-gate.xml", trainGate}, {"csma-20N.xml", csma20}} {
		data, err := os.ReadFile(m.path)
		if err != nil {
			t.Logf("%s: the shared models are absent (%v)", m.name, err)
			continue
		}
		var took []float64
		for i := range 3 {
			took = append(took, pasteModel(t, ctx, fmt.Appendf(bytes.Clone(data), "<!-- edit %d -->\n", i), `document.querySelectorAll("#drawings figure[data-process]").length > 0`))
		}
		slices.Sort(took)
		t.Logf("%s: Load to drawn, 3 versions: median %.0f ms", m.name, took[1])
	}
}

// Without its resident parse worker (the script cannot be loaded, so the
// worker fails at once, every time it is started) the page still reads
// every model, each in a one-off job, with the same drawing and errors.
func TestPageParsesWithoutResidentWorker(t *testing.T) {
	RequireChromium(t)
	root := WebRoot(t)
	RequireUI(t, root)
	files, err := webserver.DirFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: webserver.New(webserver.Options{Files: without{files, "web/parse-worker.js"}, API: engine.New(engine.Options{})})}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	ctx := openPage(t, "http://"+ln.Addr().String()+"/")
	model := readModel(t, "../testdata/models/fischer.xml")
	for i := range 3 {
		edited := fmt.Appendf(bytes.Clone(model), "<!-- edit %d -->\n", i)
		if i == 1 {
			edited = bytes.Replace(edited, []byte(`y="-20">x &lt;= k<`), []byte(`y="-20">x &lt;= 1O<`), 1)
			pasteModel(t, ctx, edited, `!document.getElementById("diagnostics").hidden`)
			if where := Eval[string](t, ctx, `document.querySelector("#diagnostics .where").textContent`); !strings.Contains(where, "pasted.xml:39:49") {
				t.Errorf("edit %d: diagnostic %q, want it at pasted.xml:39:49", i, where)
			}
			continue
		}
		pasteModel(t, ctx, edited, `document.getElementById("diagnostics").hidden && document.querySelectorAll("#drawings figure[data-process]").length === 4`)
		if n := Eval[int](t, ctx, `document.querySelectorAll("#queries li").length`); n != 3 {
			t.Errorf("edit %d: %d queries listed, want fischer's 3", i, n)
		}
	}
}

// without is a file system with one file missing.
type without struct {
	fs.FS
	name string
}

func (w without) Open(name string) (fs.File, error) {
	if name == w.name {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return w.FS.Open(name)
}

// pasteModel loads text through the Paste dialog and returns the
// milliseconds from Load until the page is idle and shown holds (a
// JavaScript condition), polled on every animation frame.
func pasteModel(t *testing.T, ctx context.Context, text []byte, shown string) float64 {
	t.Helper()
	click(t, ctx, "#paste-open")
	js := fmt.Sprintf(`new Promise((resolve, reject) => {
		document.getElementById("paste-text").value = %q;
		const t0 = performance.now();
		document.getElementById("paste-load").click();
		const poll = () => {
			if (document.body.dataset.job === "idle" && !document.getElementById("paste-dialog").open && (%s)) resolve(performance.now() - t0);
			else if (performance.now() - t0 > 30000) reject(new Error("not shown after 30 s: " + document.getElementById("status").textContent));
			else requestAnimationFrame(poll);
		};
		requestAnimationFrame(poll);
	})`, string(text), shown)
	return Eval[float64](t, ctx, js)
}
