// Sortable, filterable data tables (the WBS bestiary index). Progressive enhancement: the table
// is complete without this script; with it, headings sort and a small form filters the rows.
// Rows carry their values as data attributes (data-name, data-energy, …), one per column, so
// sorting and filtering never parse the cells. Bound through mkdocs-material's document$ so
// instant navigation re-binds new pages.

import { everyPage } from "./every-page.mjs";

/** @typedef {HTMLTableElement & { tHead: HTMLTableSectionElement }} HeadedTable a table with a head (bind checks) */

/** @type {WeakSet<HTMLElement>} */
const bound = new WeakSet(); // the tables already made sortable and filterable
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** @param {HeadedTable} table */
function rowsOf(table) {
  return Array.from(table.tBodies[0].rows);
}

/** @param {HeadedTable} table @param {HTMLTableCellElement} th @param {number} direction */
function sortBy(table, th, direction) {
  const key = th.dataset.key ?? ""; // only headings with a key sort (makeSortable)
  const numeric = th.dataset.type === "number";
  const rows = rowsOf(table);
  const value = (/** @type {HTMLTableRowElement} */ row) => row.dataset[key] ?? "";
  rows.sort((a, b) => {
    let order;
    if (numeric) {
      const x = Number.parseFloat(value(a));
      const y = Number.parseFloat(value(b));
      order = (Number.isNaN(x) ? -Infinity : x) - (Number.isNaN(y) ? -Infinity : y);
    } else {
      order = collator.compare(value(a), value(b));
    }
    return order === 0 ? collator.compare(a.dataset.name ?? "", b.dataset.name ?? "") : order * direction;
  });
  const body = table.tBodies[0];
  const fragment = document.createDocumentFragment();
  for (const row of rows) fragment.append(row);
  body.append(fragment);
  for (const other of table.tHead.rows[0].cells) other.removeAttribute("aria-sort");
  th.setAttribute("aria-sort", direction > 0 ? "ascending" : "descending");
}

/** @param {HeadedTable} table */
function makeSortable(table) {
  for (const th of table.tHead.rows[0].cells) {
    if (!th.dataset.key) continue;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "codex-sort";
    button.textContent = th.textContent;
    th.textContent = "";
    th.append(button);
    button.addEventListener("click", () => {
      const next = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
      sortBy(table, th, next);
    });
  }
}

/** @param {HeadedTable} table @param {string} key @param {boolean} words */
function distinct(table, key, words) {
  const column = indexOf(table, key);
  const seen = new Map();
  for (const row of rowsOf(table)) {
    const raw = row.dataset[key] ?? "";
    if (words) {
      for (const word of raw.split(/\s+/).filter(Boolean)) seen.set(word, word);
    } else if (!seen.has(raw)) {
      seen.set(raw, row.cells[column]?.textContent.trim() || raw);
    }
  }
  return [...seen.entries()].sort((a, b) => collator.compare(a[1], b[1]));
}

/** @param {HeadedTable} table @param {string} key */
function indexOf(table, key) {
  return Array.from(table.tHead.rows[0].cells).findIndex((th) => th.dataset.key === key);
}

/** @param {string} text @param {HTMLElement} control */
function labelled(text, control) {
  const label = document.createElement("label");
  label.className = "codex-filter__field";
  const span = document.createElement("span");
  span.textContent = text;
  label.append(span, control);
  return label;
}

/** @param {HTMLElement} container @param {HeadedTable} table */
function makeFilters(container, table) {
  const headers = Array.from(table.tHead.rows[0].cells).filter((th) => th.dataset.filter);
  if (!headers.length) return;
  const form = document.createElement("form");
  form.className = "codex-filter";
  form.setAttribute("role", "search");
  form.addEventListener("submit", (event) => event.preventDefault());
  /** @type {((row: HTMLTableRowElement) => boolean)[]} */
  const tests = [];
  for (const th of headers) {
    const key = th.dataset.key ?? ""; // a filter without a key matches no value
    const name = th.textContent.trim();
    if (th.dataset.filter === "search") {
      const input = document.createElement("input");
      input.type = "search";
      input.placeholder = "Name or tag";
      form.append(labelled(`Find ${name.toLowerCase()}`, input));
      tests.push((/** @type {HTMLTableRowElement} */ row) => {
        const q = input.value.trim().toLowerCase();
        return !q || `${row.dataset[key] ?? ""} ${row.dataset.tags ?? ""}`.toLowerCase().includes(q);
      });
    } else {
      const words = th.dataset.filter === "select-words";
      const select = document.createElement("select");
      select.append(new Option("Any", ""));
      for (const [value, label] of distinct(table, key, words)) select.append(new Option(label, value));
      form.append(labelled(name, select));
      tests.push((/** @type {HTMLTableRowElement} */ row) => {
        if (!select.value) return true;
        const raw = row.dataset[key] ?? "";
        return words ? raw.split(/\s+/).includes(select.value) : raw === select.value;
      });
    }
  }
  const status = document.createElement("p");
  status.className = "codex-filter__status";
  status.setAttribute("aria-live", "polite");
  form.append(status);
  const apply = () => {
    let shown = 0;
    for (const row of rowsOf(table)) {
      const keep = tests.every((test) => test(row));
      row.hidden = !keep;
      if (keep) shown += 1;
    }
    status.textContent = `${shown} of ${table.tBodies[0].rows.length} shown`;
  };
  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  container.prepend(form);
  apply();
}

/** @param {HTMLElement} container */
function bind(container) {
  if (bound.has(container)) return;
  bound.add(container);
  const table = container.querySelector("table");
  if (!table?.tHead || !table.tBodies.length) return;
  makeFilters(container, /** @type {HeadedTable} */ (table));
  makeSortable(/** @type {HeadedTable} */ (table));
}

function bindAll() {
  /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-codex-table]")).forEach(bind);
}

everyPage(bindAll);
