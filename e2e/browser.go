// Helpers for browser tests: Chromium, the server, the built assets.

package e2e

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"beeline/core/engine"
	"beeline/internal/shortlink"
	"beeline/internal/webserver"
)

// ChromiumPath is where the tests expect Chromium (Debian's package).
const ChromiumPath = "/usr/bin/chromium"

// RequireChromium skips the test when Chromium is missing, or fails it
// when CI is set.
func RequireChromium(t testing.TB) {
	t.Helper()
	if _, err := os.Stat(ChromiumPath); err == nil {
		return
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s is missing and CI is set: install it (apt-get install -y chromium)", ChromiumPath)
	}
	t.Skipf("browser tests skipped: %s is missing (apt-get install -y chromium)", ChromiumPath)
}

// StartServer serves root as `beeline serve` does (the app, the native
// engine under /api/, and short links kept in a temporary directory) on a
// free loopback port, until the test ends. It returns the base URL,
// without a trailing slash.
func StartServer(t testing.TB, root string) string {
	t.Helper()
	files, err := webserver.DirFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	store, err := shortlink.NewDirStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return ServeHandler(t, webserver.New(webserver.Options{Files: files, API: engine.New(engine.Options{}), Shares: store}))
}

// ServeHandler serves h on a free loopback port until the test ends, and
// returns the base URL, without a trailing slash.
func ServeHandler(t testing.TB, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}

// StartBrowser starts headless Chromium with the flags the project's
// machines need (no sandbox, no GPU, and nothing that reaches the
// internet) and a fresh profile, and returns a context for chromedp
// actions, which ends after BrowserTimeout so that a stuck page fails the
// test instead of hanging it. The browser's console and uncaught
// exceptions go to t.Log; a crash of the page's renderer fails the test.
func StartBrowser(t testing.TB) context.Context {
	t.Helper()
	RequireChromium(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(ChromiumPath),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		t.Fatalf("starting %s: %v", ChromiumPath, err)
	}
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			t.Logf("browser console: %s", m)
		}
	}()
	// The page asks before it is left with unsaved edits: a test that
	// navigates away means to, and leaves (page_keep_test.go checks the
	// question itself).
	go func() {
		for ev, err := range chromedp.Events(ctx, page.JavascriptDialogOpening) {
			if err != nil {
				return
			}
			if ev.Type == page.DialogTypeBeforeunload {
				chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true})
			}
		}
	}()
	go func() {
		for _, err := range chromedp.Events(ctx, inspector.TargetCrashed) {
			if err != nil {
				return
			}
			t.Errorf("the page's renderer crashed")
		}
	}()
	tctx, cancelT := context.WithTimeout(ctx, BrowserTimeout)
	t.Cleanup(cancelT)
	return tctx
}

// BrowserTimeout bounds every browser test's use of the browser.
const BrowserTimeout = 3 * time.Minute

// Navigate loads url and waits for its load event.
func Navigate(t testing.TB, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("navigating to %s: %v", url, err)
	}
}

// Eval evaluates a JavaScript expression (awaiting it when it is a
// promise) and returns its value.
func Eval[T any](t testing.TB, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", short(js), err)
	}
	return v
}

// WaitFor waits until the JavaScript condition is true, or fails the test
// after timeout.
func WaitFor(t testing.TB, ctx context.Context, cond string, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(time.Until(deadline)), chromedp.WithPollingInterval(20*time.Millisecond)))
		if err == nil {
			return
		}
		// A navigation replaced the page's JavaScript context while the
		// poll ran: poll again in the new one.
		if strings.Contains(err.Error(), "Cannot find context with specified id") && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		t.Fatalf("waiting %v for %s: %v", timeout, short(cond), err)
	}
}

// Screenshot saves a PNG of the page as name in $BEELINE_SCREENS (or in
// the test's temporary folder when it is unset) and returns its path.
func Screenshot(t testing.TB, ctx context.Context, name string) string {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	dir := os.Getenv("BEELINE_SCREENS")
	if dir == "" {
		dir = t.TempDir()
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// BrowserPID returns the process id of the browser behind ctx.
func BrowserPID(ctx context.Context) int {
	if c := chromedp.FromContext(ctx); c != nil && c.Browser != nil && c.Browser.Process() != nil {
		return c.Browser.Process().Pid
	}
	return 0
}

func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return fmt.Sprintf("%q", s)
}
