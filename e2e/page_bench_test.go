package e2e

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// editorJS is a script expression for the editor of part key in the
// model area's pane, or of query row i's formula: its holder element.
func partEditor(key string) string {
	return fmt.Sprintf(`document.querySelector('#part-pane .code[data-part="%s"]')`, key)
}

func formulaEditor(i int) string {
	return fmt.Sprintf(`document.querySelector('#queries li[data-query="%d"] .formula')`, i)
}

// textIn returns the text of the editor in holder (a code editor's
// lines, or a plain field's value).
func textIn(t *testing.T, ctx context.Context, holder string) string {
	t.Helper()
	return Eval[string](t, ctx, `(() => { const h = `+holder+`; if (!h) return "<no editor>";
		const f = h.querySelector("textarea, input"); if (f) return f.value;
		return [...h.querySelectorAll(".cm-line")].map(l => l.textContent).join("\n") })()`)
}

// selectIn focuses the editor in holder and selects n characters of its
// text from the first occurrence of needle plus skip, as a user's drag
// would; what is typed next replaces them.
func selectIn(t *testing.T, ctx context.Context, holder, needle string, skip, n int) {
	t.Helper()
	ok := Eval[bool](t, ctx, fmt.Sprintf(`(() => { const h = %s; if (!h) return false;
		const f = h.querySelector("textarea, input");
		if (f) { const i = f.value.indexOf(%q); if (i < 0) return false; f.focus(); f.setSelectionRange(i + %d, i + %d + %d); return true }
		const c = h.querySelector(".cm-content"); c.focus();
		const lines = [...c.querySelectorAll(".cm-line")];
		const i = lines.map(l => l.textContent).join("\n").indexOf(%[2]q);
		if (i < 0) return false;
		const at = off => {
			let base = 0;
			for (const l of lines) {
				const len = l.textContent.length;
				if (off <= base + len) {
					let o = off - base;
					const walk = document.createTreeWalker(l, NodeFilter.SHOW_TEXT);
					for (let node; (node = walk.nextNode()); ) {
						if (o <= node.data.length) return [node, o];
						o -= node.data.length;
					}
					return [l, 0];
				}
				base += len + 1;
			}
		};
		const r = document.createRange(); r.setStart(...at(i + %[3]d)); r.setEnd(...at(i + %[3]d + %[5]d));
		const s = getSelection(); s.removeAllRanges(); s.addRange(r); return true;
		return false })()`, holder, needle, skip, skip, n))
	if !ok {
		t.Fatalf("cannot find %q in the editor: %q", needle, textIn(t, ctx, holder))
	}
	time.Sleep(50 * time.Millisecond) // a code editor reads the selection on its next event
}

// ctrl presses Ctrl and key, as a user does for undo (z) and redo.
func ctrl(t *testing.T, ctx context.Context, key string) {
	t.Helper()
	TypeKeys(t, ctx, key, chromedp.ModifierCtrl)
}

// markJS describes the inline marks in holder: a code editor's error
// ranges, or a plain field's listed messages.
func markJS(holder string) string {
	return `(() => { const h = ` + holder + `; if (!h) return "";
		const m = [...h.querySelectorAll(".cm-lintRange-error")].map(e => e.textContent);
		if (m.length) return "range:" + m.join("|");
		const next = h.querySelector(".marks"); return next ? next.textContent : "" })()`
}

// rowOf returns the row index of the query whose formula is f, -1 when
// none.
func rowOf(t *testing.T, ctx context.Context, f string) int {
	t.Helper()
	return Eval[int](t, ctx, fmt.Sprintf(`(() => { const li = [...document.querySelectorAll("#queries li")].find(li => li.querySelector(".formula").textContent.trim() === %q); return li ? Number(li.dataset.query) : -1 })()`, f))
}

// The workbench's text side, as a user works: train-gate's declarations
// are shown, a typo typed into them is marked inline and on the parts
// list, Ctrl+Z fixes it, and a query checks with the shipped verdict; a
// query's formula is edited and checked, deleted, and the delete undone.
func TestPageBenchText(t *testing.T) {
	if _, err := os.Stat(trainGate); err != nil {
		t.Skipf("the shared models are absent (%v)", err)
	}
	ctx := openPage(t, site(t))
	upload(t, ctx, trainGate)
	waitDrawn(t, ctx)

	click(t, ctx, `#parts button[data-part="decl"]`)
	decl := partEditor("decl")
	if got := textIn(t, ctx, decl); !strings.Contains(got, "const int N = 6;") {
		t.Fatalf("the declarations read %q, want const int N = 6;", got)
	}

	// "int" becomes "itn", typed.
	selectIn(t, ctx, decl, "const int N", 6, 3)
	TypeKeys(t, ctx, "itn")
	if got := textIn(t, ctx, decl); !strings.Contains(got, "const itn N") {
		t.Fatalf("after typing, the declarations read %q", got)
	}
	start := time.Now()
	waitPage(t, ctx, `document.querySelector('#parts button[data-part="decl"]').classList.contains("has-errors") && `+markJS(decl)+` !== ""`, 5*time.Second)
	t.Logf("the error was marked %v after typing", time.Since(start).Round(time.Millisecond))
	if mark := Eval[string](t, ctx, markJS(decl)); mark != "range:itn" && !strings.HasPrefix(mark, "8:7:") {
		t.Errorf("the mark reads %q, want the range itn (or 8:7: in a plain field)", mark)
	}
	if errs := Eval[string](t, ctx, `document.querySelector('#parts button[data-part="decl"]').dataset.errors`); errs == "" || errs == "0" {
		t.Errorf("the parts list marks %q errors on Declarations", errs)
	}
	if !Eval[bool](t, ctx, `document.querySelectorAll("#drawings svg").length > 0`) {
		t.Error("the drawing went away while the declarations have an error")
	}

	// The page's undo takes the typo back.
	ctrl(t, ctx, "z")
	if got := textIn(t, ctx, decl); !strings.Contains(got, "const int N = 6;") {
		t.Fatalf("after Ctrl+Z the declarations read %q", got)
	}
	waitPage(t, ctx, `!document.querySelector('#parts button[data-part="decl"]').classList.contains("has-errors") && `+markJS(decl)+` === ""`, 5*time.Second)

	// The manifest: E<> Gate.Occ is satisfied.
	marker, status := checkRow(t, ctx, rowOf(t, ctx, "E<> Gate.Occ"), 60*time.Second)
	if !strings.Contains(" "+marker+" ", " satisfied ") {
		t.Fatalf("E<> Gate.Occ: marker %q, status %q; want satisfied", marker, status)
	}

	// Edit that query into another, typed, and check it.
	row := rowOf(t, ctx, "E<> Gate.Occ")
	before := Eval[int](t, ctx, `document.querySelectorAll("#queries li").length`)
	selectIn(t, ctx, formulaEditor(row), "Gate.Occ", 0, len("Gate.Occ"))
	TypeKeys(t, ctx, "Train(2).Cross")
	if got := textIn(t, ctx, formulaEditor(row)); got != "E<> Train(2).Cross" {
		t.Fatalf("the edited formula reads %q", got)
	}
	waitPage(t, ctx, fmt.Sprintf(`document.querySelector('#queries li[data-query="%d"] .marker').className.trim() === "marker"`, row), 5*time.Second)
	marker, status = checkRow(t, ctx, row, 60*time.Second)
	if !strings.Contains(" "+marker+" ", " satisfied ") {
		t.Fatalf("E<> Train(2).Cross: marker %q, status %q; want satisfied", marker, status)
	}

	// Delete it, then undo the delete.
	click(t, ctx, fmt.Sprintf(`#queries li[data-query="%d"] button[data-verb="Delete"]`, row))
	if n := Eval[int](t, ctx, `document.querySelectorAll("#queries li").length`); n != before-1 || rowOf(t, ctx, "E<> Train(2).Cross") >= 0 {
		t.Fatalf("after Delete, %d queries listed (want %d), the edited one at %d", n, before-1, rowOf(t, ctx, "E<> Train(2).Cross"))
	}
	ctrl(t, ctx, "z")
	if n := Eval[int](t, ctx, `document.querySelectorAll("#queries li").length`); n != before || rowOf(t, ctx, "E<> Train(2).Cross") != row {
		t.Fatalf("after Ctrl+Z, %d queries listed (want %d), the edited one at %d (want %d)", n, before, rowOf(t, ctx, "E<> Train(2).Cross"), row)
	}
	if !strings.Contains(Eval[string](t, ctx, `document.getElementById("undo").title`), "Edit query") {
		t.Errorf("Undo's title %q, want the query edit next", Eval[string](t, ctx, `document.getElementById("undo").title`))
	}
	Screenshot(t, ctx, "page-bench-text.png")
}

// A model opened with a .q file lists each query once: the file's
// repeats of the model's own queries are left out. A trace shown is
// closed, with a note, once the model is edited.
func TestPageBenchQueryFileAndStaleTrace(t *testing.T) {
	ctx := openPage(t, site(t))
	upload(t, ctx, "testdata/bench-own.xml", "testdata/bench-own.q")
	waitDrawn(t, ctx)
	formulas := Eval[[]string](t, ctx, `[...document.querySelectorAll("#queries li .formula")].map(f => f.textContent.trim())`)
	if strings.Join(formulas, " | ") != "E<> P.B | A[] x >= 0 | E<> P.A" {
		t.Fatalf("queries listed: %q, want the model's two and the file's new one", formulas)
	}
	marker, status := checkRow(t, ctx, 0, 30*time.Second)
	if !strings.Contains(" "+marker+" ", " satisfied ") {
		t.Fatalf("E<> P.B: marker %q, status %q", marker, status)
	}
	waitPage(t, ctx, `!document.getElementById("simulator").hidden && document.querySelectorAll("#steps .row").length > 0`, 10*time.Second)

	click(t, ctx, `#parts button[data-part="decl"]`)
	selectIn(t, ctx, partEditor("decl"), "clock x;", len("clock x;"), 0)
	TypeKeys(t, ctx, " int y;")
	waitPage(t, ctx, `document.getElementById("sim-note").textContent.includes("previous version")`, 5*time.Second)
	if n := Eval[int](t, ctx, `document.querySelectorAll("#steps .row, #drawings .location.active").length`); n != 0 {
		t.Errorf("%d trace rows or highlighted locations left after the edit", n)
	}
	// Once the edit is read, the query can be checked again, with no
	// verdict of the previous version.
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="0"] .marker').className.trim() === "marker"`, 5*time.Second)

	// A formula's error is marked in its row, where it was typed.
	selectIn(t, ctx, formulaEditor(1), "x >= 0", 0, 1)
	TypeKeys(t, ctx, "z")
	waitPage(t, ctx, markJS(formulaEditor(1))+` === "range:z"`, 5*time.Second)
}

// Templates are added, renamed and deleted in the parts list, each an
// undoable step.
func TestPageBenchTemplates(t *testing.T) {
	ctx := openPage(t, site(t))
	upload(t, ctx, "testdata/bench-own.xml")
	waitDrawn(t, ctx)
	parts := func() string {
		return Eval[string](t, ctx, `[...document.querySelectorAll("#parts button")].map(b => b.firstChild.textContent).join(" | ")`)
	}
	if got := parts(); got != "Declarations | P | System declarations" {
		t.Fatalf("parts %q", got)
	}
	click(t, ctx, "#add-template")
	if got := parts(); got != "Declarations | P | Template | System declarations" {
		t.Fatalf("after Add template, parts %q", got)
	}
	name := `document.querySelector('#part-pane input[data-part="t1.name"]')`
	selectIn(t, ctx, `document.querySelector("#part-pane .template-fields")`, "Template", 0, len("Template"))
	TypeKeys(t, ctx, "Q\t")
	if got := parts(); got != "Declarations | P | Q | System declarations" {
		t.Fatalf("after renaming, parts %q (the field reads %q)", got, Eval[string](t, ctx, name+`.value`))
	}
	Eval[bool](t, ctx, `(() => { window.confirm = () => true; return true })()`)
	click(t, ctx, `#part-pane .delete-template`)
	if got := parts(); got != "Declarations | P | System declarations" {
		t.Fatalf("after Delete, parts %q", got)
	}
	click(t, ctx, "#undo")
	if got := parts(); got != "Declarations | P | Q | System declarations" {
		t.Fatalf("after Undo, parts %q", got)
	}
	if got := Eval[string](t, ctx, `document.getElementById("undo").title`); got != "Undo: Rename template" {
		t.Errorf("Undo's title %q, want the rename next", got)
	}
}

// A check's result that arrives after the model was edited is reported
// as the previous version's: no verdict on the row, no trace.
func TestPageBenchStaleResult(t *testing.T) {
	ctx := openPage(t, site(t))
	upload(t, ctx, "testdata/fischer-9.xta")
	waitDrawn(t, ctx)
	click(t, ctx, "#new-query")
	TypeKeys(t, ctx, "E<> false\r")
	row := rowOf(t, ctx, "E<> false")
	if row < 0 {
		t.Fatal("the query added is not listed")
	}
	// E<> false is long for a blind search; the auto order, the page's
	// default, may prove it at once with a heuristic.
	pick(t, ctx, "order", "bfs")
	checkQuery(t, ctx, row)
	waitPage(t, ctx, `document.body.dataset.job === "checking" && Number((document.getElementById("p-explored")||{}).textContent) > 0`, 30*time.Second)
	click(t, ctx, `#parts button[data-part="decl"]`)
	selectIn(t, ctx, partEditor("decl"), "k = 2", 4, 1)
	TypeKeys(t, ctx, "3")
	if Eval[string](t, ctx, `document.body.dataset.job`) != "checking" {
		t.Skip("the check ended before the edit: this machine is too fast for the test")
	}
	waitPage(t, ctx, `document.body.dataset.job === "idle"`, 120*time.Second)
	if s := text(t, ctx, "status"); !strings.Contains(s, "previous version") {
		t.Errorf("status %q, want the result reported as the previous version's", s)
	}
	if m := Eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#queries li[data-query="%d"] .marker').className.trim()`, row)); m != "marker" {
		t.Errorf("the row's marker %q, want no verdict", m)
	}
}
