// Loads the page's Go program (web/build/ui.wasm) with a progress bar and
// runs it. Everything else the page does is in Go (wasm/ui).
//
// The address carries the file's version from the page's asset-versions
// block (filled by the server: a content hash, so the browser keeps the
// file for good), and the moments the download and the compilation end
// go to #load-metrics' data attributes, which the page reports.
(async () => {
  const bar = document.getElementById("boot-bar");
  const metrics = document.getElementById("load-metrics").dataset;
  const mark = (name) => { metrics[name] = Math.round(performance.now()); };
  try {
    let versions = {};
    try { versions = JSON.parse(document.getElementById("asset-versions").textContent); } catch (e) { /* no versions: plain addresses */ }
    const url = "web/build/ui.wasm" + (versions["web/build/ui.wasm"] ? "?v=" + versions["web/build/ui.wasm"] : "");
    const resp = await fetch(url);
    if (!resp.ok) throw new Error("web/build/ui.wasm: " + resp.status + " " + resp.statusText);
    // The server may send the file gzip-encoded; the reader yields the
    // decoded bytes, so count against the uncompressed length when known.
    const total = Number(resp.headers.get("X-Uncompressed-Length") || resp.headers.get("Content-Length")) || 0;
    const reader = resp.body.getReader();
    const chunks = [];
    let got = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      got += value.length;
      if (total) bar.value = Math.min(got / total, 1);
    }
    const bytes = new Uint8Array(got);
    let at = 0;
    for (const c of chunks) { bytes.set(c, at); at += c.length; }
    mark("uiDownloaded");
    const go = new Go();
    const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
    mark("uiCompiled");
    go.run(instance);
  } catch (e) {
    document.getElementById("boot").innerHTML = "";
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = "Beeline could not start: " + e.message;
    document.getElementById("boot").append(p);
    document.body.dataset.job = "failed";
  }
})();
