// The site's search worker: the theme's own (lunr, in mkdocs-material's worker), with the
// bestiary's creatures kept in an index of their own that the worker fetches the first time a
// reader searches. Every page downloads search_index.json as it loads; a bestiary of thousands
// would make every rules page download it too.
//
// The theme talks to its worker in messages (0 setup with the index, 1 ready, 2 query, 3
// result: mkdocs-material's "custom search worker" contract). This wrapper loads the theme's
// worker, keeps the page's setup, and before the first query with words in it (the theme asks
// an empty one as soon as its worker is ready) sets the theme's worker up again with the
// creatures added; the page hears one "ready" only. Messages are handled one at a time, in
// order. If the creatures cannot be fetched, search goes on without them.
//
// The build writes this file beside the theme's worker, whose name it fills in below.
// biome-ignore lint/suspicious/noRedundantUseStrict: a classic worker script (importScripts), not a module: the directive counts
"use strict";

const THEME_WORKER = "__THEME_WORKER__";
const CREATURES = new URL("__CREATURE_INDEX__", self.location.href);
const SETUP = 0;
const READY = 1;
const QUERY = 2;

/** @typedef {{ type: number, data?: any }} Message a message of the theme's worker (its data: the theme's) */

/** @type {((event: { data: Message }) => unknown)[]} */
const themeHandlers = [];
const listen = self.addEventListener.bind(self);
self.addEventListener = /** @type {typeof self.addEventListener} the theme's script adds only functions */ (
  (/** @type {string} */ type, /** @type {any} */ handler, /** @type {any} */ options) =>
    type === "message" ? themeHandlers.push(handler) : listen(type, handler, options));
importScripts(THEME_WORKER);
self.addEventListener = listen;

/** @type {(message: Message, ...rest: any[]) => void} the worker's own postMessage, as the theme calls it */
const answer = self.postMessage.bind(self);
let quiet = false; // while the theme's worker is set up again: its "ready" is not news to the page
self.postMessage = /** @type {typeof self.postMessage} */ ((/** @type {Message} */ message, /** @type {any[]} */ ...rest) => {
  if (!(quiet && message && message.type === READY)) answer(message, ...rest);
});

/** Hand one message to the theme's worker; resolves once it has answered.
 * @param {Message} data */
const toTheme = (data) => Promise.all(themeHandlers.map((handler) => handler({ data })));

/** @type {Message | null} */
let setup = null; // the page's setup message
/** @type {Promise<void> | null} */
let merged = null; // the promise of the setup with the creatures added

async function fetchCreatures() {
  try {
    const response = await fetch(CREATURES);
    return response.ok ? (await response.json()).docs || [] : [];
  } catch (error) {
    console.warn("search: the creatures' index could not be fetched", error);
    return [];
  }
}

async function withCreatures() {
  const docs = await fetchCreatures();
  if (!docs.length) return;
  quiet = true;
  try {
    const page = /** @type {Message} asked only once the page's setup is in */ (setup);
    await toTheme({ ...page, data: { ...page.data, docs: [...page.data.docs, ...docs] } });
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
        merged = null;
      } else if (message && message.type === QUERY && setup && String(message.data || "").trim()) {
        // (the theme asks an empty query as soon as its worker is ready: no reader is searching yet)
        merged = merged || withCreatures();
        await merged;
      }
      await toTheme(message);
    })
    .catch((error) => console.warn("search:", error));
});
