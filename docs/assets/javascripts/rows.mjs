// Rows inputs (a fight's combatants, say): the editable table, its compact code, and "apply"
// buttons that set inputs from a result (the next round). A rows input travels as one hidden
// <input name=…> whose value is the rows' code (calculators/rowcode.py reads and writes the same
// code), so codex.mjs sends it, keeps it in the address and restores it like any other input.
// Everything the reader typed is set with .value/.textContent, never as markup.

import { formState } from "./form-state.mjs";
import { changed as formChanged, whenAnswered } from "./form-changes.mjs";
import { stateOf } from "./url-state.mjs";

/**
 * @typedef {Record<string, unknown>} Inputs a form's inputs as plain data (rows as lists of records)
 * @typedef {Record<string, unknown>} Row one row of a rows input, field name → value
 * @typedef {object} Field one column of a rows input (hooks/codex/widgets.py writes them as data-fields)
 * @property {string} name
 * @property {string} label
 * @property {"bool" | "int" | "text" | "choice"} type
 * @property {unknown} default
 * @property {{ value: string, label: string }[]} [choices]
 * @property {number} [max_length]
 * @property {number} [min]
 * @property {number} [max]
 * @typedef {object} Spec a rows table as its holder's data-* describe it
 * @property {string} name
 * @property {string} item what one row is called ("Fighter")
 * @property {number} min
 * @property {number} max
 * @property {Field[]} fields
 * @property {HTMLInputElement} hidden the input that carries the rows' code
 * @typedef {HTMLInputElement | HTMLSelectElement} Control a form's input or select
 * @typedef {{ field: string, message: string }} Problem a problem the engine found, by field
 */

export const VERSION = "1";
const SAFE = /^[A-Za-z0-9 -]$/;
const CODE = /^[A-Za-z0-9 \-*._+]*$/;

export class CodeError extends Error {}

/** @param {string} text */
function escapeText(text) {
  let out = "";
  for (const ch of text) {
    if (SAFE.test(ch)) out += ch;
    else for (const b of new TextEncoder().encode(ch)) out += `*${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** @param {string} text */
function unescapeText(text) {
  if (text.replace(/\*[0-9A-Fa-f]{2}/g, "").includes("*")) throw new CodeError("a `*` not followed by two hex digits");
  const bytes = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "*") { bytes.push(parseInt(text.slice(i + 1, i + 3), 16)); i += 2; }
    else bytes.push(text.charCodeAt(i));
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    throw new CodeError("text that is not UTF-8");
  }
}

/** @param {Field} field @param {unknown} value */
function same(field, value) {
  return field.type === "bool" ? Boolean(value) === Boolean(field.default) : String(value) === String(field.default);
}

/** @param {Field} field @param {unknown} value */
function fieldCode(field, value) {
  if (value === undefined || same(field, value)) return "";
  if (field.type === "bool") return value ? "1" : "0";
  if (field.type === "int") {
    const text = String(value).trim();
    return /^[+-]?\d+$/.test(text) ? text : escapeText(text || " "); // a bad number reaches Python, which says so
  }
  return escapeText(String(value));
}

/** @param {Field[]} fields @param {Row[]} rows */
export function encode(fields, rows) {
  const parts = [VERSION];
  for (const row of rows) {
    const codes = fields.map((f) => fieldCode(f, row[f.name]));
    while (codes.length && codes[codes.length - 1] === "") codes.pop();
    parts.push(codes.join("."));
  }
  return parts.join("_");
}

/** @param {Field[]} fields @param {string} code @returns {Row[]} */
export function decode(fields, code) {
  code = code.replace(/\+/g, " ");
  if (!CODE.test(code)) throw new CodeError("characters no code of this version uses");
  const [version, ...rows] = code.split("_");
  if (version !== VERSION) throw new CodeError(`version ${version}, not ${VERSION}`);
  return rows.map((row) => {
    const codes = row.split(".");
    if (codes.length > fields.length) throw new CodeError(`${codes.length} fields in a row, not ${fields.length}`);
    /** @type {Row} */
    const record = {};
    fields.forEach((f, i) => {
      const text = codes[i] ?? "";
      if (text === "") record[f.name] = f.default;
      else if (f.type === "bool") {
        if (text !== "0" && text !== "1") throw new CodeError(`${text} for a checkbox`);
        record[f.name] = text === "1";
      } else record[f.name] = unescapeText(text);
    });
    return record;
  });
}

// ---- the editable table ------------------------------------------------------------------

// A holder's spec is asked for several times per keystroke; its fields (JSON in an attribute the
// build writes) are parsed once per attribute text, and the spec kept while its code input stands.
/** @type {WeakMap<HTMLElement, { raw: string, spec: Spec }>} */
const specs = new WeakMap();

/** (Read only: the spec is shared.) @param {HTMLElement} holder @returns {Spec} */
function specOf(holder) {
  const raw = /** @type {string} the build writes it */ (holder.dataset.fields);
  const kept = specs.get(holder);
  if (kept && kept.raw === raw && kept.spec.hidden?.isConnected && kept.spec.name === holder.dataset.rows) return kept.spec;
  const spec = {
    name: /** @type {string} bindRows finds holders by [data-rows] */ (holder.dataset.rows),
    item: holder.dataset.item || "Row",
    min: Number(holder.dataset.min || 0),
    max: Number(holder.dataset.max || 99),
    fields: JSON.parse(raw),
    hidden: /** @type {HTMLInputElement} the build writes it in every rows table */ (
      holder.querySelector(`input[data-rows-code][name="${CSS.escape(/** @type {string} */ (holder.dataset.rows))}"]`)),
  };
  specs.set(holder, { raw, spec });
  return spec;
}

/** @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Record<string, unknown>} attrs @returns {HTMLElementTagNameMap[K]} */
function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : String(v));
  if (text) node.textContent = text;
  return node;
}

/** @param {Field} field @param {string} id @param {unknown} value @param {string} label */
function cellControl(field, id, value, label) {
  /** @type {HTMLElement[]} */
  const parts = [];
  const described = { id, "data-field": field.name, "aria-describedby": `${id}-error` };
  const lab = el("label", { for: id, class: "codex-rows__cell-label" }, label);
  if (field.type === "bool") {
    const control = el("input", { type: "checkbox", ...described });
    control.checked = Boolean(value);
    parts.push(control, lab);
  } else {
    /** @type {Control} */
    let control;
    if (field.type === "choice") {
      control = el("select", described);
      for (const c of field.choices ?? []) control.append(el("option", { value: c.value }, c.label));
    } else if (field.type === "text") {
      control = el("input", { type: "text", maxlength: field.max_length, autocomplete: "off", spellcheck: "false", ...described });
    } else {
      control = el("input", { type: "number", inputmode: "numeric", step: "1", min: field.min, max: field.max, ...described });
    }
    control.value = /** @type {string} */ (value ?? "");
    parts.push(lab, control);
  }
  parts.push(el("p", { class: "calc__error", id: `${id}-error`, role: "alert", hidden: true }));
  return parts;
}

// The same rows as drawn (a Next, an Undo): only the values that changed are set, so the page
// lays out and paints a few cells, not a fight's hundred controls drawn again.
/** @param {HTMLTableSectionElement} body @param {Spec} spec @param {Row[]} rows */
function update(body, spec, rows) {
  const trs = /** @type {HTMLCollectionOf<HTMLTableRowElement>} */ (body.children);
  if (trs.length !== rows.length) return false;
  for (let i = 0; i < rows.length; i++) {
    const tr = trs[i];
    if (tr.dataset.row !== String(i + 1)) return false;
    // the row's controls found in one pass, not one search per field (a Next sets a fight's all)
    /** @type {Map<string, HTMLInputElement>} a select when the field is a choice: it has a value, not `checked` */
    const controls = new Map();
    for (const control of /** @type {NodeListOf<HTMLInputElement>} */ (tr.querySelectorAll("[data-field]"))) {
      controls.set(/** @type {string} */ (control.dataset.field), control);
    }
    for (const f of spec.fields) {
      const control = controls.get(f.name);
      if (!control) return false;
      const value = rows[i][f.name];
      if (f.type === "bool") {
        if (control.checked !== Boolean(value)) control.checked = Boolean(value);
      } else if (control.value !== String(value ?? "")) control.value = String(value ?? "");
    }
    /** @type {Map<string, HTMLButtonElement>} */
    const actions = new Map();
    const last = tr.lastElementChild; // render's shape: the row's buttons in its last cell
    for (const button of last?.classList.contains("codex-rows__controls") ? last.children : []) {
      const action = /** @type {HTMLButtonElement} */ (button).dataset.rowsAction;
      if (action) actions.set(action, /** @type {HTMLButtonElement} */ (button));
    }
    const [up, copy, remove] = ["up", "duplicate", "remove"].map((a) => actions.get(a));
    if (!up || !copy || !remove) return false;
    up.disabled = i === 0;
    copy.disabled = rows.length >= spec.max;
    remove.disabled = rows.length <= spec.min;
  }
  return true;
}

/** @param {HTMLElement} holder @param {Spec} spec @param {Row[]} rows */
function render(holder, spec, rows) {
  const body = /** @type {HTMLTableSectionElement} the build writes the table's body */ (holder.querySelector("tbody"));
  const table = tableOf(holder);
  if (table.drawn && update(body, spec, rows)) return;
  table.drawn = true; // drawn by this module once: its own shape from then on
  const trs = rows.map((row, i) => {
    const n = i + 1;
    const tr = el("tr", { "data-row": String(n) });
    tr.append(el("th", { scope: "row" }, String(n)));
    for (const f of spec.fields) {
      const td = el("td", { "data-label": f.label });
      td.append(...cellControl(f, `${spec.hidden.id}-${n}-${f.name}`, row[f.name], `${spec.item} ${n}, ${f.label}`));
      tr.append(td);
    }
    const controls = el("td", { class: "codex-rows__controls" });
    controls.append(
      el("button", { type: "button", "data-rows-action": "up", disabled: i === 0, "aria-label": `Move ${spec.item} ${n} up` }, "Up"),
      el("button", { type: "button", "data-rows-action": "duplicate", disabled: rows.length >= spec.max, "aria-label": `Copy ${spec.item} ${n}` }, "Copy"),
      el("button", { type: "button", "data-rows-action": "remove", disabled: rows.length <= spec.min, "aria-label": `Remove ${spec.item} ${n}` }, "Remove"),
    );
    tr.append(controls);
    return tr;
  });
  body.replaceChildren(...trs);
  const add = /** @type {HTMLButtonElement | null} */ (holder.querySelector('[data-rows-action="add"]'));
  if (add) add.disabled = rows.length >= spec.max;
}

/** @param {HTMLElement} holder @param {Spec} spec @param {string} text */
function notice(holder, spec, text) {
  /** @type {HTMLElement | null} */
  const slot = holder.querySelector(`#${CSS.escape(spec.hidden.id)}-notice`);
  if (!slot || (slot.textContent === text && slot.hidden === !text)) return; // unchanged: no restyle per keystroke
  slot.textContent = text;
  slot.hidden = !text;
}

/** How many rows a code holds, counted without reading them (a code of thousands is refused first).
 * @param {string} code */
export function codeRows(code) {
  let count = 0;
  for (let i = code.indexOf("_"); i !== -1; i = code.indexOf("_", i + 1)) count++;
  return count;
}

/** The state of a rows table (in its form's record, form-state.mjs).
 * @param {HTMLElement} holder @returns {import("./form-state.mjs").RowsTable} */
function tableOf(holder) {
  const tables = formState(/** @type {HTMLFormElement} a rows table sits in its form */ (holder.closest("form"))).rowTables;
  let table = tables.get(holder);
  if (!table) {
    table = { drawn: false, rows: [] };
    tables.set(holder, table);
  }
  return table;
}

// Redraw a rows table from its hidden input (after the address, a save or a result set it).
/** @param {HTMLElement} holder */
function refresh(holder) {
  const spec = specOf(holder);
  const item = spec.item.toLowerCase();
  const count = codeRows(spec.hidden.value);
  if (count > spec.max) {
    // Refused before a row is read or drawn: 3,000 rows from a link would freeze the page.
    notice(holder, spec, `This link holds ${count.toLocaleString("en")} ${item}s, and this page takes at most ` +
      `${spec.max}, so none of them were drawn; the page's own ${item}s are shown instead.`);
    spec.hidden.value = spec.hidden.defaultValue;
  }
  const table = tableOf(holder);
  try {
    table.rows = decode(spec.fields, spec.hidden.value);
  } catch (error) {
    notice(holder, spec, `These ${item}s could not be read from the link (it may come from an ` +
      `older version of this page: ${/** @type {Error} */ (error).message}); the page's own ${item}s are shown instead.`);
    spec.hidden.value = spec.hidden.defaultValue;
    table.rows = decode(spec.fields, spec.hidden.value);
  }
  render(holder, spec, table.rows);
}

/** @param {HTMLElement} holder @param {Spec} spec */
function changed(holder, spec) {
  spec.hidden.value = encode(spec.fields, tableOf(holder).rows);
  notice(holder, spec, "");
}

/** @param {HTMLElement} holder @param {Event} event */
function onEdit(holder, event) {
  const control = /** @type {HTMLInputElement} or a select, whose `type` is never "checkbox" */ (event.target);
  const field = control.dataset?.field;
  /** @type {HTMLElement | null} */
  const tr = control.closest?.("tr[data-row]");
  if (!field || !tr) return;
  const spec = specOf(holder);
  const row = tableOf(holder).rows[Number(tr.dataset.row) - 1];
  if (!row) return;
  if (control.type === "checkbox") row[field] = control.checked;
  else if (control.type === "number" && control.validity.badInput) row[field] = "not a number";
  else row[field] = control.value;
  changed(holder, spec); // the event bubbles on to the form, which sends the new code
}

/** @param {HTMLElement} holder @param {HTMLButtonElement} button */
function onAction(holder, button) {
  const spec = specOf(holder);
  const rows = tableOf(holder).rows;
  const action = button.dataset.rowsAction;
  const tr = /** @type {HTMLElement | null} */ (button.closest("tr[data-row]"));
  const i = tr ? Number(tr.dataset.row) - 1 : rows.length;
  /** @type {[number, string] | null} */
  let focus = null; // [row index, action] to focus after redrawing
  const called = (/** @type {Row | undefined} */ row, /** @type {number} */ n) => (row && typeof row.name === "string" && row.name.trim()) || `${spec.item} ${n}`;
  let step;
  if (action === "add" && rows.length < spec.max) {
    rows.push(Object.fromEntries(spec.fields.map((f) => [f.name, f.default])));
    focus = [rows.length - 1, "field"];
    step = `Added ${spec.item.toLowerCase()} ${rows.length}`;
  } else if (action === "duplicate" && rows.length < spec.max) {
    step = `Copied ${called(rows[i], i + 1)}`;
    rows.splice(i + 1, 0, { ...rows[i] });
    focus = [i + 1, "field"];
  } else if (action === "remove" && rows.length > spec.min) {
    step = `Removed ${called(rows[i], i + 1)}`;
    rows.splice(i, 1);
    focus = rows.length ? [Math.min(i, rows.length - 1), "remove"] : null;
  } else if (action === "up" && i > 0) {
    step = `Moved ${called(rows[i], i + 1)} up`;
    [rows[i - 1], rows[i]] = [rows[i], rows[i - 1]];
    focus = [i - 1, i - 1 === 0 ? "field" : "up"];
  } else return;
  render(holder, spec, rows);
  changed(holder, spec);
  /** @type {HTMLElement | null} */
  const target = focus && holder.querySelector(`tr[data-row="${focus[0] + 1}"] ` +
    (focus[1] === "field" ? "[data-field]" : `[data-rows-action="${focus[1]}"]`));
  (target || /** @type {HTMLElement | null} */ (holder.querySelector('[data-rows-action="add"]')))?.focus();
  formChanged(/** @type {HTMLFormElement} a rows table sits in its form */ (holder.closest("form")), { label: step });
}

/** @param {HTMLFormElement} form @param {Problem[]} problems */
function showRowErrors(form, problems) {
  // Only what the last answer marked is cleared (searching 800 fields cost a sixth of the page's part).
  for (const [slot, control] of marked.get(form) ?? []) {
    slot.hidden = true;
    slot.textContent = "";
    control?.removeAttribute("aria-invalid");
  }
  /** @type {[HTMLElement, Element | null][]} */
  const now = [];
  for (const p of problems) {
    const [name, row, field] = String(p.field).split(".");
    if (!field) continue;
    const id = `${form.querySelector(`input[data-rows-code][name="${CSS.escape(name)}"]`)?.id}-${row}-${field}`;
    /** @type {HTMLElement | null} */
    const slot = form.querySelector(`#${CSS.escape(id)}-error`);
    if (!slot) continue;
    slot.textContent = p.message;
    slot.hidden = false;
    const control = form.querySelector(`#${CSS.escape(id)}`);
    control?.setAttribute("aria-invalid", "true");
    now.push([slot, control]);
  }
  marked.set(form, now);
}

/** @type {WeakMap<HTMLFormElement, [HTMLElement, Element | null][]>} each form's row errors shown: slot, field */
const marked = new WeakMap();

// Is this problem shown beside a rows field (so the form's status need not repeat it)?
/** @param {HTMLFormElement} form @param {unknown} field */
export function placed(form, field) {
  const [name, row, part] = String(field).split(".");
  if (!part) return false;
  const hidden = form.querySelector(`input[data-rows-code][name="${CSS.escape(name)}"]`);
  return Boolean(hidden && form.querySelector(`#${CSS.escape(`${hidden.id}-${row}-${part}`)}-error`));
}

// Set inputs by name (a save, an imported file, an "apply" result); rows are given as records.
// `made` says what the change was (form-changes.mjs): the table tool records it, the engine is asked.
/** @param {HTMLFormElement} form @param {Inputs} inputs @param {import("./form-changes.mjs").Made} made */
export function setInputs(form, inputs, made) {
  for (const [name, value] of Object.entries(inputs)) {
    const control = controls(form).find((c) => c.name === name);
    if (!control) continue;
    const held = heldValue(control, value); // rows: checked by the caller (checkInputs)
    if (typeof held === "boolean") /** @type {HTMLInputElement} a checkbox */ (control).checked = held;
    else control.value = held;
  }
  refreshRows(form);
  formChanged(form, made);
}

/** `inputs` (a fold's typed values, say) as `currentInputs` reads them back once set: rows as
 *  records of what their table holds, boxes as booleans, the rest as text; inputs this form does
 *  not have are left out.
 * @param {HTMLFormElement} form @param {Inputs} inputs @returns {Inputs} */
export function formValues(form, inputs) {
  /** @type {Inputs} */
  const out = {};
  for (const control of controls(form)) {
    if (!(control.name in inputs)) continue;
    const value = inputs[control.name];
    /** @type {HTMLElement | null} */
    const holder = control.closest(".codex-rows");
    if (holder && typeof value === "string") { // a rows input as a link writes it: its code
      out[control.name] = decode(specOf(holder).fields, value);
      continue;
    }
    const held = heldValue(control, value);
    out[control.name] = holder ? decode(specOf(holder).fields, /** @type {string} a rows code */ (held)) : held;
  }
  return out;
}

/** Redraw the form's rows tables from their inputs (after code set them). @param {HTMLFormElement} form */
export function refreshRows(form) {
  for (const holder of holdersOf(form)) refresh(holder);
}

/** What `control` holds once set to `value` (as codex.mjs reads it back): a rows table's code, a
 *  box's checked state, or the text; throws for a rows value that is not rows.
 * @param {Control} control @param {unknown} value @returns {string | boolean} */
function heldValue(control, value) {
  /** @type {HTMLElement | null} */
  const holder = control.closest(".codex-rows");
  if (holder) return encode(specOf(holder).fields, /** @type {Row[]} */ (value));
  if (control instanceof HTMLInputElement && control.type === "checkbox") return Boolean(value);
  return String(value);
}

/** The inputs `setInputs(form, sets)` would leave, as codex.mjs reads them (`now`, in its order),
 *  without touching the form; null when `sets` could not be set (a rows value that is not rows).
 *  (A value a select does not offer reads back as another: that state's key then differs, which
 *  only costs the look-ahead a miss.)
 * @param {HTMLFormElement} form @param {Record<string, unknown>} sets @param {Record<string, string | boolean>} now
 * @returns {Record<string, string | boolean> | null} */
export function inputsAfter(form, sets, now) {
  const out = { ...now };
  for (const [name, value] of Object.entries(sets)) {
    const control = controls(form).find((c) => c.name === name);
    if (!control) continue;
    try {
      out[name] = heldValue(control, value);
    } catch {
      return null;
    }
  }
  return out;
}

/** The form's inputs and selects that have a name (its outputs and buttons are form elements too).
 * @param {HTMLFormElement} form @returns {Control[]} */
export function controls(form) {
  // Asked several times per change: kept while the form holds the same elements (a fight's row
  // fields have no name, so a row added or removed changes the count, not the list's members).
  const kept = namedControls.get(form);
  if (kept && kept.count === form.elements.length && kept.list.every((el) => el.form === form && el.isConnected)) {
    return kept.list.filter((el) => el.name); // a name taken away since is not a control any more
  }
  const list = /** @type {Control[]} what passes the filter */ ([...form.elements].filter((el) =>
    /** @type {Control} */ (el).name && (el.tagName === "INPUT" || el.tagName === "SELECT")));
  namedControls.set(form, { count: form.elements.length, list });
  return [...list];
}

/** @type {WeakMap<HTMLFormElement, { count: number, list: Control[] }>} */
const namedControls = new WeakMap();

/** The value a control had when the page was built (a select's first choice when none is marked).
 * @param {Control} el @returns {string | boolean} */
export function defaultOf(el) {
  if (el.type === "checkbox") return /** @type {HTMLInputElement} */ (el).defaultChecked;
  if (el instanceof HTMLSelectElement) {
    const chosen = [...el.options].find((o) => o.defaultSelected) || el.options[0];
    return chosen ? chosen.value : "";
  }
  return el.defaultValue;
}

/** The form's rows tables.
 * @param {HTMLFormElement} form @returns {NodeListOf<HTMLElement>} */
function holdersOf(form) {
  return form.querySelectorAll(".codex-rows[data-rows]");
}

// The form's inputs as plain data: rows as records (for saves and exported files).
/** @param {HTMLFormElement} form @returns {Inputs} */
export function currentInputs(form) {
  /** @type {Inputs} */
  const inputs = {};
  for (const c of controls(form)) {
    /** @type {HTMLElement | null} */
    const holder = c.closest(".codex-rows");
    if (holder) inputs[c.name] = decode(specOf(holder).fields, c.value);
    else if (c.type === "checkbox") inputs[c.name] = /** @type {HTMLInputElement} */ (c).checked;
    else inputs[c.name] = c.value;
  }
  return inputs;
}

/** The form's inputs as it first drew them (a rows table's as its hidden control's default: a table
 *  tool's is empty), each decoded as `currentInputs` decodes it.
 * @param {HTMLFormElement} form */
export function defaultInputs(form) {
  /** @type {Inputs} */
  const inputs = {};
  for (const c of controls(form)) {
    /** @type {HTMLElement | null} */
    const holder = c.closest(".codex-rows");
    const value = defaultOf(c);
    inputs[c.name] = holder ? decode(specOf(holder).fields, String(value)) : value;
  }
  return inputs;
}

/** The form's inputs as one string, cheaply (a rows input is its code): equal strings, equal
 *  inputs, whatever order the controls sit in. For "has anything changed?", asked on every answer.
 * @param {HTMLFormElement} form */
export function formKey(form) {
  const parts = [];
  for (const c of controls(form)) parts.push(`${c.name}=${c.type === "checkbox" ? /** @type {HTMLInputElement} */ (c).checked : c.value}`);
  return parts.sort().join("\u0000");
}

/** Each rows input's fields: name → fields.
 * @param {HTMLFormElement} form */
export function rowFields(form) {
  /** @type {Record<string, Field[]>} */
  const out = {};
  for (const holder of holdersOf(form)) {
    const { name, fields } = specOf(holder);
    out[name] = fields;
  }
  return out;
}

/** Each rows input's bounds and what one row is called: name → {min, max, item}.
 * @param {HTMLFormElement} form */
export function rowLimits(form) {
  /** @type {Record<string, { min: number, max: number, item: string }>} */
  const out = {};
  for (const holder of holdersOf(form)) {
    const { name, min, max, item } = specOf(holder);
    out[name] = { min, max, item };
  }
  return out;
}

// Values in the link that this version of the form no longer takes (an older link): say so.
/** @param {HTMLFormElement} form @param {HTMLElement} holder */
function staleLink(form, holder) {
  const listed = /** @type {(Element & { name: string })[]} every listed form element has a name */ ([...form.elements]);
  const names = new Set(listed.filter((c) => c.name).map((c) => c.name));
  const stale = [...stateOf(form, new URLSearchParams(location.search)).keys()].filter((name) => !names.has(name));
  if (!stale.length) return;
  const shown = stale.slice(0, 3).join(", ") + (stale.length > 3 ? ", …" : "");
  notice(holder, specOf(holder), `This link comes from an older version of this page: ${stale.length} of its ` +
    `values (${shown}) are no longer used and were left out; everything else from the link is kept.`);
}

/** A rows field left takes its caret along: a caret kept the rows drawn out of view (ARCHITECTURE.md).
 * @param {HTMLElement} holder @param {FocusEvent} event */
function letGo(holder, event) {
  if (event.relatedTarget instanceof Node && holder.contains(event.relatedTarget)) return;
  const selection = getSelection();
  if (selection?.type === "Caret" && holder.contains(selection.anchorNode)) selection.removeAllRanges();
}

/** @param {HTMLFormElement} form */
export function bindRows(form) {
  const holders = holdersOf(form);
  for (const holder of holders) {
    refresh(holder);
    if (holder === holders[0]) staleLink(form, holder);
    holder.addEventListener("input", (event) => onEdit(holder, event));
    holder.addEventListener("change", (event) => onEdit(holder, event));
    holder.addEventListener("click", (event) => {
      const button = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (event.target).closest("button[data-rows-action]"));
      if (button && holder.contains(button)) onAction(holder, button);
    });
    holder.addEventListener("focusout", (event) => letGo(holder, /** @type {FocusEvent} */ (event)));
  }
  // A table tool presses its own results' buttons (table-tools.mjs): it records them in its log.
  if (!form.hasAttribute("data-table")) {
    form.addEventListener("click", (event) => {
      const button = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (event.target).closest("button[data-apply]"));
      if (!button || !form.contains(button)) return;
      apply(form, button, { focus: true });
    });
  }
  // The inputs the results shown answer: the page's own, baked at build, unless a link brought others.
  const fromLink = stateOf(form, new URLSearchParams(location.search)).size > 0;
  const state = formState(form);
  state.answered = fromLink ? null : formKey(form);
  whenAnswered(form, (answer) => {
    // An answer is only announced for the newest question, asked with the inputs now shown.
    state.answered = formKey(form);
    showRowErrors(form, answer.error ? answer.error.problems || [] : []);
    if (state.applyFocus) {
      state.applyFocus = false;
      // Back on the control of the same kind, without scrolling the page to it.
      /** @type {HTMLElement | null} */ (form.querySelector("button[data-apply]"))?.focus({ preventScroll: true });
    }
    if (state.applying) settleApply(form);
  });
}

// ---- "apply" results (Next, Start round) ---------------------------------------------------
// A control that advances the fight takes one tap per answer: a second tap before the answer
// to the first is in (or within HOLD ms of it: a double tap) is ignored, so two quick taps on
// "Start round" move one round and charge one round's upkeep, never two.
export const HOLD = 500;

/** Set the inputs an apply button carries; false when a tap is being held off. `output` and `draft`:
 *  the output the button comes from and the change being entered, when the button was not drawn
 *  (a table tool's amount, whose answer was asked ahead: table-tools.mjs `applyAmount`).
 * @param {HTMLFormElement} form @param {HTMLElement} button
 * @param {{ focus?: boolean, output?: string, draft?: Inputs }} [options] */
export function apply(form, button, { focus = false, output: from = "", draft = undefined } = {}) {
  let sets;
  try {
    sets = JSON.parse(/** @type {string} JSON.parse(undefined) throws too */ (button.dataset.apply));
  } catch {
    return false;
  }
  const before = holdTaps(form);
  if (before === null) return false;
  formState(form).applyFocus = focus;
  const label = (button.textContent ?? "").trim();
  const output = from || button.closest("output")?.getAttribute("name") || "";
  // What the press does, as the engine said it beside the button (the table tool's log shows it).
  const summary = button.closest(".codex-apply")?.querySelector(".codex-apply__summary")?.textContent.trim() || "";
  setInputs(form, sets, { label, summary, change: { do: "press", label, output, draft: draft ?? draftOf(form) } });
  releaseIfUnchanged(form, before);
  return true;
}

/** The change being entered in a table tool (its inputs the form names in data-draft), as a press carries it.
 * @param {HTMLFormElement} form @returns {Inputs} */
export function draftOf(form) {
  const names = (form.dataset.draft || "").split(" ").filter(Boolean);
  const now = currentInputs(form);
  return Object.fromEntries(names.filter((n) => n in now).map((n) => [n, now[n]]));
}

/** Are the results the answer to the inputs shown? Not while an answer is on its way (the page
 *  opened with a link's or a kept fight's inputs over results baked for the defaults), nor after a
 *  refused change (they are the last valid inputs' results): a button in them would set a state
 *  worked out from other inputs. (A field left, which sends its values again, changes nothing.)
 * @param {HTMLFormElement} form */
export function resultsCurrent(form) {
  return !form.classList.contains("calc--stale") && formState(form).answered === formKey(form);
}

/** Hold off further taps on `form`'s advancing controls until the answer to this one is in: the
 *  form's inputs as they were (for releaseIfUnchanged), or null when a tap must not act now (one is
 *  held off already, or the results it comes from are not the answer to the inputs shown).
 * @param {HTMLFormElement} form */
export function holdTaps(form) {
  const state = formState(form);
  if (state.applying || !resultsCurrent(form)) return null;
  const before = formKey(form);
  state.applying = { since: performance.now() };
  form.dataset.applying = "yes";
  return before;
}

/** A tap that changed nothing sends no question, so no answer will release the hold: release it.
 * @param {HTMLFormElement} form @param {string} before */
export function releaseIfUnchanged(form, before) {
  if (formState(form).applying && formKey(form) === before) settleApply(form);
}

/** @param {HTMLFormElement} form */
function settleApply(form) {
  const state = formState(form);
  const { since } = /** @type {{ since: number }} settled only while a tap is held */ (state.applying);
  clearTimeout(state.applyTimer);
  state.applyTimer = setTimeout(() => {
    state.applying = null;
    form.dataset.applying = "no"; // the table tool's bar watches it
  }, Math.max(0, since + HOLD - performance.now()));
}
