// Package e2e runs Beeline in headless Chromium: the engine worker through a
// page-independent harness (web/test/engine.html), and the app's page. Its
// exported helpers start the browser, the server and the build, so that
// every browser test reads as a short script:
//
//	root := e2e.WebRoot(t)                  // built assets (BEELINE_WEB_ROOT or a fresh build)
//	base := e2e.StartServer(t, root)        // the same handler as `beeline serve`, on 127.0.0.1:0
//	ctx := e2e.StartBrowser(t)              // Chromium with the project's flags; console to t.Log
//	e2e.Navigate(t, ctx, base+"/index.html")
//	e2e.WaitFor(t, ctx, `document.body.dataset.job === "done"`, 10*time.Second)
//	got := e2e.Eval[string](t, ctx, `document.title`)
//	e2e.Screenshot(t, ctx, "page.png")      // into $BEELINE_SCREENS, when set
//
// Without /usr/bin/chromium the tests skip, unless CI is set: then they
// fail, since CI installs Chromium (.ci/run).
package e2e
