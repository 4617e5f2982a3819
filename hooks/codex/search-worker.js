// The site's search worker: the theme's own (lunr, in mkdocs-material's worker), loaded with the
// site's index only when a reader first searches. The theme fetches `search/search_index.json` on
// every page as the page loads and hands it to its worker; the build makes that file the search's
// settings alone (no entry), and keeps the entries in files of their own that this worker fetches
// the first time a reader searches: the pages' (`search/pages.json`) and the bestiary's creatures'
// (`search/creatures.json`). A rules page thus downloads neither the index nor lunr.
//
// The theme talks to its worker in messages (0 setup with the index, 1 ready, 2 query, 3
// result: mkdocs-material's "custom search worker" contract). This wrapper answers the page's
// setup with "ready" at once, and an empty query (the theme asks one as soon as its worker is
// ready: no reader is searching yet) with no result; before the first query with words in it, it
// loads the theme's worker and sets it up with the page's settings and the entries fetched (its
// own "ready" is not news to the page). Messages are handled one at a time, in order. If the
// entries cannot be fetched, that query finds nothing and the next one tries again.
//
// The build writes this file beside the theme's worker, whose name it fills in below.
// biome-ignore lint/suspicious/noRedundantUseStrict: a classic worker script (importScripts), not a module: the directive counts
"use strict";

const THEME_WORKER = "__THEME_WORKER__";
const ENTRIES = ["__PAGE_INDEX__", "__CREATURE_INDEX__"].map((path) => new URL(path, self.location.href));
const SETUP = 0;
const READY = 1;
const QUERY = 2;
const RESULT = 3;

/** @typedef {{ type: number, data?: any }} Message a message of the theme's worker (its data: the theme's) */

/** @type {(message: Message, ...rest: any[]) => void} the worker's own postMessage, as the theme calls it */
const answer = self.postMessage.bind(self);
let quiet = false; // while the theme's worker is set up: its "ready" is not news to the page
self.postMessage = /** @type {typeof self.postMessage} */ ((/** @type {Message} */ message, /** @type {any[]} */ ...rest) => {
  if (!(quiet && message && message.type === READY)) answer(message, ...rest);
});

/** @type {((event: { data: Message }) => unknown)[]} */
const themeHandlers = [];
const listen = self.addEventListener.bind(self);

/** The theme's worker, loaded once: its message handlers are kept, not listened with. */
function loadTheme() {
  if (themeHandlers.length) return;
  self.addEventListener = /** @type {typeof self.addEventListener} the theme's script adds only functions */ (
    (/** @type {string} */ type, /** @type {any} */ handler, /** @type {any} */ options) =>
      type === "message" ? themeHandlers.push(handler) : listen(type, handler, options));
  try {
    importScripts(THEME_WORKER);
  } finally {
    self.addEventListener = listen;
  }
}

/** Hand one message to the theme's worker; resolves once it has answered.
 * @param {Message} data */
const toTheme = (data) => Promise.all(themeHandlers.map((handler) => handler({ data })));

/** @param {URL} url @returns {Promise<any[]>} */
async function fetchDocs(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: ${response.status}`);
  return (await response.json()).docs || [];
}

/** @type {Message | null} */
let setup = null; // the page's setup message: the search's settings
/** @type {Promise<void> | null} */
let loaded = null; // the theme's worker set up with every entry

/** @param {Message} page */
async function load(page) {
  const fetching = Promise.all(ENTRIES.map((url) => fetchDocs(url).catch((error) => {
    console.warn("search: the index could not be fetched", error);
    return null;
  })));
  loadTheme(); // while the entries download
  const [pages, creatures] = await fetching;
  if (!pages) throw new Error("search: no index"); // the next query tries again
  quiet = true;
  try {
    await toTheme({ ...page, data: { ...page.data, docs: [...page.data.docs, ...pages, ...(creatures || [])] } });
  } finally {
    quiet = false;
  }
}

let turn = Promise.resolve();
listen("message", (event) => {
  /** @type {Message} */
  const message = /** @type {MessageEvent} a worker's message */ (event).data;
  turn = turn
    .then(async () => {
      if (message && message.type === SETUP) {
        setup = message;
        loaded = null;
        answer({ type: READY });
      } else if (message && message.type === QUERY && setup) {
        if (!String(message.data || "").trim() && !loaded) {
          answer({ type: RESULT, data: { items: [] } }); // what the theme's worker answers to it
          return;
        }
        const page = setup;
        loaded = loaded || load(page).catch((error) => { loaded = null; throw error; });
        try {
          await loaded;
        } catch (error) {
          console.warn(error);
          answer({ type: RESULT, data: { items: [] } });
          return;
        }
        await toTheme(message);
      } else {
        loadTheme();
        await toTheme(message);
      }
    })
    .catch((error) => console.warn("search:", error));
});
