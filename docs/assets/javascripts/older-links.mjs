// An address an older tile table made for one seat's view (…?rain.tile_table.view=3) or for what
// every player may see (view=table) held the whole session beside the view: pasted into another tile
// table it showed every hand. The tile table has no such view now (a seat opens its own code). So
// before codex.mjs reads the address (this module runs first: page_code.PARTS), such an address
// loses every input of the tile table and its log: nothing of the session is drawn, kept or left in
// the address. What it asked for is handed to tile-table.mjs (`takeOlderView`), which opens that
// seat's own view from it and says what happened. A GM's own older link (view=all) only loses the view.
import { everyPage } from "./every-page.mjs";
import { stateKey, stateOf } from "./url-state.mjs";

const TABLE = "rain.tile_table";

/** @typedef {{ view: string, session: string, seats: string }} OlderView */

/** @type {OlderView | null} */
let older = null;

function strip() {
  /** @type {HTMLFormElement | null} */
  const form = document.querySelector(`form.calc[data-calc="${TABLE}"]`);
  if (!form?.dataset.state) return;
  const url = new URL(location.href);
  const view = url.searchParams.get(stateKey(form, "view"));
  if (view === null) return;
  url.searchParams.delete(stateKey(form, "view"));
  if (view !== "all") {
    const inputs = stateOf(form, url.searchParams);
    older = { view, session: inputs.get("session") || "", seats: inputs.get("seats") || "" };
    for (const name of inputs.keys()) url.searchParams.delete(stateKey(form, name));
    url.searchParams.delete(`log.${TABLE}`);
  }
  const before = location.search;
  history.replaceState(history.state, "", url.href);
  // The theme wrote the page's own address into its in-page links (the skip link, the contents) as
  // it opened: those take the address without the session too.
  for (const link of document.querySelectorAll("a[href]")) {
    const href = new URL(/** @type {HTMLAnchorElement} */ (link).href);
    if (href.origin !== location.origin || href.pathname !== location.pathname || href.search !== before) continue;
    href.search = url.search;
    link.setAttribute("href", href.href);
  }
}

/** The seat view an older address asked for, once (then null). @returns {OlderView | null} */
export function takeOlderView() {
  const found = older;
  older = null;
  return found;
}

everyPage(strip);
