package e2e

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"beeline/core/job"
	"beeline/core/model"
	"beeline/core/present"
	"beeline/core/source"
	"beeline/core/uppaal"
	"beeline/core/verify"
)

// settled is true once the model as edited has been read: the model
// area is no longer busy, and what it shows is the edit's.
const settled = `document.getElementById("editor").getAttribute("aria-busy") !== "true"`

// panelTitle is the drawing's side panel's heading: what it edits.
const panelTitle = `(document.querySelector(".draw-panel h3") || {}).textContent`

// Fischer's protocol for three processes built from New as a user
// builds it, with real keys and real pointer events only (scripts read
// the page, never write it): the global declarations typed, the
// template renamed P and given its parameter and clock, the system line;
// on the drawing, New's location named A, req, wait and cs added by
// double clicks and named in the side panel, five edges dragged with the
// edge tool (one bent with a nail) and their guards and updates typed in
// the panel; the mutual exclusion query and E<> P(1).cs typed into the
// verifier and checked, each with the verdict the shipped fischer.xml
// gets; the file saved loads natively as three processes of four
// locations and five edges, and checks the same.
func TestPageNewFischer(t *testing.T) {
	start := time.Now()
	ctx := openPage(t, site(t))
	dl := watchDownloads(t, ctx)
	step := func(what string) { t.Logf("%6.1fs %s", time.Since(start).Seconds(), what) }

	click(t, ctx, "#new-model")
	waitPage(t, ctx, `document.getElementById("model-name").textContent === "untitled.xml"`, 10*time.Second)
	waitDrawn(t, ctx)
	step("New")

	// The global declarations, typed over the placeholder comment.
	click(t, ctx, `#parts button[data-part="decl"]`)
	click(t, ctx, `#part-pane .code[data-part="decl"] .cm-content`)
	ctrl(t, ctx, "a")
	TypeKeys(t, ctx, "const int N = 3;\ntypedef int[1,N] id_t;\nint id;\nconst int k = 2;")
	if got := textIn(t, ctx, partEditor("decl")); got != "const int N = 3;\ntypedef int[1,N] id_t;\nint id;\nconst int k = 2;" {
		t.Fatalf("the declarations read %q", got)
	}
	step("declarations")

	// The template: named P, its parameter, its clock.
	click(t, ctx, `#parts button[data-part="t0"]`)
	click(t, ctx, `#part-pane input[data-part="t0.name"]`)
	ctrl(t, ctx, "a")
	TypeKeys(t, ctx, "P\t")
	waitPage(t, ctx, `document.querySelector('#parts button[data-part="t0"]').firstChild.textContent === "P"`, 5*time.Second)
	click(t, ctx, `#part-pane input[data-part="t0.param"]`)
	TypeKeys(t, ctx, "const id_t pid")
	click(t, ctx, `#part-pane .code[data-part="t0.decl"] .cm-content`)
	ctrl(t, ctx, "a")
	TypeKeys(t, ctx, "clock x;")
	if got := textIn(t, ctx, partEditor("t0.decl")); got != "clock x;" {
		t.Fatalf("P's declarations read %q", got)
	}
	step("template")

	// The system line. The parts list keeps its buttons while the edits
	// are read (a press on one is not lost to a new one under it).
	Eval[bool](t, ctx, `(window.partP = document.querySelector('#parts button[data-part="t0"]'), true)`)
	click(t, ctx, `#parts button[data-part="system"]`)
	click(t, ctx, `#part-pane .code[data-part="system"] .cm-content`)
	ctrl(t, ctx, "a")
	TypeKeys(t, ctx, "system P;")
	waitPage(t, ctx, settled+` && [...document.querySelectorAll("#processes tbody tr")].map(r => r.cells[1].textContent).join(" ") === "P(1) P(2) P(3)"`, 10*time.Second)
	if errs := Eval[string](t, ctx, `[...document.querySelectorAll("#parts button.has-errors")].map(b => b.dataset.part).join(" ")`); errs != "" {
		t.Fatalf("parts with errors after the system line: %s (%s)", errs, Eval[string](t, ctx, `document.getElementById("diagnostics").textContent`))
	}
	if !Eval[bool](t, ctx, `window.partP.isConnected`) {
		t.Error("the parts list's buttons were replaced while the edits were read")
	}
	step("system")

	// The drawing: A is New's initial location; req, wait and cs are
	// added by double clicks on empty space, each named in the panel.
	click(t, ctx, ".draw-bar button.draw-toggle")
	waitPage(t, ctx, `document.querySelectorAll("#drawings figure.editing").length === 1`, 5*time.Second)
	waitPage(t, ctx, panelTitle+` === "Nothing selected"`, 5*time.Second)
	Eval[bool](t, ctx, drawProbes)
	wheelTo(t, ctx, `dt.svg("P")`)
	at := func(x, y float64) [2]float64 { return pt2(t, ctx, fmt.Sprintf(`dt.toClient("P", %v, %v)`, x, y)) }
	name := `.draw-panel [data-field="name"] .cm-content`
	ids := map[string]string{"A": Eval[[]string](t, ctx, `dt.locs("P")`)[0]}
	clickAt(t, ctx, at(0, 0))
	waitPage(t, ctx, panelTitle+` === "Location in P"`, 5*time.Second)
	click(t, ctx, name)
	TypeKeys(t, ctx, "A")
	for i, l := range []struct {
		name string
		x, y float64
	}{{"req", 150, 0}, {"wait", 150, 100}, {"cs", 0, 100}} {
		waitPage(t, ctx, settled, 5*time.Second)
		wheelTo(t, ctx, `dt.svg("P")`)
		doubleAt(t, ctx, at(l.x, l.y))
		waitPage(t, ctx, fmt.Sprintf(`dt.locs("P").length === %d && `+panelTitle+` === "Location in P"`, i+2), 5*time.Second)
		ids[l.name] = Eval[[]string](t, ctx, `dt.locs("P")`)[i+1]
		click(t, ctx, name)
		TypeKeys(t, ctx, l.name)
		if l.name == "req" {
			click(t, ctx, `.draw-panel [data-field="invariant"] .cm-content`)
			TypeKeys(t, ctx, "x<=k")
		}
	}
	step("locations")

	// The edges, dragged with the edge tool, their labels typed.
	click(t, ctx, `.draw-tools button[data-tool="edge"]`)
	edges := []struct {
		from, to, guard, update string
		bend                    bool
	}{
		{"A", "req", "id==0", "x=0", false},
		{"req", "wait", "x<=k", "x=0, id=pid", false},
		{"wait", "req", "id==0", "x=0", true},
		{"wait", "cs", "x>k && id==pid", "", false},
		{"cs", "A", "", "id=0", false},
	}
	for i, e := range edges {
		waitPage(t, ctx, settled, 5*time.Second)
		wheelTo(t, ctx, `dt.svg("P")`)
		from := pt2(t, ctx, fmt.Sprintf(`dt.toClient("P", ...dt.centre("P", %q))`, ids[e.from]))
		to := pt2(t, ctx, fmt.Sprintf(`dt.toClient("P", ...dt.centre("P", %q))`, ids[e.to]))
		dragFrom(t, ctx, from, to, 0)
		waitPage(t, ctx, fmt.Sprintf(`dt.edges("P").length === %d && `+panelTitle+` === "Edge %d in P"`, i+1, i), 5*time.Second)
		if e.bend {
			// Bent out to the right, as in UPPAAL's demo, with the Add
			// nail tool and a drag of the nail.
			click(t, ctx, `.draw-tools button[data-tool="nail"]`)
			clickAt(t, ctx, pt2(t, ctx, fmt.Sprintf(`dt.edgeMiddle("P", %d)`, i)))
			nail := fmt.Sprintf(`dt.svg("P").querySelector('[data-edge="%d"] .nail')`, i)
			waitPage(t, ctx, nail+` !== null`, 5*time.Second)
			n := Eval[[2]float64](t, ctx, `(n => [Number(n.getAttribute("cx")), Number(n.getAttribute("cy"))])(`+nail+`)`)
			dragFrom(t, ctx, at(n[0], n[1]), at(225, 50), 0)
			waitPage(t, ctx, nail+` !== null && `+nail+`.getAttribute("cx") === "225" && `+nail+`.getAttribute("cy") === "50"`, 5*time.Second)
			click(t, ctx, `.draw-tools button[data-tool="edge"]`)
		}
		for _, f := range []struct{ field, text string }{{"guard", e.guard}, {"assignment", e.update}} {
			if f.text == "" {
				continue
			}
			click(t, ctx, `.draw-panel [data-field="`+f.field+`"] .cm-content`)
			TypeKeys(t, ctx, f.text)
		}
	}
	click(t, ctx, `.draw-tools button[data-tool="select"]`)
	waitPage(t, ctx, settled, 5*time.Second)
	var want []string
	for _, e := range edges {
		var ls []string
		if e.guard != "" {
			ls = append(ls, "guard="+e.guard)
		}
		if e.update != "" {
			ls = append(ls, "assignment="+e.update)
		}
		want = append(want, ids[e.from]+">"+ids[e.to]+":"+strings.Join(ls, ","))
	}
	if got := Eval[[]string](t, ctx, `dt.edges("P")`); strings.Join(got, " | ") != strings.Join(want, " | ") {
		t.Errorf("edges drawn:\n%s\nwant\n%s", strings.Join(got, " | "), strings.Join(want, " | "))
	}
	if n := Eval[int](t, ctx, `document.querySelectorAll("#drawings .edge.error, #drawings .location.error, #parts button.has-errors").length`); n != 0 || !Eval[bool](t, ctx, `document.getElementById("diagnostics").hidden`) {
		t.Errorf("%d parts marked as errors after the drawing: %s", n, Eval[string](t, ctx, `document.getElementById("diagnostics").textContent`))
	}
	step("edges")
	Screenshot(t, ctx, "page-new-fischer.png")

	// The queries, typed into the verifier, checked: each verdict is
	// the one the shipped fischer.xml gets for its own (N = 4, pid_t).
	shipped := shippedVerdicts(t)
	queries := []string{
		"A[] forall (i:id_t) forall (j:id_t) P(i).cs && P(j).cs imply i == j",
		"E<> P(1).cs",
	}
	for i, q := range queries {
		click(t, ctx, "#new-query")
		TypeKeys(t, ctx, q+"\r")
		row := rowOf(t, ctx, q)
		if row < 0 {
			t.Fatalf("the query %q is not listed", q)
		}
		marker, status := checkRow(t, ctx, row, 30*time.Second)
		if got := markerVerdict(marker); got != shipped[i] || got != "satisfied" {
			t.Errorf("%s: %q (marker %q, status %q); the shipped model's: %q", q, got, marker, status, shipped[i])
		}
		step("checked " + q)
	}

	// Saved, the file loads natively: three processes P(1..3) of four
	// locations and five edges, and its queries have the same verdicts.
	click(t, ctx, "#save")
	got, data := dl.next()
	if got != "untitled.xml" {
		t.Errorf("Save downloads %q, want untitled.xml", got)
	}
	fs := source.NewFileSet()
	doc, diags := uppaal.Read(fs, got, data)
	if diags.HasErrors() {
		t.Fatalf("the saved file does not read: %v\n%s", fs.Err(diags), data)
	}
	n, diags := model.Load(doc)
	if diags.HasErrors() {
		t.Fatalf("the saved file does not load: %v\n%s", fs.Err(diags), data)
	}
	var procs []string
	for _, p := range n.Processes {
		procs = append(procs, fmt.Sprintf("%s:%d/%d", p.Name, len(p.Locations), len(p.Edges)))
	}
	if s := strings.Join(procs, " "); s != "P(1):4/5 P(2):4/5 P(3):4/5" {
		t.Errorf("the saved network: %s, want P(1..3) of 4 locations and 5 edges", s)
	}
	if v := nativeVerdicts(t, got, data); strings.Join(v, ", ") != strings.Join(shipped, ", ") {
		t.Errorf("the saved file's queries check natively as %q, the shipped model's as %q", v, shipped)
	}
	step("saved")
}

// wheelTo scrolls the page with the mouse wheel, turned over its right
// margin, until the element el (a script expression) is in the window:
// all of it, or as much as the window holds, from its middle.
func wheelTo(t *testing.T, ctx context.Context, el string) {
	t.Helper()
	off := `(r => r.top >= 0 && r.bottom <= innerHeight ? 0 :
		Math.max(-scrollY, Math.min(document.scrollingElement.scrollHeight - innerHeight - scrollY,
			r.top + r.height / 2 - innerHeight / 2)))(` + el + `.getBoundingClientRect())`
	for range 10 {
		dy := Eval[float64](t, ctx, off)
		if math.Abs(dy) < 20 {
			return
		}
		y0 := Eval[float64](t, ctx, `scrollY`)
		wheel(t, ctx, Eval[float64](t, ctx, `innerWidth - 4`), 300, dy)
		waitPage(t, ctx, fmt.Sprintf(`scrollY !== %v`, y0), time.Second)
	}
}

// shippedVerdicts checks the first two queries of the shipped
// web/examples/fischer.xml natively: mutual exclusion and E<> P(1).cs.
func shippedVerdicts(t *testing.T) []string {
	t.Helper()
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(root, "web", "examples", "fischer.xml"))
	if err != nil {
		t.Fatal(err)
	}
	return nativeVerdicts(t, "fischer.xml", src)[:2]
}

// nativeVerdicts checks every query of a model natively, as `beeline
// check` does with its default options.
func nativeVerdicts(t *testing.T, name string, src []byte) []string {
	t.Helper()
	l := job.Load(job.File{Name: name, Data: src})
	if l.Net == nil {
		t.Fatalf("%s does not compile: %v", name, l.FS.Err(l.Diags))
	}
	var out []string
	for _, q := range l.Queries {
		out = append(out, present.Verdict(l.Check(context.Background(), q, verify.Options{})).String())
	}
	return out
}

// markerVerdict reads a query row's marker classes as a verdict.
func markerVerdict(marker string) string {
	m := " " + marker + " "
	switch {
	case strings.Contains(m, " not-satisfied "):
		return "not satisfied"
	case strings.Contains(m, " satisfied "):
		return "satisfied"
	}
	return marker
}
