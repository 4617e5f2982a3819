// Every page's code, and the code of the page's own parts once a page has them; the search's
// entries asked for as the reader opens search.
// Every page: framing (no page in another's frame), reader aids, glossary tooltips, the offline
// copy. A page with a calculator, a table tool, Add to fight, a sortable table or a house-rule
// choice names the modules those need in its head (`<meta name="codex-modules">`, written by the
// build: hooks/codex/page_code.py), and a page loaded whole loads them after this one. The theme's
// instant navigation replaces the head's tags but runs no script of the next page's body: so after
// every page change this imports, one after the other and in the order named, the modules the page
// names that have not run yet. Each binds the page through everyPage (the theme's document$ replays
// the page to a late subscriber), so a module imported late binds the page it arrives on.

import "./framing.mjs";
import "./reader.mjs";
import "./terms.mjs";
import "./offline.mjs";
// The phone link's binder (a few lines): links outlive instant navigation; its code loads where used.
import "./link-bind.mjs";
import { everyPage, mark } from "./every-page.mjs";

const NAME = /^[a-z][a-z-]*\.mjs$/; // a module beside this one, nothing else
/** @type {Set<string>} */
const asked = new Set();
let turn = Promise.resolve();

function loadParts() {
  const meta = /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="codex-modules"]'));
  for (const name of (meta?.content ?? "").split(/\s+/)) {
    if (!NAME.test(name) || asked.has(name)) continue;
    asked.add(name);
    const url = new URL(name, import.meta.url).href;
    const early = document.createElement("link"); // fetched at once, run in turn
    early.rel = "modulepreload";
    early.href = url;
    document.head.append(early);
    turn = turn.then(() => import(url)).catch((error) => console.error(`Jianghu Codex: ${name} failed to load:`, error));
  }
}

everyPage(loadParts);

// The page's kind, as classes on <html> for the stylesheets (every-page.mjs `mark`).
everyPage(() => {
  mark("joined", false); // join.mjs set it on the last page
  mark("table", Boolean(document.querySelector(".md-typeset .calc--table")));
  mark("long", Boolean(document.querySelector(".md-typeset :is(.calc--long, .calc--tall)")));
});

// The search's entries are fetched by its worker at the first query (hooks/codex/search.py): ask
// for them as the reader opens search, so that the first query finds them in the HTTP cache.
const ROOT = new URL("../../", import.meta.url); // this file is assets/javascripts/site.mjs
let searchAsked = false;
function searchOpened() {
  if (searchAsked) return;
  searchAsked = true;
  for (const path of ["search/pages.json", "search/creatures.json"]) fetch(new URL(path, ROOT)).catch(() => {});
}
document.addEventListener("focusin", (event) => {
  if (event.target instanceof Element && event.target.matches("input.md-search__input")) searchOpened();
});
document.addEventListener("change", (event) => {
  if (event.target instanceof HTMLInputElement && event.target.id === "__search" && event.target.checked) searchOpened();
});
