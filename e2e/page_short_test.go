package e2e

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"beeline/core/share"
)

// A gallery model's trace shared by short link from a page served by
// `beeline serve`: the server is stopped and started again on the same
// data directory, and the link, opened in a fresh browser, lands on the
// same model, trace and step. The link's address and the server's
// answers are checked on the way.
func TestPageShortLink(t *testing.T) {
	RequireChromium(t)
	root := WebRoot(t)
	RequireUI(t, root)
	bin := buildBeeline(t)
	data := t.TempDir()
	addr := freeAddr(t)
	stop := startServe(t, bin, root, addr, data)
	base := "http://" + addr + "/"

	ctx := openPage(t, base)
	waitPage(t, ctx, `!document.getElementById("short-link").hidden`, 10*time.Second)
	chooseExample(t, ctx, "fischer-broken")
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `!document.getElementById("simulator").hidden && document.getElementById("step-of").textContent === "state 0 of 6"`, 30*time.Second)
	blur(t, ctx)
	press(t, ctx, "aaaa")
	waitPage(t, ctx, `document.body.dataset.step === "4"`, 5*time.Second)
	want := activeLocations(t, ctx)
	click(t, ctx, "#short-link")
	waitPage(t, ctx, `document.getElementById("share-url").value.includes("/s/")`, 10*time.Second)
	url := Eval[string](t, ctx, `document.getElementById("share-url").value`)
	id, ok := strings.CutPrefix(url, base+"s/")
	if !ok || !share.IsID(id) {
		t.Fatalf("short link %q: want %ss/ and an id", url, base)
	}
	if note := Eval[string](t, ctx, `document.getElementById("share-note").textContent`); !strings.Contains(note, "uploads the model") {
		t.Errorf("the note under the short link says %q", note)
	}
	Screenshot(t, ctx, "page-short-link.png")

	// The stored envelope is the link of what was on screen.
	env := httpGet(t, base+"api/share/"+id, 200)
	l, err := share.Decode(env)
	if err != nil {
		t.Fatalf("the stored envelope: %v", err)
	}
	if l.Step != 4 || len(l.Steps) != 6 || l.ModelURL == "" && len(l.Model) == 0 {
		t.Errorf("the stored link is at step %d of %d steps (model %q, %d bytes)", l.Step, len(l.Steps), l.ModelURL, len(l.Model))
	}

	stop()
	startServe(t, bin, root, addr, data)

	// The page at /s/{id}, with its <base>, under the same policy and
	// without one violation.
	ctx2 := StartBrowser(t)
	issues := watchCSP(t, ctx2)
	if _, err := chromedp.Run(ctx2, chromedp.EmulateViewport(1400, 1000)); err != nil {
		t.Fatal(err)
	}
	Navigate(t, ctx2, url)
	waitPage(t, ctx2, `document.body.dataset.step === "4" && document.body.dataset.job === "idle"`, 30*time.Second)
	if v := Eval[[]string](t, ctx2, `window.cspViolations`); len(v) > 0 || len(issues()) > 0 {
		t.Errorf("policy violations at /s/{id}: %q, %q", v, issues())
	}
	if got := activeLocations(t, ctx2); got != want {
		t.Errorf("the short link shows %s at state 4, want %s", got, want)
	}
	if n := Eval[string](t, ctx2, `document.getElementById("notice").textContent`); !strings.Contains(n, "replays") {
		t.Errorf("notice %q, want the trace confirmed as replayed", n)
	}
	if name := Eval[string](t, ctx2, `document.getElementById("model-name").textContent`); name != "fischer-broken.xml" {
		t.Errorf("the short link opened %q", name)
	}
	Screenshot(t, ctx2, "page-short-link-opened.png")

	// A link that names nothing is not found.
	if body := httpGet(t, base+"s/AAAAAAAAAAAAAAAA", 404); !strings.Contains(body, "no such short link") {
		t.Errorf("an unknown short link: %q", body)
	}
}

// buildBeeline builds the command of this module (the test runs in
// e2e/) into a temporary directory.
func buildBeeline(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "beeline")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/beeline")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/beeline: %v\n%s", err, out)
	}
	return bin
}

// freeAddr returns a loopback address with a port free just now.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// startServe runs `beeline serve` on addr, serving root's files and
// keeping short links in data, until it says it serves; the returned
// function stops it (with Ctrl-C, as a user would) and waits for it.
func startServe(t *testing.T, bin, root, addr, data string) (stop func()) {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", addr, "--root", root, "--data", data)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ready := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(out).ReadString('\n')
		ready <- line
		io.Copy(io.Discard, out)
	}()
	select {
	case line := <-ready:
		if !strings.Contains(line, "serving on http://"+addr) {
			cmd.Process.Kill()
			t.Fatalf("beeline serve said %q", line)
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("beeline serve did not start within 30 s")
	}
	done := false
	stop = func() {
		if done {
			return
		}
		done = true
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	}
	t.Cleanup(stop)
	return stop
}

// httpGet fetches url, expecting status, and returns the body.
func httpGet(t *testing.T, url string, status int) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != status {
		t.Fatalf("GET %s: %d %s, want %d", url, resp.StatusCode, body, status)
	}
	return string(body)
}

// Served as plain static files (no short-link service), the page keeps
// its "Short link" action hidden and Copy link works as before.
func TestPageStaticHostingNoShortLink(t *testing.T) {
	RequireChromium(t)
	root := WebRoot(t)
	RequireUI(t, root)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.FileServer(http.Dir(root))}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	ctx := openPage(t, "http://"+ln.Addr().String()+"/")
	chooseExample(t, ctx, "fischer-broken")
	// The page asked at start; by now its answer (a 404) has long come.
	time.Sleep(300 * time.Millisecond)
	if !Eval[bool](t, ctx, `document.getElementById("short-link").hidden`) {
		t.Error("the Short link action is shown on a static host")
	}
	copyLink(t, ctx)
	if url := Eval[string](t, ctx, `document.getElementById("share-url").value`); !strings.Contains(url, "/#b") {
		t.Errorf("Copy link gave %q", url)
	}
}
