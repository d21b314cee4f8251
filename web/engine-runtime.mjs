// The runtime module of github.com/syumai/workers' glue, for Beeline's
// worker. `make wasm` copies it over the generated runtime.mjs in
// web/build/worker/: the generated browser runtime fetches and compiles
// ./build/app.wasm itself, once per worker; Beeline's page compiles
// engine.wasm once and hands the compiled module to every worker, which
// puts it in globalThis.beelineEngineModule before importing the glue.

export async function loadModule() {
  const mod = globalThis.beelineEngineModule;
  if (!(mod instanceof WebAssembly.Module)) {
    throw new Error("no compiled engine module was handed to the worker");
  }
  return mod;
}

export function createRuntimeContext({ binding }) {
  return { binding };
}
