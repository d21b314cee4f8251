//go:build js && wasm

// The assets' content-hashed addresses, and what a visit's loading cost.

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"syscall/js"
)

// assetVersions maps the assets the page loads by address (the wasm, the
// workers' scripts) to the hash of their bytes, from the JSON block the
// server fills (internal/webserver's VersionsElement). An address with
// its ?v= is cached by the browser for good; a page served without
// versions loads the plain addresses.
var assetVersions = readVersions()

func readVersions() map[string]string {
	el := global.Get("document").Call("getElementById", idAssetVersions)
	m := map[string]string{}
	if el.IsNull() {
		return m
	}
	// An empty or bad block means no versions.
	json.Unmarshal([]byte(el.Get("textContent").String()), &m)
	return m
}

// versioned returns the address of the asset path, with its version when
// the page knows it.
func versioned(path string) string {
	if v := assetVersions[path]; v != "" {
		return path + "?v=" + v
	}
	return path
}

// loadTimes are the moments (performance.now(), in ms) the page's start
// passed, by name; web/boot.js records its own in #load-metrics' data
// attributes.
var loadTimes = moments{}

type moments map[string]float64

func (m moments) mark(name string) { m[name] = now() }

// now is performance.now(): milliseconds since the page's start.
func now() float64 { return global.Get("performance").Call("now").Float() }

// noteFirstFrame records, in #load-metrics' data attributes, how long the
// last job waited from its start to its first message, and whether its
// worker's engine was already waiting (a warm spare): what a click costs
// before the engine works.
func noteFirstFrame(path string, ms float64, warm bool) {
	el := global.Get("document").Call("getElementById", idLoadMetrics)
	if el.IsNull() {
		return
	}
	data := el.Get("dataset")
	data.Set("jobPath", path)
	data.Set("jobFirstFrame", fmt.Sprintf("%.0f", ms))
	data.Set("jobWarm", fmt.Sprint(warm))
}

// reportLoad writes what this visit's loading cost into #load-metrics:
// as text, and as data- attributes (milliseconds and bytes) for tests.
// The downloads' sizes come from Resource Timing: 0 bytes transferred
// means the browser's cache answered.
func (a *app) reportLoad() {
	el := a.byID(idLoadMetrics)
	data := el.Underlying().Get("dataset")
	set := func(k string, v float64) { data.Set(k, fmt.Sprintf("%.0f", v)) }
	for k, v := range loadTimes {
		set(camel(k), v)
	}
	if p := firstPaint(); p > 0 {
		set("firstPaint", p)
	}
	ui, engine := resource("ui.wasm"), resource("engine.wasm")
	set("uiBytes", ui.Get("transferSize").Float())
	set("engineBytes", engine.Get("transferSize").Float())
	num := func(k string) float64 {
		var f float64
		fmt.Sscan(data.Get(k).String(), &f)
		return f
	}
	text := fmt.Sprintf("First paint at %.0f ms. The page's program: %s, compiled %.0f ms later. The engine: %s, compiled %.0f ms later (while it downloads); ready at %.0f ms. The page was ready at %.0f ms.",
		num("firstPaint"), fetched(ui, num("uiDownloaded")), num("uiCompiled")-num("uiDownloaded"),
		fetched(engine, num("engineDownloaded")), num("engineCompiled")-num("engineDownloaded"), num("engineReady"), num("pageReady"))
	el.SetTextContent(text)
}

// fetched says how a wasm file came: its bytes over the network, or
// the cache, and when it had arrived.
func fetched(entry js.Value, at float64) string {
	if entry.IsUndefined() {
		return fmt.Sprintf("loaded at %.0f ms", at)
	}
	if n := entry.Get("transferSize").Int(); n > 0 {
		return fmt.Sprintf("%.1f MB downloaded in %.0f ms", float64(n)/1e6, entry.Get("duration").Float())
	}
	return fmt.Sprintf("from the browser's cache at %.0f ms", at)
}

// resource returns the last Resource Timing entry whose address has the
// file name name, undefined if none.
func resource(name string) js.Value {
	list := global.Get("performance").Call("getEntriesByType", "resource")
	for i := list.Length() - 1; i >= 0; i-- {
		e := list.Index(i)
		u := e.Get("name").String()
		if q := strings.IndexByte(u, '?'); q >= 0 {
			u = u[:q]
		}
		if strings.HasSuffix(u, "/"+name) {
			return e
		}
	}
	return js.Undefined()
}

// firstPaint is the first paint's time, 0 when not known.
func firstPaint() float64 {
	list := global.Get("performance").Call("getEntriesByType", "paint")
	for i := 0; i < list.Length(); i++ {
		if e := list.Index(i); e.Get("name").String() == "first-contentful-paint" || e.Get("name").String() == "first-paint" {
			return e.Get("startTime").Float()
		}
	}
	return 0
}

// camel turns "engine-ready" into "engineReady", the dataset's name of
// data-engine-ready.
func camel(s string) string {
	parts := strings.Split(s, "-")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}
