// A QR code drawn on the device, as an SVG (the vendored uqr encoder, hooks/codex/vendor.py): the
// phone link's offer and answer (link-gm.mjs, join.mjs) and a tile table player's link
// (tile-table.mjs, which loads this when "Show QR code" is pressed). The encoder loads at the first drawing.

const SVG = "http://www.w3.org/2000/svg";

/** Draw `text` as a QR code into `holder`, named `label` (its size in modules in `data-modules`).
 * @param {Element} holder @param {string} text @param {string} label */
export async function drawQr(holder, text, label) {
  /** @type {typeof import("uqr")} the vendored copy of the pinned package (hooks/codex/vendor.py) */
  const { encode } = await import(new URL("./vendor/uqr.mjs", import.meta.url).href);
  const { data } = encode(text, { ecc: "M", border: 2 });
  const size = data.length;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.dataset.modules = String(size);
  const back = document.createElementNS(SVG, "rect");
  back.setAttribute("width", String(size));
  back.setAttribute("height", String(size));
  back.setAttribute("fill", "#fff");
  let d = "";
  data.forEach((row, y) => {
    row.forEach((dark, x) => { if (dark) d += `M${x} ${y}h1v1h-1z`; });
  });
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(back, path);
  holder.replaceChildren(svg);
}
