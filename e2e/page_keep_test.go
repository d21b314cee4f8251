package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"beeline/core/share"
	"beeline/core/source"
	"beeline/core/uppaal"
)

// Nothing is lost: the model as edited is kept in the browser, restored
// after a reload and after its tab is closed, saved as UPPAAL XML, shared
// by link with the edit, and the page asks before it drops unsaved
// changes.

// downloads has the browser save files to a temporary folder and hands
// each finished download over as its suggested name and its bytes.
type downloads struct {
	t    *testing.T
	dir  string
	done chan [2]string // suggested name, path
}

func watchDownloads(t *testing.T, ctx context.Context) *downloads {
	t.Helper()
	d := &downloads{t: t, dir: t.TempDir(), done: make(chan [2]string, 8)}
	var mu sync.Mutex
	names := map[string]string{}
	err := chromedp.ListenBrowser(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *browser.EventDownloadWillBegin:
			names[ev.GUID] = ev.SuggestedFilename
		case *browser.EventDownloadProgress:
			if ev.State == browser.DownloadProgressStateCompleted {
				d.done <- [2]string{names[ev.GUID], filepath.Join(d.dir, ev.GUID)}
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	events := true
	_, err = chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: d.dir, EventsEnabled: &events})
	if err != nil {
		t.Fatalf("download behaviour: %v", err)
	}
	return d
}

// next waits for the next finished download.
func (d *downloads) next() (name string, data []byte) {
	d.t.Helper()
	select {
	case got := <-d.done:
		data, err := os.ReadFile(got[1])
		if err != nil {
			d.t.Fatal(err)
		}
		return got[0], data
	case <-time.After(10 * time.Second):
		d.t.Fatal("no download within 10 s")
	}
	return "", nil
}

// dialogs answers the page's dialogs (confirm, beforeunload) with the
// answers queued by answer (true: OK), and accepts when none is queued;
// seen lists them as "type: message".
type dialogs struct {
	mu      sync.Mutex
	answers []bool
	seen    []string
}

func watchDialogs(ctx context.Context) *dialogs {
	d := &dialogs{}
	go func() {
		for ev, err := range chromedp.Events(ctx, page.JavascriptDialogOpening) {
			if err != nil {
				return
			}
			d.mu.Lock()
			ok := true
			if len(d.answers) > 0 {
				ok, d.answers = d.answers[0], d.answers[1:]
			}
			d.seen = append(d.seen, string(ev.Type)+": "+ev.Message)
			d.mu.Unlock()
			chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: ok})
		}
	}()
	return d
}

func (d *dialogs) answer(ok bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.answers = append(d.answers, ok)
}

// take returns the dialogs seen since it was last called.
func (d *dialogs) take() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	s := d.seen
	d.seen = nil
	return s
}

// armed reports whether leaving the page now would ask first: a
// beforeunload event is cancelled.
func armed(t *testing.T, ctx context.Context) bool {
	t.Helper()
	return Eval[bool](t, ctx, `(() => { const e = new Event("beforeunload", {cancelable: true}); window.dispatchEvent(e); return e.defaultPrevented })()`)
}

// kept is the working copy in the page's IndexedDB.
type kept struct {
	Name, Model, Query string
	Dirty              bool
}

func workCopy(t *testing.T, ctx context.Context) *kept {
	t.Helper()
	return Eval[*kept](t, ctx, `new Promise((ok, fail) => {
		const r = indexedDB.open("beeline");
		r.onerror = () => fail(r.error);
		r.onsuccess = () => {
			const db = r.result;
			if (!db.objectStoreNames.contains("work")) { db.close(); ok(null); return; }
			const g = db.transaction("work").objectStore("work").get("current");
			g.onerror = () => fail(g.error);
			g.onsuccess = () => {
				const c = g.result;
				db.close();
				ok(c ? {Name: c.name, Model: new TextDecoder().decode(c.model), Query: c.query, Dirty: c.dirty} : null);
			};
		};
	})`)
}

// waitKept waits until the working copy holds want, and is dirty or not.
func waitKept(t *testing.T, ctx context.Context, want string, dirty bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		c := workCopy(t, ctx)
		if c != nil && strings.Contains(c.Model, want) && c.Dirty == dirty {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the working copy is %+v, want %q in it, dirty %v", c, want, dirty)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// sharedLink clicks Copy link and decodes the link it shows.
func sharedLink(t *testing.T, ctx context.Context) (string, *share.Link) {
	t.Helper()
	Eval[bool](t, ctx, `(document.getElementById("share-url").value = "", true)`)
	copyLink(t, ctx)
	waitPage(t, ctx, `document.getElementById("share-url").value.includes("#")`, 5*time.Second)
	url := Eval[string](t, ctx, `document.getElementById("share-url").value`)
	l, err := share.Decode(url[strings.Index(url, "#"):])
	if err != nil {
		t.Fatalf("the link %.60s…: %v", url, err)
	}
	return url, l
}

// expectSaved clicks Save and checks the file: its name, and an UPPAAL
// XML model core/uppaal reads without an error, whose declarations hold
// decl.
func expectSaved(t *testing.T, ctx context.Context, dl *downloads, name, decl string) []byte {
	t.Helper()
	click(t, ctx, "#save")
	got, data := dl.next()
	if got != name {
		t.Errorf("Save downloads %q, want %q", got, name)
	}
	if !strings.HasPrefix(string(data), "<?xml") || !strings.Contains(string(data), "<!DOCTYPE nta") {
		t.Errorf("the saved file starts %q, want UPPAAL's XML declaration and DOCTYPE", string(data[:min(len(data), 80)]))
	}
	doc, diags := uppaal.Read(source.NewFileSet(), name, data)
	if diags.HasErrors() {
		t.Fatalf("the saved file does not read: %v", diags.Errors()[0].Msg)
	}
	if doc.Format != uppaal.FormatXML || doc.Declaration == nil || !strings.Contains(doc.Declaration.Text(), decl) {
		t.Errorf("the saved file's declarations do not hold %q", decl)
	}
	return data
}

// waitReloaded is WaitFor across a navigation that replaces the page
// while the condition is polled.
func waitReloaded(t *testing.T, ctx context.Context, cond string, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(time.Until(deadline)), chromedp.WithPollingInterval(20*time.Millisecond)))
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting %v for %s: %v", timeout, short(cond), err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// editDeclaration edits the global declarations as a user does: the
// Declarations part, the text from selected in its editor, to typed
// over it with key events.
func editDeclaration(t *testing.T, ctx context.Context, from, to string) {
	t.Helper()
	click(t, ctx, `#parts button[data-part="decl"]`)
	holder := partEditor("decl")
	waitPage(t, ctx, holder+` !== null`, 5*time.Second)
	selectIn(t, ctx, holder, from, 0, len(from))
	press(t, ctx, to)
}

func noteText(t *testing.T, ctx context.Context) string {
	t.Helper()
	return Eval[string](t, ctx, `document.getElementById("work-note").hidden ? "" : document.getElementById("work-text").textContent`)
}

func TestPageKeepWorkingCopy(t *testing.T) {
	base := site(t)
	ctx := openPage(t, base+"?model=/web/examples/fischer.xml")
	waitDrawn(t, ctx)
	dl := watchDownloads(t, ctx)
	dlg := watchDialogs(ctx)
	if armed(t, ctx) {
		t.Error("leaving asks before any edit")
	}
	// Unedited, the model saves as the editor writes it, and a link
	// carries its address.
	expectSaved(t, ctx, dl, "fischer.xml", "const int N = 4;")
	if _, l := sharedLink(t, ctx); l.ModelURL == "" || len(l.Model) != 0 {
		t.Errorf("a link to the unedited model carries %q and %d bytes, want its address only", l.ModelURL, len(l.Model))
	}
	// A trace, found before the edit.
	checkQuery(t, ctx, 1)
	waitPage(t, ctx, `!document.getElementById("simulator").hidden`, 30*time.Second)

	editDeclaration(t, ctx, "const int N = 4;", "const int N = 3;")
	waitPage(t, ctx, `document.querySelectorAll("#drawings figure[data-process]").length === 3`, 10*time.Second)
	if !armed(t, ctx) {
		t.Error("leaving does not ask with unsaved edits")
	}
	if s := Eval[string](t, ctx, `location.search + location.hash`); s != "" {
		t.Errorf("the address still names the model before the edit: %q", s)
	}
	waitKept(t, ctx, "const int N = 3;", true)
	link, l := sharedLink(t, ctx)
	if l.ModelURL != "" || !strings.Contains(string(l.Model), "const int N = 3;") {
		t.Errorf("a link to the edited model carries %q and not the edit", l.ModelURL)
	}
	if len(l.Steps) != 0 || l.End != "" {
		t.Errorf("a link made after the edit carries the trace found before it (%d steps)", len(l.Steps))
	}
	click(t, ctx, "#short-link")
	waitPage(t, ctx, `document.getElementById("share-url").value.includes("/s/")`, 10*time.Second)
	short := Eval[string](t, ctx, `document.getElementById("share-url").value`)
	env := Eval[string](t, ctx, `fetch("api/share/" + `+jsString(short[strings.LastIndex(short, "/")+1:])+`).then(r => r.text())`)
	if sl, err := share.Decode(env); err != nil || !strings.Contains(string(sl.Model), "const int N = 3;") || len(sl.Steps) != 0 {
		t.Errorf("the short link made after the edit does not carry the edited model alone (%v)", err)
	}

	// Reload in the middle of the work: the page asks first. The address
	// is the link just made, which opens the edited model: it is
	// unsaved, and no other copy is offered.
	dlg.take()
	Eval[bool](t, ctx, `(window.before = true, setTimeout(() => location.reload(), 0), true)`)
	waitReloaded(t, ctx, `!window.before && document.body.dataset.job === "idle" && document.querySelectorAll("#drawings figure[data-process]").length === 3`, 30*time.Second)
	if seen := dlg.take(); len(seen) != 1 || !strings.HasPrefix(seen[0], "beforeunload") {
		t.Errorf("dialogs on reload: %q, want one beforeunload", seen)
	}
	if n := noteText(t, ctx); n != "" {
		t.Errorf("the edited model, opened by its link, offers its own copy: %q", n)
	}
	if !armed(t, ctx) {
		t.Error("leaving does not ask on the edited model opened by its link")
	}
	// The page's own address: the edit is back, with the notice.
	Navigate(t, ctx, base)
	waitReloaded(t, ctx, `document.body.dataset.job === "idle" && !document.getElementById("work-note").hidden`, 30*time.Second)
	if n := noteText(t, ctx); !strings.HasPrefix(n, "Restored your unsaved edits of fischer.xml from ") {
		t.Errorf("notice after reload: %q", n)
	}
	waitPage(t, ctx, `document.querySelectorAll("#drawings figure[data-process]").length === 3`, 10*time.Second)
	if !armed(t, ctx) {
		t.Error("leaving does not ask with restored unsaved edits")
	}
	// The query selected when the copy was kept is selected again.
	waitPage(t, ctx, `document.querySelector("#queries li.selected") !== null`, 10*time.Second)
	if q := Eval[string](t, ctx, `document.querySelector("#queries li.selected").dataset.query`); q != "1" {
		t.Errorf("query %s selected after the restore, want 1 (E<> P(1).cs)", q)
	}
	Screenshot(t, ctx, "page-keep-restored.png")

	// Save: the file is the model as edited; nothing is unsaved then.
	expectSaved(t, ctx, dl, "fischer.xml", "const int N = 3;")
	if armed(t, ctx) {
		t.Error("leaving asks after Save")
	}
	waitKept(t, ctx, "const int N = 3;", false)

	// Edit again and close the tab: a new tab restores it. (Closed
	// within the pause the page waits for, the write the page starts as
	// it goes is Chromium's to finish or drop: not tested here.)
	tab, cancelTab := chromedp.NewContext(ctx)
	defer cancelTab()
	if _, err := chromedp.Run(tab, chromedp.EmulateViewport(1400, 1000)); err != nil {
		t.Fatal(err)
	}
	editDeclaration(t, ctx, "const int N = 3;", "const int N = 2;")
	waitKept(t, ctx, "const int N = 2;", true)
	if _, err := chromedp.Call(ctx, page.Close, cdp.Empty{}); err != nil {
		t.Fatalf("closing the tab: %v", err)
	}
	Navigate(t, tab, base)
	WaitFor(t, tab, `document.body.dataset.job === "idle" && !document.getElementById("work-note").hidden`, 30*time.Second)
	if n := noteText(t, tab); !strings.HasPrefix(n, "Restored your unsaved edits of fischer.xml from ") {
		t.Errorf("notice in a new tab: %q", n)
	}
	waitPage(t, tab, `document.querySelectorAll("#drawings figure[data-process]").length === 2`, 10*time.Second)

	// New asks first with unsaved edits; the edits stay, offered.
	tdlg := watchDialogs(tab)
	tdlg.answer(false)
	click(t, tab, "#new-model")
	if seen := tdlg.take(); len(seen) != 1 || !strings.HasPrefix(seen[0], "confirm") {
		t.Errorf("dialogs on New: %q, want one confirm", seen)
	}
	if name := Eval[string](t, tab, `document.getElementById("model-name").textContent`); name != "fischer.xml" {
		t.Errorf("New, refused, opened %q", name)
	}
	click(t, tab, "#new-model")
	waitPage(t, tab, `document.getElementById("model-name").textContent === "untitled.xml"`, 10*time.Second)
	waitDrawn(t, tab)
	if armed(t, tab) {
		t.Error("leaving asks on a new model not edited")
	}
	if n := noteText(t, tab); !strings.HasPrefix(n, "You have unsaved edits of fischer.xml from ") {
		t.Errorf("notice after New: %q", n)
	}
	click(t, tab, "#work-restore")
	waitPage(t, tab, `document.getElementById("model-name").textContent === "fischer.xml" && document.querySelectorAll("#drawings figure[data-process]").length === 2`, 10*time.Second)

	// Discard goes back to the empty page and forgets the copy.
	click(t, tab, "#work-discard")
	waitPage(t, tab, `!document.getElementById("empty").hidden && document.getElementById("model-name").textContent === ""`, 10*time.Second)
	if c := workCopy(t, tab); c != nil {
		t.Errorf("a copy is kept after Discard: %+v", c.Name)
	}

	// The link made after the edit, in a fresh browser: the edited model.
	fresh := openPage(t, link)
	waitPage(t, fresh, `document.body.dataset.job === "idle" && document.querySelectorAll("#drawings figure[data-process]").length === 3`, 30*time.Second)
	if n := noteText(t, fresh); n != "" {
		t.Errorf("a fresh browser offers a working copy: %q", n)
	}
}

// An .xta model, its queries in a .q beside it, saves as NAME.xml with
// Ctrl+S: UPPAAL XML holding the queries, and nothing is unsaved after.
func TestPageKeepSaveXTA(t *testing.T) {
	ctx := openPage(t, site(t)+"?model=/web/examples/crossing.xta")
	waitDrawn(t, ctx)
	dl := watchDownloads(t, ctx)
	editDeclaration(t, ctx, "const int N = 3;", "const int N = 2;")
	if !armed(t, ctx) {
		t.Error("leaving does not ask with unsaved edits")
	}
	// In the editor, where the edit was typed.
	if _, err := chromedp.Run(ctx, chromedp.KeyEvent("s", chromedp.KeyModifiers(chromedp.ModifierCtrl))); err != nil {
		t.Fatal(err)
	}
	name, data := dl.next()
	if name != "crossing.xml" {
		t.Errorf("Ctrl+S saves %q, want crossing.xml", name)
	}
	doc, diags := uppaal.Read(source.NewFileSet(), name, data)
	if diags.HasErrors() || doc.Format != uppaal.FormatXML {
		t.Fatalf("the saved file is not UPPAAL XML that reads: %v", diags)
	}
	if !strings.Contains(doc.Declaration.Text(), "const int N = 2;") {
		t.Error("the saved file does not hold the edit")
	}
	if n := len(doc.Queries); n != 5 {
		t.Errorf("the saved file has %d queries, want crossing.q's 5", n)
	}
	if armed(t, ctx) {
		t.Error("leaving asks after Ctrl+S")
	}

	// Another model opened at once after an edit (New, which asks: yes):
	// the edit is kept, and offered.
	watchDialogs(ctx)
	click(t, ctx, `#parts button[data-part="decl"]`)
	selectIn(t, ctx, partEditor("decl"), "const int N = 2;", len("const int N = "), 1)
	// One key and the click right after it, well within the pause the
	// page waits for before it writes.
	press(t, ctx, "5")
	Eval[bool](t, ctx, `(document.getElementById("new-model").click(), true)`)
	waitPage(t, ctx, `document.getElementById("model-name").textContent === "untitled.xml"`, 10*time.Second)
	waitKept(t, ctx, "const int N = 5;", true)
	if n := noteText(t, ctx); !strings.HasPrefix(n, "You have unsaved edits of crossing.xml from ") {
		t.Errorf("notice after opening another model: %q", n)
	}
}

// A tab of a page from before the working copy holds the database open
// at version 1 and never gives way: the new page works on without
// keeping its edits, and says so; once that tab lets go, the upgrade
// happens and a reload keeps edits again, the table store intact.
func TestPageKeepOlderTab(t *testing.T) {
	base := site(t)
	old := StartBrowser(t)
	Navigate(t, old, base+"web/test/engine.html")
	Eval[bool](t, old, `new Promise((ok, fail) => {
		const r = indexedDB.open("beeline", 1);
		r.onupgradeneeded = () => { r.result.createObjectStore("tables", {keyPath: "key"}); r.result.createObjectStore("table-info", {keyPath: "key"}) };
		r.onsuccess = () => {
			window.held = r.result;
			const tx = r.result.transaction("tables", "readwrite");
			tx.objectStore("tables").put({key: "probe", data: new Uint8Array([7])});
			tx.oncomplete = () => ok(true);
		};
		r.onerror = () => fail(r.error);
	})`)
	tab, cancel := chromedp.NewContext(old)
	defer cancel()
	if _, err := chromedp.Run(tab, chromedp.EmulateViewport(1400, 1000)); err != nil {
		t.Fatal(err)
	}
	watchDialogs(tab) // leaving with the edit unsaved: yes
	Navigate(t, tab, base+"?model=/web/examples/fischer.xml")
	waitDrawn(t, tab)
	editDeclaration(t, tab, "const int N = 4;", "const int N = 3;")
	waitPage(t, tab, `document.getElementById("notice").textContent.includes("cannot be kept")`, 10*time.Second)
	if n := Eval[string](t, tab, `document.getElementById("notice").textContent`); !strings.Contains(n, "older version") {
		t.Errorf("notice %q, want the older tab named", n)
	}
	waitPage(t, tab, `document.querySelectorAll("#drawings figure[data-process]").length === 3`, 10*time.Second)

	Eval[bool](t, old, `(window.held.close(), true)`)
	Navigate(t, tab, base+"?model=/web/examples/fischer.xml")
	waitDrawn(t, tab)
	editDeclaration(t, tab, "const int N = 4;", "const int N = 2;")
	waitKept(t, tab, "const int N = 2;", true)
	got := Eval[string](t, tab, `new Promise(ok => {
		const r = indexedDB.open("beeline");
		r.onsuccess = () => {
			const db = r.result, g = db.transaction("tables").objectStore("tables").get("probe");
			g.onsuccess = () => { db.close(); ok(db.version + " " + (g.result ? g.result.data[0] : "none")) };
		};
	})`)
	if got != "2 7" {
		t.Errorf("the database's version and the table kept before the upgrade: %q, want 2 and 7", got)
	}
}
