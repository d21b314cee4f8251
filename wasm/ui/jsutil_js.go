//go:build js && wasm

// Small bridges to browser APIs that honnef.co/go/js/dom does not cover:
// promises, byte arrays, fetch with progress, downloads.

package main

import (
	"errors"
	"strconv"
	"strings"
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

var (
	global     = js.Global()
	uint8Array = global.Get("Uint8Array")
)

// await blocks the calling goroutine until p settles. It must not be
// called from a JS callback's own goroutine (an event handler), only from
// goroutines those handlers start.
func await(p js.Value) (js.Value, error) {
	type outcome struct {
		v   js.Value
		err error
	}
	ch := make(chan outcome, 1)
	var ok, fail js.Func
	ok = js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- outcome{v: arg0(args)}
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- outcome{err: jsError(arg0(args))}
		return nil
	})
	p.Call("then", ok, fail)
	o := <-ch
	ok.Release()
	fail.Release()
	return o.v, o.err
}

func arg0(args []js.Value) js.Value {
	if len(args) == 0 {
		return js.Undefined()
	}
	return args[0]
}

// jsError turns a thrown JS value into a Go error.
func jsError(v js.Value) error {
	if v.Type() == js.TypeObject && v.Get("message").Type() == js.TypeString {
		return errors.New(v.Get("message").String())
	}
	return errors.New(v.String())
}

// goBytes copies a Uint8Array or ArrayBuffer into Go.
func goBytes(v js.Value) []byte {
	if !v.InstanceOf(uint8Array) {
		v = uint8Array.New(v)
	}
	b := make([]byte, v.Get("byteLength").Int())
	js.CopyBytesToGo(b, v)
	return b
}

// jsBytes copies Go bytes into a new Uint8Array.
func jsBytes(b []byte) js.Value {
	v := uint8Array.New(len(b))
	js.CopyBytesToJS(v, b)
	return v
}

// fetchBytes downloads url; progress (if not nil) is told the bytes read
// so far and the expected total (0 when unknown). The total comes from
// X-Uncompressed-Length when the server compressed the body (the reader
// yields decoded bytes), else from Content-Length.
func fetchBytes(url string, progress func(got, total int)) ([]byte, error) {
	resp, err := await(global.Call("fetch", url))
	if err != nil {
		return nil, err
	}
	if !resp.Get("ok").Bool() {
		return nil, errors.New(url + ": " + resp.Get("status").String() + " " + resp.Get("statusText").String())
	}
	total := headerInt(resp, "X-Uncompressed-Length")
	if total == 0 {
		total = headerInt(resp, "Content-Length")
	}
	reader := resp.Get("body").Call("getReader")
	var out []byte
	for {
		chunk, err := await(reader.Call("read"))
		if err != nil {
			return nil, err
		}
		if chunk.Get("done").Bool() {
			break
		}
		out = append(out, goBytes(chunk.Get("value"))...)
		if progress != nil {
			progress(len(out), total)
		}
	}
	return out, nil
}

// postText is a text body to POST with fetchText.
type postText struct{ body string }

// fetchText fetches url (a POST of body when body is not nil) and returns
// the answer's text. An answer other than 200 is an error whose message
// is the server's (one plain sentence, as Beeline's servers answer).
func fetchText(url string, body *postText) (string, error) {
	var resp js.Value
	var err error
	if body == nil {
		resp, err = await(global.Call("fetch", url))
	} else {
		resp, err = await(global.Call("fetch", url, map[string]any{
			"method":  "POST",
			"body":    body.body,
			"headers": map[string]any{"Content-Type": "text/plain; charset=utf-8"},
		}))
	}
	if err != nil {
		return "", err
	}
	text, err := await(resp.Call("text"))
	if err != nil {
		return "", err
	}
	if status := resp.Get("status").Int(); status != 200 {
		msg := strings.TrimSpace(text.String())
		if msg == "" {
			msg = url + ": " + strconv.Itoa(status) + " " + resp.Get("statusText").String()
		}
		return "", errors.New(msg)
	}
	return text.String(), nil
}

func headerInt(resp js.Value, name string) int {
	h := resp.Get("headers").Call("get", name)
	if h.IsNull() || h.IsUndefined() {
		return 0
	}
	n := global.Call("Number", h)
	if v := n.Float(); v > 0 && v < 1<<40 {
		return int(v)
	}
	return 0
}

// blobURL makes an object URL for data of the given MIME type.
func blobURL(data []byte, mime string) string {
	parts := global.Get("Array").New(jsBytes(data))
	blob := global.Get("Blob").New(parts, map[string]any{"type": mime})
	return global.Get("URL").Call("createObjectURL", blob).String()
}

// download offers data as a file.
func download(doc dom.Document, name string, data []byte, mime string) {
	url := blobURL(data, mime)
	a := doc.CreateElement("a").(*dom.HTMLAnchorElement)
	a.SetHref(url)
	a.SetAttribute("download", name)
	doc.(dom.HTMLDocument).Body().AppendChild(a)
	a.Click()
	a.Remove()
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		global.Get("URL").Call("revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	global.Call("setTimeout", revoke, 1000)
}

// nextFrame runs f once, just before the browser next draws the page
// (requestAnimationFrame): what reads or scrolls the layout there lays
// it out once, with everything the task before changed. f must not block.
func nextFrame(f func()) {
	var fn js.Func
	fn = js.FuncOf(func(js.Value, []js.Value) any {
		fn.Release()
		f()
		return nil
	})
	global.Call("requestAnimationFrame", fn)
}

// mark leaves a performance mark named "beeline:"+name, for the
// browser's profiler and for page tests that count how often the page
// does a piece of work (a parse answer read, the drawings drawn).
func mark(name string) {
	global.Get("performance").Call("mark", "beeline:"+name)
}

// yieldTask lets the browser run its other tasks (and draw the page)
// before the goroutine goes on: it returns in a task of its own
// (setTimeout 0). Not for the goroutine of an event handler.
func yieldTask() {
	done := make(chan struct{})
	var fn js.Func
	fn = js.FuncOf(func(js.Value, []js.Value) any {
		fn.Release()
		close(done)
		return nil
	})
	global.Call("setTimeout", fn, 0)
	<-done
}
