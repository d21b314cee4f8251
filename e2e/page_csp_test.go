package e2e

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/audits"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"beeline/core/protocol"
	"beeline/internal/webserver"
)

// The page and the engine harness run under the server's content
// security policy (internal/webserver) without one violation: the page
// boots its wasm, draws, takes a query and closes a dialog through its
// forms, checks in its worker, plays the trace, switches theme and
// exports; the harness compiles the engine and runs a job. A
// violation is seen two ways: the securitypolicyviolation events of the
// documents, recorded by a script DevTools adds before the page's own
// (DevTools' scripts are not subject to the policy), and Chromium's
// issues of the kind "content security policy". The worker runs under
// the policy of its own script's response; that it compiles the engine
// and answers is the proof that the policy lets it.
func TestPageCSP(t *testing.T) {
	base := site(t)
	ctx := StartBrowser(t)
	issues := watchCSP(t, ctx)
	if _, err := chromedp.Run(ctx, chromedp.EmulateViewport(1400, 1000)); err != nil {
		t.Fatal(err)
	}
	Navigate(t, ctx, base)
	if got := Eval[string](t, ctx, `fetch(location.href).then(r => r.headers.get("content-security-policy"))`); got != webserver.ContentSecurityPolicy {
		t.Fatalf("the page is served with the policy %q, want %q", got, webserver.ContentSecurityPolicy)
	}
	WaitFor(t, ctx, `document.body.dataset.job !== "booting"`, 30*time.Second)
	if Eval[string](t, ctx, `document.body.dataset.job`) == "failed" {
		t.Fatalf("the page failed to start: %s", Eval[string](t, ctx, `document.getElementById("boot").textContent`))
	}
	waitPage(t, ctx, `document.querySelector("#order option") !== null`, 30*time.Second)

	chooseExample(t, ctx, "fischer-broken")
	// The page's two forms: the query form, which the page handles
	// itself, and the paste dialog's, which only closes the dialog.
	queries := Eval[int](t, ctx, `document.querySelectorAll("#queries li").length`)
	Eval[bool](t, ctx, `(() => { document.getElementById("new-query").value = "E<> P(2).cs"; return true })()`)
	click(t, ctx, `#add-query button[type="submit"]`)
	waitPage(t, ctx, fmt.Sprintf(`document.querySelectorAll("#queries li").length === %d`, queries+1), 5*time.Second)
	click(t, ctx, "#paste-open")
	click(t, ctx, `#paste-dialog button[value="cancel"]`)
	waitPage(t, ctx, `!document.getElementById("paste-dialog").open`, 5*time.Second)
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="0"] .marker').classList.contains("not-satisfied")`, 30*time.Second)
	waitPage(t, ctx, `!document.getElementById("simulator").hidden && document.getElementById("step-of").textContent === "state 0 of 6"`, 5*time.Second)
	blur(t, ctx)
	press(t, ctx, "a")
	press(t, ctx, "a")
	waitPage(t, ctx, `document.body.dataset.step === "2"`, 5*time.Second)
	click(t, ctx, "#theme")
	// The exports make object URLs; keep the browser from saving them.
	Eval[bool](t, ctx, `(() => {
		window.clickedDownloads = [];
		HTMLAnchorElement.prototype.click = function() { window.clickedDownloads.push(this.href) };
		return true })()`)
	click(t, ctx, `#drawings figure[data-process] figcaption a`)
	click(t, ctx, "#trace-json")
	waitPage(t, ctx, `window.clickedDownloads.length === 2`, 5*time.Second)
	if got := Eval[[]string](t, ctx, `window.cspViolations`); len(got) > 0 {
		t.Errorf("the page violated the policy:\n%s", strings.Join(got, "\n"))
	}

	Navigate(t, ctx, base+"web/test/engine.html")
	WaitFor(t, ctx, `window.harness && (harness.ready || harness.error !== null)`, 30*time.Second)
	h := &harness{t: t, ctx: ctx}
	if frames := h.collect(h.start("/catalog", &protocol.Request{}), 30*time.Second, func(*protocol.Frame) bool { return false }); frames[0].Kind != protocol.FrameCatalog {
		t.Errorf("the harness's job: first frame %+v, want the catalog", frames[0].Frame)
	}
	if got := Eval[[]string](t, ctx, `window.cspViolations`); len(got) > 0 {
		t.Errorf("the engine harness violated the policy:\n%s", strings.Join(got, "\n"))
	}
	if got := issues(); len(got) > 0 {
		t.Errorf("Chromium reported policy issues:\n%s", strings.Join(got, "\n"))
	}

	// The watch sees what the policy refuses: a <style> of the page's
	// making that is not the drawings' style sheet.
	Eval[bool](t, ctx, `(() => { const s = document.createElement("style"); s.textContent = "p{color:red}"; document.head.append(s); return true })()`)
	waitPage(t, ctx, `window.cspViolations.length === 1`, 5*time.Second)
	if got := Eval[string](t, ctx, `window.cspViolations[0]`); !strings.HasPrefix(got, "style-src-elem ") {
		t.Errorf("the probe's violation reads %q, want one of style-src-elem", got)
	}
	for deadline := time.Now().Add(5 * time.Second); len(issues()) == 0 && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	if got := issues(); len(got) != 1 || !strings.HasPrefix(got[0], "style-src-elem ") {
		t.Errorf("Chromium's issues after the probe: %q, want one of style-src-elem", got)
	}
}

// watchCSP records, from the next navigation on, every policy violation
// of the page's documents in window.cspViolations ("directive blocked
// source:line"), and returns a function listing the content security
// policy issues Chromium reported so far.
func watchCSP(t *testing.T, ctx context.Context) func() []string {
	t.Helper()
	const record = `window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.cspViolations.push(e.effectiveDirective + " " + (e.blockedURI || "inline") + " " + e.sourceFile + ":" + e.lineNumber));`
	var mu sync.Mutex
	var seen []string
	go func() {
		for ev, err := range chromedp.Events(ctx, audits.IssueAdded) {
			if err != nil {
				return
			}
			d := ev.Issue.Details.ContentSecurityPolicyIssueDetails
			if ev.Issue.Code != audits.InspectorIssueCodeContentSecurityPolicyIssue || d == nil {
				continue
			}
			mu.Lock()
			seen = append(seen, d.ViolatedDirective+" "+d.BlockedURL+" "+string(d.ContentSecurityPolicyViolationType))
			mu.Unlock()
		}
	}()
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: record}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, audits.Enable, cdp.Empty{})
		return err
	}))
	if err != nil {
		t.Fatalf("watching for policy violations: %v", err)
	}
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), seen...)
	}
}
