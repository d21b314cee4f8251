// Beeline's engine worker: one job per worker, cancelled by terminating it.
// (Parses have a resident worker of their own, web/parse-worker.js: a
// parse leaves nothing behind, so one Go instance serves parse after
// parse. Every other job, and a parse the resident worker could not
// answer, runs here, where a search may grow the heap to its budget and
// the memory, never handed back, goes with the worker.)
//
// It only moves bytes. The page posts one message
//
//   { module: WebAssembly.Module, path: "/check" | "/prepare" | "/parse" | "/catalog", body: Uint8Array }
//
// where module is the compiled web/build/engine.wasm and body a msgpack
// protocol.Request, its buffer transferred rather than copied (a check
// may carry a precomputed table). The worker runs the engine (a Go
// http.Handler, served by github.com/syumai/workers' glue in
// build/worker/) on that request and posts back the response body as it
// streams: Uint8Array pieces of the same length-prefixed frame stream
// that POST /api/check returns from `beeline serve` (protocol.ReadFrame
// reads it; a piece may end inside a frame), each piece's buffer
// transferred too, so the table /prepare sends is not copied on its way.
// The stream's last frame is a FrameDone. If the worker itself fails (no
// engine, a broken stream) it posts { error: string } instead.
//
// Start it as a module worker: new Worker("web/worker.js", { type: "module" }).

let started = false;
let finished = false;

// After the engine's stream has ended, the Go program has exited, and the
// glue may still call into it once more (a last stream callback); that
// throws "Go program has already exited". The job is complete by then, so
// the error is swallowed here rather than reported to the page.
self.onerror = () => finished;

self.onmessage = async (event) => {
  if (started) {
    self.postMessage({ error: "this worker already runs a job; start a new worker per job" });
    return;
  }
  started = true;
  try {
    const { module, path, body } = event.data;
    globalThis.beelineEngineModule = module;
    const { default: glue } = await import("./build/worker/worker.mjs");
    const response = await glue.fetch(new Request(new URL(path, self.location.origin), {
      method: "POST",
      headers: { "Content-Type": "application/msgpack" },
      body,
    }));
    const reader = response.body.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        finished = true;
        break;
      }
      // The glue enqueues an empty chunk first; skip empty pieces.
      if (value.length > 0) self.postMessage(value, [value.buffer]);
    }
  } catch (err) {
    self.postMessage({ error: String((err && err.message) || err) });
  }
};
