// Counts the bytes of the calculator engine's download inside the worker, for the progress
// shown in the results panel (loading.mjs). It reads a clone of each response, so what
// Pyodide gets is the browser's own response: streaming compilation and the browser's code
// cache for the wasm work as without it.

// `arrived(url)` is called once a response's last byte is in.
/** @param {(loaded: number) => void} report @param {(url: string) => void} arrived @returns {() => void} stop */
export function meterFetch(report, arrived = () => {}, every = 100) {
  const original = self.fetch;
  let loaded = 0;
  let last = 0;
  self.fetch = async (...args) => {
    const response = await original.apply(self, args);
    if (response.ok && response.body) {
      const reader = /** @type {ReadableStream<Uint8Array>} a clone of a response with a body */ (response.clone().body).getReader();
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          loaded += value.byteLength;
          const now = performance.now();
          if (now - last >= every) { last = now; report(loaded); }
        }
        report(loaded);
        arrived(response.url);
      })().catch(() => {});
    }
    return response;
  };
  return () => { self.fetch = original; }; // stop counting
}
