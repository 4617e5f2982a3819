// Read a QR code with the device's camera: the browser's BarcodeDetector where it has one, the
// vendored jsQR otherwise (hooks/codex/vendor.py). Loaded only when a page offers a scan (the link's
// pages), and the camera is asked for only when the reader presses Scan.

const EVERY = 150; // ms between two looks at the camera's picture
const LONGEST = 120_000; // ms: a scan that finds nothing in this time stops (the camera goes off)

/**
 * @typedef {{ detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> }} Detector
 * @typedef {(data: Uint8ClampedArray, width: number, height: number) => { data: string } | null} JsQr
 * @typedef {object} Scan a scan going on
 * @property {() => void} stop stops it (the camera goes off)
 * @property {Promise<string>} found the first code's text ("" when stopped before one was found)
 */

/** The browser's own QR reader, or null. @returns {Promise<Detector | null>} */
async function detector() {
  /** @type {any} the BarcodeDetector API is not in TypeScript's DOM library yet */
  const Barcode = /** @type {any} */ (window).BarcodeDetector;
  if (!Barcode) return null;
  try {
    const formats = await Barcode.getSupportedFormats();
    return formats.includes("qr_code") ? new Barcode({ formats: ["qr_code"] }) : null;
  } catch {
    return null;
  }
}

/** jsQR, loaded once (its bundle sets `self.jsQR`). @returns {Promise<JsQr>} */
async function jsQr() {
  const holder = /** @type {{ jsQR?: JsQr }} */ (/** @type {unknown} */ (self));
  if (!holder.jsQR) await import(new URL("./vendor/jsQR.js", import.meta.url).href);
  if (!holder.jsQR) throw new Error("jsQR did not load");
  return holder.jsQR;
}

/** Show the camera in `video` and look for a QR code until one is found or `stop` is called.
 *  Rejects when there is no camera or it was refused.
 * @param {HTMLVideoElement} video @returns {Promise<Scan>} */
export async function scan(video) {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  video.hidden = false;
  await video.play();
  const native = await detector();
  const fallback = native ? null : await jsQr();
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  let stopped = false;
  /** @type {(text: string) => void} */
  let settle = () => {};
  const found = new Promise((resolve) => { settle = resolve; });
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
    video.hidden = true;
    settle("");
  };
  const started = performance.now();
  const look = async () => {
    if (stopped) return;
    if (performance.now() - started > LONGEST) {
      stop();
      return;
    }
    let text = "";
    try {
      if (video.videoWidth) {
        if (native) text = (await native.detect(video))[0]?.rawValue ?? "";
        else if (fallback && context) {
          canvas.width = video.videoWidth;
          canvas.height = video.videoHeight;
          context.drawImage(video, 0, 0);
          text = fallback(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height)?.data ?? "";
        }
      }
    } catch { /* a frame that could not be read: the next one is */ }
    if (text && !stopped) {
      settle(text);
      stopped = true;
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
      video.hidden = true;
      return;
    }
    setTimeout(look, EVERY);
  };
  look();
  return { stop, found };
}
