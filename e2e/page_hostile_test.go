package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"beeline/core/share"
)

// Hostile input in the page (issue 14): crafted share links, a search
// that outgrows its memory budget, and hostile models opened as files or
// pasted. Each ends with a plain message, and the page checks the next
// model as if nothing had happened.

// packed is a share-link fragment (without '#') holding raw as its
// payload, whatever raw is.
func packed(t *testing.T, raw []byte) string {
	t.Helper()
	frag, err := share.Pack(raw)
	if err != nil {
		t.Fatal(err)
	}
	return frag
}

func linkTag(v int) string { return "b" + strconv.Itoa(v) + "." }

// checkStillWorks loads an example and checks a query of it: the page
// has recovered from whatever came before.
func checkStillWorks(t *testing.T, ctx context.Context) {
	t.Helper()
	chooseExample(t, ctx, "fischer")
	checkQuery(t, ctx, 1)
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="1"] .marker').classList.contains("satisfied")`, 30*time.Second)
}

// Crafted links: each is refused with a plain sentence in the notice, the
// page stays usable, and a check works afterwards.
func TestPageHostileLinks(t *testing.T) {
	base := site(t)
	real, err := share.Encode(&share.Link{Name: "m.xta", Model: []byte("system P;"), Hash: share.Hash([]byte("system P;")), Formula: "E<> true"})
	if err != nil {
		t.Fatal(err)
	}
	damaged := "the link is damaged (its data is not what a Beeline link holds)"
	cases := []struct{ name, fragment, want string }{
		{"bad base64", linkTag(share.Version) + "!!*not base64*!!", "the link is damaged (it is not valid base64url); was it cut short?"},
		{"cut short", real[:len(real)*2/3/4*4+3], "the link is damaged (its data does not decompress); was it cut short?"},
		{"huge fragment", linkTag(share.Version) + strings.Repeat("A", 1<<20), "the link is damaged (its data does not decompress); was it cut short?"},
		{"deflate bomb", packed(t, make([]byte, 1<<30)), "the link holds more than 16 MiB of data"},
		{"another version", linkTag(share.Version+7) + strings.TrimPrefix(real, linkTag(share.Version)), "this link was made by another version of Beeline"},
		{"msgpack of the wrong shape", packed(t, []byte{0x93, 1, 2, 3}), damaged},
		{"2^31 steps declared", packed(t, []byte{0x81, 0xa5, 's', 't', 'e', 'p', 's', 0xdd, 0x7f, 0xff, 0xff, 0xff, 0, 0}), damaged},
		{"4 GiB model declared", packed(t, []byte{0x81, 0xa5, 'm', 'o', 'd', 'e', 'l', 0xc6, 0xff, 0xff, 0xff, 0xff, 0, 0}), damaged},
	}
	ctx := openPage(t, base)
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// A query string of its own makes each a fresh page load
			// rather than a change of fragment.
			Navigate(t, ctx, fmt.Sprintf("%s?link=%d#%s", base, i, c.fragment))
			waitPage(t, ctx, `document.body.dataset.job !== "booting" && !document.getElementById("notice").hidden`, 30*time.Second)
			notice := Eval[string](t, ctx, `document.getElementById("notice").textContent`)
			t.Logf("%d characters: %s", len(c.fragment), notice)
			if !strings.HasPrefix(notice, "Cannot open the shared link: "+c.want) {
				t.Errorf("notice %q, want %q", notice, c.want)
			}
			if !Eval[bool](t, ctx, `document.getElementById("notice").classList.contains("bad")`) {
				t.Error("the notice is not marked as a problem")
			}
		})
	}
	checkStillWorks(t, ctx)
}

// A search that outgrows the memory budget set in the page stops with the
// reason, and the next check, on a fresh worker, works.
func TestPageHostileMemoryBudget(t *testing.T) {
	ctx := openPage(t, site(t))
	chooseExample(t, ctx, "counters")
	// Breadth-first search, which stores the big state space: the auto
	// order, the page's default, proves the query at once with hU.
	pick(t, ctx, "order", "bfs")
	Eval[bool](t, ctx, `(() => { const m = document.getElementById("memory"); m.value = "16"; m.dispatchEvent(new Event("change")); return true })()`)
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.body.dataset.job === "idle" && document.getElementById("status").textContent.startsWith("Not decided")`, 60*time.Second)
	status := Eval[string](t, ctx, `document.getElementById("status").textContent`)
	t.Logf("status: %s", status)
	if !strings.HasPrefix(status, "Not decided: memory limit.") {
		t.Errorf("status %q, want the memory limit named", status)
	}
	Screenshot(t, ctx, "page-memory-budget.png")
	Eval[bool](t, ctx, `(() => { const m = document.getElementById("memory"); m.value = "1024"; m.dispatchEvent(new Event("change")); return true })()`)
	checkStillWorks(t, ctx)
}

// Hostile models opened as files or pasted show their positioned error
// (an .xta's in the XML document it is opened as),
// and the page then loads and checks an example.
func TestPageHostileModels(t *testing.T) {
	ctx := openPage(t, site(t))
	dir := "../testdata/hostile"
	for _, c := range []struct{ file, want string }{
		{"billion-laughs.xml", "billion-laughs.xml:15:24: unknown entity &lol9; (entities declared in a DOCTYPE are not expanded)"},
		{"xxe-file.xml", "xxe-file.xml:6:24: unknown entity &xxe; (entities declared in a DOCTYPE are not expanded)"},
		{"fischer.xml.gz", "fischer.xml.gz:1:1: the file is compressed with gzip: decompress it and open the model inside"},
		{"random.bin", "random.bin:2:18: the file holds binary data (a NUL character), not an UPPAAL model"},
		{"array-65536x65536.xta", "array-65536x65536.xml:5:6: global declarations: array too large: 4294967296 elements, at most 1048576 are supported"},
	} {
		upload(t, ctx, filepath.Join(dir, c.file))
		expectDiagnostic(t, ctx, shownName(c.file), c.want)
	}
	// A guard of 100000 nested parentheses, pasted.
	text, err := os.ReadFile(filepath.Join(dir, "parens-guard.xta"))
	if err != nil {
		t.Fatal(err)
	}
	deep := strings.Replace(string(text), `{% repeat "(" 100000 %}v == 0{% repeat ")" 100000 %}`, strings.Repeat("(", 100000)+"v == 0"+strings.Repeat(")", 100000), 1)
	click(t, ctx, "#paste-open")
	Eval[bool](t, ctx, fmt.Sprintf(`(() => { document.getElementById("paste-text").value = %q; return true })()`, deep))
	click(t, ctx, "#paste-load")
	expectDiagnostic(t, ctx, "pasted.xml", "pasted.xml:18:274: template P, guard of edge A -> B: text nested too deeply")
	Screenshot(t, ctx, "page-hostile-model.png")
	checkStillWorks(t, ctx)
}

// expectDiagnostic waits until the model named name is shown with its
// errors and checks the first one.
func expectDiagnostic(t *testing.T, ctx context.Context, name, want string) {
	t.Helper()
	waitPage(t, ctx, fmt.Sprintf(`document.body.dataset.job === "idle" && document.getElementById("model-name").textContent === %q && !document.getElementById("diagnostics").hidden`, name), 30*time.Second)
	got := Eval[string](t, ctx, `document.querySelector("#diagnostics .where").textContent`)
	if !strings.Contains(got, want) && !strings.Contains(strings.Join(strings.Fields(got), " "), want) {
		t.Errorf("%s: the page says %q, want %q", name, got, want)
	}
}

// shownName is the name the page shows for a file opened: an .xta model
// is opened as the UPPAAL XML document it is edited as.
func shownName(file string) string {
	if base, ok := strings.CutSuffix(file, ".xta"); ok {
		return base + ".xml"
	}
	return file
}
