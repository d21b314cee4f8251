//go:build js && wasm

// The resident parser: one worker that keeps the engine running and
// answers parse after parse (web/parse-worker.js), so that a model being
// edited is read again in the time of a parse, off the page's thread.

package main

import (
	"syscall/js"
	"time"

	"beeline/core/protocol"
)

// parseWorkerURL is the resident worker's script, relative to index.html.
const parseWorkerURL = "web/parse-worker.js"

// parser sends /parse requests to the resident worker, in the order of
// its queue (parsequeue.go): one at a time, and only the newest of those
// waiting; only the answer to the newest request is handed on. Starting
// a Go instance (the runtime, the engine's tables) is what a fresh worker
// per job pays on every parse; the resident worker pays it once.
//
// A worker that fails (an error event, a message saying its engine could
// not answer, a damaged stream) is terminated. The request it was
// answering, when still the newest, runs as a one-off job in a fresh
// worker (engine.start), and so does the next request, which also starts
// a new resident worker for the requests after it. A worker whose memory
// grew past what a parse should need asks to retire, and one whose parse
// was superseded and still runs after parseStall is given up: either is
// terminated, and the next request goes to a new one.
type parser struct {
	e *engine
	q parseQueue

	// worker is the resident worker (undefined before it is started and
	// after it was stopped), and funcs its handlers; failed is set when
	// it failed and no request has restarted it yet.
	worker js.Value
	funcs  []js.Func
	failed bool
	// job is the one-off job answering the request being answered, when
	// it runs as one (nil otherwise).
	job *job
	// others are the requests other than parses sent to the resident
	// worker (the catalog), by id; their ids count down from -1, apart
	// from the parses'. They are not superseded: each is answered.
	others    map[int]*otherCall
	lastOther int
}

// otherCall is a request other than a parse, and the job its frames go to.
type otherCall struct {
	path string
	req  *protocol.Request
	job  *job
}

// newParser returns the page's parser; it starts the resident worker
// once the engine module is compiled.
func newParser(e *engine) *parser {
	p := &parser{e: e, worker: js.Undefined(), others: map[int]*otherCall{}}
	e.resident = p.serve
	go func() {
		<-e.ready
		if e.err == nil {
			p.startWorker()
		}
		p.pump()
	}()
	return p
}

// parse sends a /parse request and calls done with its frames (a
// FrameModel, FrameErrors, then a FrameDone; a failure of the engine
// itself is a FrameError with a Message) on the page's goroutine. A newer
// parse supersedes one not yet answered: done is then called for the
// newest only.
func (p *parser) parse(req *protocol.Request, done func([]protocol.Frame)) {
	p.q.add(&parseCall{req: req, done: done})
	p.unstick()
	p.pump()
}

// unstick gives up the request being answered when it is stuck (see
// parseQueue.stuck): its one-off job is stopped, or its worker
// terminated.
func (p *parser) unstick() {
	c := p.q.stuck(time.Now())
	if c == nil {
		return
	}
	if c.oneOff {
		if p.job != nil {
			p.job.stop()
		}
	} else {
		p.stopWorker()
	}
	p.q.drop()
	p.job = nil
}

// watch looks again parseStall after a request was sent, in case a newer
// request waits behind it by then.
func (p *parser) watch() {
	time.Sleep(parseStall)
	p.unstick()
	p.pump()
}

// pump sends the waiting request when none is being answered and the
// engine is compiled.
func (p *parser) pump() {
	select {
	case <-p.e.ready:
	default:
		return // newParser's goroutine pumps once it is
	}
	c := p.q.take(time.Now())
	if c == nil {
		return
	}
	go p.watch()
	switch {
	case p.e.err != nil:
		p.oneOff(c) // says why the engine is not available
	case p.failed:
		p.failed = false
		p.startWorker()
		p.oneOff(c)
	default:
		p.startWorker()
		p.send(c)
	}
}

// startWorker starts the resident worker, unless it runs, and hands it
// the compiled engine.
func (p *parser) startWorker() {
	if !p.worker.IsUndefined() {
		return
	}
	p.worker, p.funcs = startWorker(versioned(parseWorkerURL), "the parse worker", p.e.module, p.message, p.fail)
}

// send posts c to the resident worker, its body transferred.
func (p *parser) send(c *parseCall) {
	c.req.Version = protocol.Version
	body, err := protocol.EncodeRequest(c.req)
	if err != nil {
		p.answer(c, failure("cannot send the model to the engine: "+err.Error()))
		return
	}
	jb := jsBytes(body)
	p.worker.Call("postMessage", map[string]any{"id": c.id, "path": "/parse", "body": jb}, []any{jb.Get("buffer")})
}

// serve sends a request other than a parse (the catalog, see
// residentPath) to the resident worker, starting it if need be, and
// returns the job its frames go to; stopping the job drops its answer.
// Call it once the engine is compiled.
func (p *parser) serve(path string, req *protocol.Request, onFrame func(protocol.Frame)) *job {
	p.lastOther--
	c := &otherCall{path: path, req: req, job: &job{path: path, onFrame: onFrame}}
	p.startWorker()
	req.Version = protocol.Version
	body, err := protocol.EncodeRequest(req)
	if err != nil {
		c.job.fail("cannot send the request to the engine: "+err.Error(), onFrame)
		return c.job
	}
	p.others[p.lastOther] = c
	jb := jsBytes(body)
	p.worker.Call("postMessage", map[string]any{"id": p.lastOther, "path": path, "body": jb}, []any{jb.Get("buffer")})
	return c.job
}

// otherAnswer hands the resident worker's answer to the request id
// (negative) to its job; when the worker could not answer, the request
// runs in a fresh worker.
func (p *parser) otherAnswer(id int, data js.Value) {
	c := p.others[id]
	if c == nil {
		return
	}
	delete(p.others, id)
	frames, ok := wholeStream(data.Get("frames"))
	if !ok {
		p.otherFresh(c)
		return
	}
	for _, f := range frames {
		if c.job.done {
			return
		}
		if f.Kind == protocol.FrameDone {
			c.job.stop()
		}
		c.job.onFrame(f)
	}
}

// otherFresh runs c in a fresh worker, its frames going to c's job
// unless it was stopped.
func (p *parser) otherFresh(c *otherCall) {
	go func() {
		_, err := p.e.fresh(c.path, c.req, func(f protocol.Frame) {
			if !c.job.done {
				c.job.onFrame(f)
			}
		})
		if err != nil {
			c.job.fail("the engine is not available: "+err.Error(), c.job.onFrame)
		}
	}()
}

// message handles the worker's answer {id, frames} or {id, error}.
func (p *parser) message(data js.Value) {
	if data.Type() == js.TypeObject && data.Get("id").Type() == js.TypeNumber && data.Get("id").Int() < 0 {
		p.otherAnswer(data.Get("id").Int(), data)
		return
	}
	c := p.q.sent
	if c == nil || c.oneOff || data.Type() != js.TypeObject || data.Get("id").Type() != js.TypeNumber || data.Get("id").Int() != c.id {
		return
	}
	if e := data.Get("error"); e.Type() == js.TypeString {
		p.fail("the parse worker could not answer: " + e.String())
		return
	}
	frames, ok := wholeStream(data.Get("frames"))
	if !ok {
		p.fail("the parse worker sent a damaged answer")
		return
	}
	if data.Get("retire").Truthy() {
		p.stopWorker()
	}
	p.answer(c, frames)
}

// wholeStream decodes a frame stream that must be whole: every frame
// complete, the last a FrameDone.
func wholeStream(v js.Value) ([]protocol.Frame, bool) {
	if v.Type() != js.TypeObject || v.Get("byteLength").Type() != js.TypeNumber {
		return nil, false
	}
	var rest []byte
	frames, err := decodeMessage(goBytes(v), &rest)
	if err != nil || len(rest) > 0 || len(frames) == 0 || frames[len(frames)-1].Kind != protocol.FrameDone {
		return nil, false
	}
	return frames, true
}

// answer ends c, the request being answered: its frames go to its done
// when it is still the newest; then the next request is sent.
func (p *parser) answer(c *parseCall, frames []protocol.Frame) {
	if p.q.sent == c {
		p.job = nil
	}
	if p.q.answered(c) {
		c.done(frames)
	}
	p.pump()
}

// fail terminates the resident worker after a failure; the request it
// was answering, when still the newest, runs as a one-off job. (A
// request already running as one is not the worker's: a restarted worker
// that fails before its first request leaves it be.)
func (p *parser) fail(msg string) {
	if !p.worker.IsUndefined() {
		p.stopWorker()
		p.failed = true
	}
	global.Get("console").Call("warn", msg+"; parsing in a fresh worker")
	c := p.q.sent
	if c == nil || c.oneOff {
		return
	}
	if !p.q.newest(c) {
		p.q.drop()
		p.pump()
		return
	}
	p.oneOff(c)
}

// stopWorker terminates the resident worker, if one runs, and releases
// its handlers; the next request starts another.
func (p *parser) stopWorker() {
	if p.worker.IsUndefined() {
		return
	}
	stopWorker(p.worker, p.funcs)
	p.worker, p.funcs = js.Undefined(), nil
	// The other requests it had not answered run in fresh workers.
	for id, c := range p.others {
		delete(p.others, id)
		p.otherFresh(c)
	}
}

// oneOff answers c (the request being answered) with a job in a fresh
// worker, as every job but a parse runs.
func (p *parser) oneOff(c *parseCall) {
	c.oneOff = true
	go func() {
		var frames []protocol.Frame
		j, err := p.e.start("/parse", c.req, func(f protocol.Frame) {
			frames = append(frames, f)
			if f.Kind == protocol.FrameDone {
				p.answer(c, frames)
			}
		})
		if err != nil {
			p.answer(c, failure("the engine is not available: "+err.Error()))
			return
		}
		if p.q.sent == c {
			p.job = j
		}
	}()
}

// failure is the answer of a parse the engine could not run.
func failure(msg string) []protocol.Frame {
	return []protocol.Frame{{Kind: protocol.FrameError, Message: msg}, {Kind: protocol.FrameDone}}
}
