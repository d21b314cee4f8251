// Beeline's resident parse worker: one Go instance of the engine kept
// alive to answer parse after parse, so that a diagnostic comes back in
// the time of a parse rather than of a Go runtime's start.
//
// It only moves bytes. The page posts
//
//   { module: WebAssembly.Module }   once, first: the compiled web/build/engine.wasm
//   { id, path: "/parse" | "/catalog", body: Uint8Array }   a msgpack protocol.Request
//
// and gets back, one request at a time and in order,
//
//   { id, frames: Uint8Array, retire: boolean }
//                                the whole length-prefixed frame stream
//                                (protocol.ReadFrame reads it), ending
//                                with a FrameDone; its buffer transferred.
//                                retire is set once the engine's memory
//                                has grown past retireBytes: the page
//                                should start another worker for the
//                                next parse
//   { id, error: string }        when the engine could not answer: the
//                                worker is then no use, and the page
//                                starts another
//
// The engine runs in its resident mode (wasm/worker: the page sets
// globalThis.beelineResident before running it), which serves /parse
// and /catalog only. Every other job keeps its fresh worker (web/worker.js):
// a parse leaves nothing behind, while a search may grow Go's heap to its
// budget, and wasm memory is never handed back.
//
// Start it as a module worker: new Worker("web/parse-worker.js", { type: "module" }).

// The glue's copy of Go's loader, whose run takes the context the
// engine's glue package reads at start (github.com/syumai/workers).
import "./build/worker/wasm_exec.js";

let engine = null; // a promise of globalThis.beelineServe
let stopped = null; // a promise that rejects when the Go program ends
let memory = null; // the engine's linear memory
let queue = Promise.resolve();

// retireBytes is the linear memory past which the worker asks to be
// replaced: wasm memory never shrinks, and a parse that needed more than
// the resident engine's memory limit (256 MiB, see wasm/worker) would
// otherwise keep it for the rest of the page's life.
const retireBytes = 256 * 1024 * 1024;

// start runs the Go program in resident mode and resolves once it has
// registered beelineServe (it then calls the glue's ready import).
function start(module) {
  globalThis.beelineResident = true;
  const go = new Go();
  let ready;
  const isReady = new Promise((resolve) => { ready = resolve; });
  const instance = new WebAssembly.Instance(module, { ...go.importObject, workers: { ready: () => ready() } });
  memory = instance.exports.mem;
  stopped = go.run(instance, { binding: {} }).then(() => {
    throw new Error("the parse worker's engine stopped");
  });
  // Until a request waits on it, an early end is only remembered.
  stopped.catch(() => {});
  return Promise.race([isReady, stopped]).then(() => globalThis.beelineServe);
}

async function answer({ id, path, body }) {
  try {
    if (engine === null) throw new Error("the parse worker was given no engine module");
    const serve = await engine;
    const frames = await Promise.race([serve(path, body), stopped]);
    const retire = memory.buffer.byteLength > retireBytes;
    self.postMessage({ id, frames, retire }, [frames.buffer]);
  } catch (err) {
    self.postMessage({ id, error: String((err && err.message) || err) });
  }
}

self.onmessage = ({ data }) => {
  if (data.module) {
    engine = Promise.resolve(data.module).then(start);
    engine.catch(() => {}); // reported to the request that waits on it
    return;
  }
  queue = queue.then(() => answer(data));
};
