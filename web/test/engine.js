// The engine harness's script (web/test/engine.html says what it offers).
// It is a file of its own because the server's content security policy
// runs no inline script.
const jobs = [];
const harness = { ready: false, error: null, compileMS: 0 };
window.harness = harness;

const t0 = performance.now();
WebAssembly.compileStreaming(fetch("../build/engine.wasm")).then(
  (module) => { harness.module = module; harness.compileMS = performance.now() - t0; harness.ready = true; },
  (err) => { harness.error = String(err); });

const toBase64 = (bytes) => {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};
const fromBase64 = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

harness.start = (path, b64) => {
  const job = { pieces: [], times: [], error: null, startedAt: performance.now(), cancelledAt: 0 };
  job.worker = new Worker("../worker.js", { type: "module" });
  job.worker.onmessage = ({ data }) => {
    if (data instanceof Uint8Array) { job.pieces.push(toBase64(data)); job.times.push(performance.now()); }
    else if (data && data.error) job.error = data.error;
  };
  job.worker.onerror = (e) => { job.error = e.message || "worker error"; };
  const request = fromBase64(b64);
  job.worker.postMessage({ module: harness.module, path, body: request }, [request.buffer]);
  jobs.push(job);
  return jobs.length - 1;
};
harness.pieces = (i, from) => jobs[i].pieces.slice(from).map((data, k) => ({ data, at: jobs[i].times[from + k] }));
harness.status = (i) => {
  const j = jobs[i];
  return { pieces: j.pieces.length, times: j.times, error: j.error, startedAt: j.startedAt, cancelledAt: j.cancelledAt };
};
harness.cancel = (i) => { jobs[i].worker.terminate(); jobs[i].cancelledAt = performance.now(); };

// The resident parse worker (web/parse-worker.js): started once with the
// module, then parse after parse. parse resolves with the answer's frame
// stream (base64) or error, and the milliseconds from request to answer.
let resident = null;
let residentID = 0;
const waiting = new Map();
harness.startResident = () => {
  resident = new Worker("../parse-worker.js", { type: "module" });
  resident.onmessage = ({ data }) => {
    const settle = waiting.get(data.id);
    waiting.delete(data.id);
    if (settle) settle(data);
  };
  resident.onerror = (e) => {
    for (const settle of waiting.values()) settle({ error: e.message || "worker error" });
    waiting.clear();
  };
  resident.postMessage({ module: harness.module });
  return true;
};
harness.parse = (path, b64) => new Promise((resolve) => {
  const id = ++residentID;
  const body = fromBase64(b64);
  const t = performance.now();
  waiting.set(id, (data) => resolve({
    ms: performance.now() - t,
    frames: data.frames ? toBase64(data.frames) : null,
    error: data.error || null,
  }));
  resident.postMessage({ id, path, body }, [body.buffer]);
});
