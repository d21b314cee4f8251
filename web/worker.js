// Beeline's engine worker: one job per worker, cancelled by terminating it.
// (Parses and the catalog have a resident worker of their own,
// web/parse-worker.js: they leave nothing behind, so one Go instance
// serves them all. Every other job, and a parse the resident worker could
// not answer, runs here, where a search may grow the heap to its budget
// and the memory, never handed back, goes with the worker.)
//
// It only moves bytes. The page starts the worker ahead of its job and
// posts
//
//   { module: WebAssembly.Module }    first: the compiled web/build/engine.wasm
//
// at once: the worker instantiates it and runs the Go program until it
// waits for its request (the glue's binding.handleRequest is registered
// once the program calls workers.Ready), then posts { ready: true }, or
// { error: string } when the engine could not start. Starting is what
// costs (a Go runtime's start and the engine's tables); done ahead, a job
// begins as soon as its request arrives. The job is one message
//
//   { path: "/check" | "/prepare" | "/simulate" | "/parse" | ..., body: Uint8Array }
//
// (a first message may carry module, path and body together), where body
// is a msgpack protocol.Request, its buffer transferred rather than
// copied (a check may carry a precomputed table). The worker runs the
// engine (a Go http.Handler, served by github.com/syumai/workers' glue in
// build/worker/) on that request and posts back the response body as it
// streams: Uint8Array pieces of the same length-prefixed frame stream
// that POST /api/check returns from `beeline serve` (protocol.ReadFrame
// reads it; a piece may end inside a frame), each piece's buffer
// transferred too, so the table /prepare sends is not copied on its way.
// The stream's last frame is a FrameDone. If the worker itself fails (no
// engine, a broken stream) it posts { error: string } instead.
//
// A search split between k workers (a /check whose options ask for
// workers > 1) runs in k of these: the lead, which serves the /check, and
// k-1 helpers. The page joins every two of them by a MessageChannel and
// gives each its ports, an Array whose entry w is the port to worker w
// (null at its own number). The lead's job message carries them:
//
//   { path: "/check", body, ports }      the lead is worker 0
//
// and each helper gets, instead of a job,
//
//   { part: true, body, me, ports }      body is the lead's request; me its number
//
// The engine's Go program then speaks to the others over the ports
// (wasm/worker: batches of states as Int32Arrays whose buffers are
// transferred, reports at the barriers, the steps of a trace); the
// helper posts nothing to the page unless it fails ({ error }). The page
// ends such a search by terminating every one of its workers.
//
// Start it as a module worker: new Worker("web/worker.js", { type: "module" }).

// The glue's module: it loads its copy of Go's loader (whose run takes
// the context the glue's Go package reads at start) and defines the
// globals the Go side calls (tryCatch).
import "./build/worker/worker.mjs";

let engine = null; // a promise of the glue's binding, once the program waits
let started = false;
let finished = false;

// After the engine's stream has ended, the Go program has exited, and the
// glue may still call into it once more (a last stream callback); that
// throws "Go program has already exited". The job is complete by then, so
// the error is swallowed here rather than reported to the page.
self.onerror = () => finished;

// start instantiates the engine and runs its Go program until it has
// registered binding.handleRequest and called the glue's ready import.
function start(module) {
  const go = new Go();
  const binding = {};
  let ready;
  const isReady = new Promise((resolve) => { ready = resolve; });
  const instance = new WebAssembly.Instance(module, { ...go.importObject, workers: { ready: () => ready() } });
  const stopped = go.run(instance, { binding }).then(() => {
    throw new Error("the engine's program ended before it was ready");
  });
  stopped.catch(() => {}); // after the job, the program's end is expected
  return Promise.race([isReady, stopped]).then(() => binding);
}

async function run(path, body) {
  const binding = await engine;
  const response = await binding.handleRequest(new Request(new URL(path, self.location.origin), {
    method: "POST",
    headers: { "Content-Type": "application/msgpack" },
    body,
  }));
  const reader = response.body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) {
      finished = true;
      return;
    }
    // The glue enqueues an empty chunk first; skip empty pieces.
    if (value.length > 0) self.postMessage(value, [value.buffer]);
  }
}

self.onmessage = async ({ data }) => {
  if (data.module && engine === null) {
    engine = Promise.resolve(data.module).then(start);
    engine.then(() => self.postMessage({ ready: true }), (err) => self.postMessage({ error: String((err && err.message) || err) }));
  }
  if (!data.path && !data.part) return;
  if (started || engine === null) {
    self.postMessage({ error: started ? "this worker already runs a job; start a new worker per job" : "the worker was given no engine module" });
    return;
  }
  started = true;
  try {
    if (data.part) {
      await engine;
      const err = globalThis.beelinePart(data.body, data.ports, data.me);
      if (err) throw err;
      return;
    }
    if (data.ports) globalThis.beelinePorts = data.ports;
    await run(data.path, data.body);
  } catch (err) {
    self.postMessage({ error: String((err && err.message) || err) });
  }
};
