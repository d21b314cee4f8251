package e2e

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// openEditor loads the code editor's harness (web/test/editor.html) under
// the server's content security policy, watching for violations.
func openEditor(t *testing.T) (context.Context, func() []string) {
	t.Helper()
	RequireChromium(t)
	root := WebRoot(t)
	RequireEditor(t, root)
	base := StartServer(t, root)
	ctx := StartBrowser(t)
	issues := watchCSP(t, ctx)
	Navigate(t, ctx, base+"/web/test/editor.html")
	WaitFor(t, ctx, `window.harness !== undefined && harness.editor !== null`, 10*time.Second)
	// The page's own listener: keys typed in the editor must not reach it.
	Eval[bool](t, ctx, `(() => { window.pageKeys = []; document.addEventListener("keydown", (e) => pageKeys.push(e.key)); return true })()`)
	return ctx, issues
}

// lastLog is the kind and text of the harness's last callback.
func lastLog(t *testing.T, ctx context.Context) (kind, text string) {
	t.Helper()
	v := Eval[[]string](t, ctx, `(() => { const e = harness.log[harness.log.length - 1]; return e ? [e.kind, e.text] : ["", ""] })()`)
	return v[0], v[1]
}

func editorText(t *testing.T, ctx context.Context) string {
	return Eval[string](t, ctx, `harness.editor.getText()`)
}

// The code editor as the page uses it: reached with Tab, named, styled
// under the page's policy, typed into with real keys (onChange on every
// change, none for setText), the page's history on Ctrl-Z/Ctrl-Shift-Z/
// Ctrl-Y with the text left alone, diagnostics marked and their messages
// shown under their lines, search on Ctrl-F, the page's dark theme
// followed, and no violation of the policy throughout.
func TestEditorHarness(t *testing.T) {
	ctx, issues := openEditor(t)
	const initial = "// Fischer's protocol\nconst int N = 3;\nint id;\nclock x;\n"
	if got := editorText(t, ctx); got != initial {
		t.Fatalf("the editor starts with %q, want %q", got, initial)
	}

	// Styled: CodeMirror's own sheet (a flex .cm-editor) and the theme's
	// colours (a keyword in the light theme's purple).
	if got := Eval[string](t, ctx, `getComputedStyle(document.querySelector(".cm-editor")).display`); got != "flex" {
		t.Errorf(".cm-editor has display %q, want flex: CodeMirror's styles are not applied", got)
	}
	if got := Eval[string](t, ctx, `getComputedStyle([...document.querySelectorAll(".cm-line span")].find((s) => s.textContent === "const")).color`); got != "rgb(142, 36, 170)" {
		t.Errorf("the keyword const is drawn in %q, want the theme's rgb(142, 36, 170)", got)
	}
	if got := Eval[int](t, ctx, `document.querySelectorAll(".cm-lineNumbers .cm-gutterElement").length`); got < 5 {
		t.Errorf("%d line-number elements, want one per line (5)", got)
	}
	if got := Eval[string](t, ctx, `document.querySelector(".cm-content").getAttribute("aria-label")`); got != "Global declarations" {
		t.Errorf("the editing area is named %q, want the label option", got)
	}

	// Reached with Tab; typed into at the end.
	Eval[bool](t, ctx, `(document.activeElement.blur(), true)`)
	tabTo(t, ctx, ".cm-content", 3)
	Eval[bool](t, ctx, `(pageKeys.length = 0, true)`)
	TypeKeys(t, ctx, kb.End, chromedp.ModifierCtrl)
	TypeKeys(t, ctx, "int y;\nint w;")
	typed := initial + "int y;\nint w;"
	if got := editorText(t, ctx); got != typed {
		t.Fatalf("after typing the editor holds %q, want %q", got, typed)
	}
	if kind, text := lastLog(t, ctx); kind != "change" || text != typed {
		t.Errorf("last callback %s %q, want change with the typed text", kind, text)
	}
	if n := Eval[int](t, ctx, `harness.log.filter((e) => e.kind === "change").length`); n != len("int y;\nint w;") {
		t.Errorf("%d onChange calls for %d keys typed", n, len("int y;\nint w;"))
	}

	// The page's history: the editor calls it and changes nothing itself.
	for _, c := range []struct {
		key  string
		mods []chromedp.Modifier
		want string
	}{
		{"z", []chromedp.Modifier{chromedp.ModifierCtrl}, "undo"},
		{"Z", []chromedp.Modifier{chromedp.ModifierCtrl, chromedp.ModifierShift}, "redo"},
		{"y", []chromedp.Modifier{chromedp.ModifierCtrl}, "redo"},
	} {
		n := Eval[int](t, ctx, `harness.log.length`)
		TypeKeys(t, ctx, c.key, c.mods...)
		if kind, _ := lastLog(t, ctx); kind != c.want || Eval[int](t, ctx, `harness.log.length`) != n+1 {
			t.Errorf("%v+%s: last callback %q (%d new), want one %s", c.mods, c.key, kind, Eval[int](t, ctx, `harness.log.length`)-n, c.want)
		}
		if got := editorText(t, ctx); got != typed {
			t.Errorf("%v+%s changed the text to %q", c.mods, c.key, got)
		}
	}
	if got := Eval[[]string](t, ctx, `pageKeys`); len(got) > 0 {
		t.Errorf("keys typed in the editor reached the page's listener: %q", got)
	}

	// setText: the page's text, no onChange, the cursor kept in the text
	// kept (at the end of "int y;", before the new tail).
	n := Eval[int](t, ctx, `harness.log.length`)
	Eval[bool](t, ctx, `(harness.editor.setText(harness.editor.getText() + "\nint z;"), true)`)
	if got := editorText(t, ctx); got != typed+"\nint z;" {
		t.Errorf("after setText the editor holds %q", got)
	}
	if got := Eval[int](t, ctx, `harness.log.length`); got != n {
		t.Errorf("setText made %d callbacks, want none", got-n)
	}
	if got := Eval[int](t, ctx, `harness.editor.view.state.selection.main.head`); got != len(typed) {
		t.Errorf("after setText the cursor is at %d, want %d where it was", got, len(typed))
	}

	// Diagnostics: the range marked, the message under its line.
	from := strings.Index(typed, "id;")
	Eval[bool](t, ctx, `(harness.editor.setDiagnostics([
		{from: `+strconv.Itoa(from)+`, to: `+strconv.Itoa(from+2)+`, severity: "error", message: "undeclared identifier \"id\""},
		{from: 0, to: 2, severity: "warning", message: "a comment"}]), true)`)
	WaitFor(t, ctx, `document.querySelectorAll(".cm-beeline-message").length === 2`, 2*time.Second)
	msgs := Eval[[]string](t, ctx, `[...document.querySelectorAll(".cm-beeline-message")].map((m) => m.previousElementSibling.textContent + " => " + m.textContent)`)
	want := []string{`// Fischer's protocol => warning: a comment`, `int id; => error: undeclared identifier "id"`}
	if strings.Join(msgs, "\n") != strings.Join(want, "\n") {
		t.Errorf("inline messages (line => message):\n%s\nwant:\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}
	if got := Eval[string](t, ctx, `document.querySelector(".cm-lintRange-error").textContent`); got != "id" {
		t.Errorf("the error marks %q, want id", got)
	}
	Eval[bool](t, ctx, `(harness.editor.setDiagnostics([]), true)`)
	WaitFor(t, ctx, `document.querySelectorAll(".cm-beeline-message, .cm-lintRange").length === 0`, 2*time.Second)

	// Search: Ctrl-F opens the panel with the focus in its field.
	harness := Eval[string](t, ctx, `document.activeElement.className`)
	if !strings.Contains(harness, "cm-content") {
		t.Fatalf("the focus left the editor: %q", harness)
	}
	TypeKeys(t, ctx, "f", chromedp.ModifierCtrl)
	WaitFor(t, ctx, `document.querySelector(".cm-search") !== null && document.activeElement.name === "search"`, 2*time.Second)
	TypeKeys(t, ctx, "clock")
	WaitFor(t, ctx, `document.querySelectorAll(".cm-searchMatch").length === 1`, 2*time.Second)
	TypeKeys(t, ctx, kb.Escape)
	WaitFor(t, ctx, `document.querySelector(".cm-search") === null`, 2*time.Second)

	// The page's dark theme.
	Eval[bool](t, ctx, `(document.documentElement.dataset.theme = "dark", true)`)
	if got := Eval[string](t, ctx, `getComputedStyle(document.querySelector(".cm-editor")).backgroundColor`); got != "rgb(18, 20, 23)" {
		t.Errorf("in the dark theme the editor's background is %q, want the page's rgb(18, 20, 23)", got)
	}

	if got := Eval[[]string](t, ctx, `window.cspViolations`); len(got) > 0 {
		t.Errorf("the editor violated the policy:\n%s", strings.Join(got, "\n"))
	}
	if got := issues(); len(got) > 0 {
		t.Errorf("Chromium reported policy issues:\n%s", strings.Join(got, "\n"))
	}

	Eval[bool](t, ctx, `(harness.editor.destroy(), true)`)
	if got := Eval[int](t, ctx, `document.querySelectorAll(".cm-editor").length`); got != 0 {
		t.Errorf("%d editors left after destroy", got)
	}
}

// A one-line field (a query): Enter calls onEnter and inserts nothing, no
// line numbers.
func TestEditorSingleLine(t *testing.T) {
	ctx, _ := openEditor(t)
	Eval[bool](t, ctx, `(harness.make({text: "E<> P(1).cs", language: "query", label: "Query", lines: false, singleLine: true}).focus(), true)`)
	TypeKeys(t, ctx, kb.End)
	TypeKeys(t, ctx, kb.Enter)
	if kind, text := lastLog(t, ctx); kind != "enter" || text != "E<> P(1).cs" {
		t.Errorf("Enter: last callback %s %q, want enter with the text unchanged", kind, text)
	}
	if got := Eval[int](t, ctx, `document.querySelectorAll(".cm-gutters").length`); got != 0 {
		t.Errorf("a field without lines has %d gutters", got)
	}
	if got := Eval[string](t, ctx, `getComputedStyle([...document.querySelectorAll(".cm-line span")].find((s) => s.textContent === "E<>")).color`); got != "rgb(142, 36, 170)" {
		t.Errorf("the quantifier E<> is drawn in %q, want the keyword colour", got)
	}
}
