// The tile table's buttons and codes (rain.tile_table, rain.tile_seat; drawn by calculators.present:
// act_html, board_html). A button (`data-act`) sets some of the form's inputs at once and says so
// (form-changes.mjs), so the link, the saves and the table's log see an ordinary change. A
// draw's button (`data-fresh`) gets its code here, at the tap, from crypto.getRandomValues: the
// marker the engine put in its inputs becomes six fresh digits. After the answer the focus goes
// back to the button with the same `data-key`, without scrolling. A player's code (`.codex-share`)
// gets its link and, on request, a QR code drawn on the device (qr-draw.mjs, loaded at the first request).
// No inline handlers (CSP); nothing the engine sent is set as markup here.
import { button, copyText } from "./calc-tools.mjs";
import { runOnce } from "./codex.mjs";
import { everyPage } from "./every-page.mjs";
import { formState } from "./form-state.mjs";
import { changed, whenAnswered } from "./form-changes.mjs";
import { takeOlderView } from "./older-links.mjs";
import { controls, currentInputs, holdTaps, releaseIfUnchanged, setInputs } from "./rows.mjs";
import { stateKey } from "./url-state.mjs";

/** @typedef {import("./rows.mjs").Inputs} Inputs */

const TOOLS = ["rain.tile_table", "rain.tile_seat"];
export const FRESH = { low: 1, high: 999999, width: 6 }; // the engine's draw codes (session.CODE_RANGE)
const TOOL = "codex-share__button";

// A whole number from low to high, every one equally likely (words past the last full span are redrawn).
export function freshCode(low = FRESH.low, high = FRESH.high) {
  const span = high - low + 1;
  const limit = Math.floor(0x100000000 / span) * span;
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    if (word[0] < limit) return low + (word[0] % span);
  }
}

const DRAWN = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // a drawn single-draw code (calculators/rain/tile_draw.py)

/** A drawn single-draw code: 64 bits from crypto.getRandomValues, as 13 characters (4-4-4-1) no typed code has. */
export function drawnCode() {
  const words = crypto.getRandomValues(new Uint32Array(2));
  let value = (BigInt(words[0]) << 32n) | BigInt(words[1]);
  let text = "";
  for (let i = 0; i < 13; i++) {
    text = DRAWN[Number(value & 31n)] + text;
    value >>= 5n;
  }
  return /** @type {string[]} four characters at a time */ (text.match(/.{1,4}/g)).join("-");
}

// The inputs a button sets, its marker (if any) replaced by one fresh code.
/** @param {HTMLElement} button @returns {Inputs} */
export function actInputs(button) {
  const sets = JSON.parse(/** @type {string} the button's selector asks for it */ (button.dataset.act));
  const marker = button.dataset.fresh;
  if (marker) {
    const code = String(freshCode()).padStart(FRESH.width, "0");
    for (const [name, value] of Object.entries(sets)) {
      if (typeof value === "string") sets[name] = value.split(marker).join(code);
    }
  }
  return sets;
}

// A tap sets only the controls it names and sends one change, as a reader's typing does: no rows
// table is redrawn (setInputs would redraw the seats on every tap; the buttons never set them).
// The phone link (link-gm.mjs) applies a player's request the same way, with the sets the engine
// offered that player's seat.
/** @param {HTMLFormElement} form @param {Inputs} sets @param {string} label */
export function apply(form, sets, label) {
  const named = controls(form);
  for (const [name, value] of Object.entries(sets)) {
    const control = named.find((c) => c.name === name);
    if (!control) continue;
    if (control.closest(".codex-rows")) return setInputs(form, sets, { label }); // a rows input: let rows.mjs redraw it
    if (control instanceof HTMLInputElement && control.type === "checkbox") control.checked = Boolean(value);
    else control.value = String(value);
  }
  changed(form, { label });
}

/** @param {HTMLFormElement} form @param {Event} event */
function onClick(form, event) {
  /** @type {HTMLButtonElement | null} */
  const button = /** @type {Element} */ (event.target).closest("button[data-act]");
  if (!button || !form.contains(button) || button.disabled) return;
  // A step of play takes one tap per answer, as Next does (rows.mjs holdTaps).
  const table = form.hasAttribute("data-table");
  const before = table ? holdTaps(form) : "";
  if (before === null) return;
  const state = formState(form);
  state.actKey = button.dataset.key || "";
  state.actOutput = button.closest("output")?.name || "";
  apply(form, actInputs(button), (button.textContent ?? "").trim());
  if (table) releaseIfUnchanged(form, before);
}

// After an answer: the focus back on the button with the same key, or the first of its output.
/** @param {HTMLFormElement} form */
function refocus(form) {
  const state = formState(form);
  const key = state.actKey;
  if (key === undefined) return;
  state.actKey = undefined;
  /** @type {HTMLElement | null | ""} */
  const same = key && form.querySelector(`button[data-act][data-key="${CSS.escape(key)}"]`);
  // (A button outside any output leaves actOutput "": `"" && …` gave "", whose ?.querySelector threw.)
  const output = state.actOutput ? form.querySelector(`output[name="${CSS.escape(state.actOutput)}"]`) : null;
  /** @type {HTMLElement | null | undefined} */
  const target = same || output?.querySelector("button[data-act]");
  if (target) target.focus({ preventScroll: true });
}

// ---- players' codes: a link, a copy button, a QR code -----------------------------------------

/** @param {HTMLElement} share a player's code, with its calculator, input and code (data-share-*) */
function linkFor(share) {
  const { shareCalc = "", shareInput = "", shareCode = "" } = share.dataset;
  /** @type {HTMLFormElement | null} */
  const target = document.querySelector(`form.calc[data-calc="${CSS.escape(shareCalc)}"]`);
  if (!target) return "";
  const url = new URL(location.href);
  url.search = "";
  url.searchParams.set(stateKey(target, shareInput), shareCode);
  url.hash = target.id;
  return url.href;
}


/** @param {HTMLElement} share */
function enhance(share) {
  if (share.querySelector(".codex-share__tools")) return;
  const href = linkFor(share);
  if (!href) return;
  const title = share.closest("section")?.querySelector(".codex-board__title")?.textContent || "this code";
  const tools = document.createElement("p");
  tools.className = "codex-share__tools";
  const link = document.createElement("a");
  link.href = href;
  link.textContent = `Link for ${title}`;
  link.className = "codex-share__link";
  const status = document.createElement("span");
  status.setAttribute("role", "status");
  status.className = "codex-share__status";
  const figure = document.createElement("figure");
  figure.className = "codex-share__qr";
  figure.hidden = true;
  const copy = button("Copy link", async () => {
    status.textContent = (await copyText(href)) ? "Copied." : "This browser would not copy: press and hold the link.";
  }, TOOL);
  const qr = button("Show QR code", async () => {
    if (!figure.hidden) {
      figure.hidden = true;
      qr.textContent = "Show QR code";
      return;
    }
    try {
      if (!figure.firstChild) {
        const { drawQr } = await import("./qr-draw.mjs");
        await drawQr(figure, href, `QR code of the link to ${title}`);
      }
      figure.hidden = false;
      qr.textContent = "Hide QR code";
    } catch {
      status.textContent = "The QR code could not be drawn here: use the link or read the code out.";
    }
  }, TOOL);
  qr.setAttribute("aria-expanded", "false");
  new MutationObserver(() => qr.setAttribute("aria-expanded", String(!figure.hidden)))
    .observe(figure, { attributes: true, attributeFilter: ["hidden"] });
  tools.append(link, copy, qr, status);
  share.append(tools, figure);
}

// ---- the seats' names in the seat pickers ------------------------------------------------------

/** @param {HTMLFormElement} form */
function nameSeats(form) {
  const rows = /** @type {unknown} */ (currentInputs(form).seats);
  if (!Array.isArray(rows)) return;
  for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ (form.querySelectorAll('select[name="side_a"], select[name="side_b"], select[name="actor"]'))) {
    for (const option of select.options) {
      if (!/^\d+$/.test(option.value)) continue;
      const n = Number(option.value);
      const name = rows[n - 1] && String(rows[n - 1].name || "").trim();
      if (!option.dataset.plain) option.dataset.plain = option.textContent;
      option.hidden = n > rows.length;
      option.textContent = name ? `${option.dataset.plain} (${name})` : option.dataset.plain;
    }
  }
}

// ---- the player's form: the session it follows -------------------------------------------------

/** @param {HTMLFormElement} form */
function follow(form) {
  /** @type {HTMLInputElement | null} */
  const field = form.querySelector('input[name="follow"]');
  const session = form.querySelector('output[name="session"]')?.textContent.trim() || "";
  if (field && !field.value && /^\d{6}$/.test(session)) {
    field.value = session;
    changed(form, { label: "Followed the session" });
  }
}

// ---- an older link to a seat's view (older-links.mjs took it out of the address) ------------------

/** Open, in the player's form, the view an older address asked for: the engine works out that seat's
 *  code from the session once, in memory; only the code is put in the form (and so in the address).
 * @param {HTMLFormElement} form the rain.tile_seat form */
async function openOlderView(form) {
  const older = takeOlderView();
  if (!older) return;
  const note = document.createElement("p");
  note.className = "codex-older-link admonition warning";
  note.setAttribute("role", "status");
  form.before(note);
  const seat = /^[1-9]$/.test(older.view) ? Number(older.view) : 0;
  const said = `This link was made by an older version of this page for ${seat ? `seat ${seat}'s view` : "what every player may see"}, and it held the whole session: this page took the session out of the address and keeps nothing of it.`;
  if (!seat) {
    note.textContent = `${said} A screen everyone sees now opens the table's own code: ask the GM for it (“The shared screen”, under Each player's code).`;
    return;
  }
  note.textContent = `${said} Opening seat ${seat}'s own view…`;
  const reply = await runOnce("rain.tile_table", { session: older.session, ...(older.seats ? { seats: older.seats } : {}) });
  const html = reply?.ok?.codes || "";
  const parsed = new DOMParser().parseFromString(html, "text/html"); // read, never put in the page
  const shares = [.../** @type {NodeListOf<HTMLElement>} */ (parsed.querySelectorAll(".codex-share[data-share-code]"))];
  const code = shares[seat - 1]?.dataset.shareCode || "";
  /** @type {HTMLInputElement | null} */
  const field = form.querySelector('input[name="code"]');
  if (!code || !field) {
    note.textContent = `${said} Seat ${seat}'s view could not be worked out from it: ask the GM for your seat's code.`;
    return;
  }
  note.textContent = `${said} Below is seat ${seat}'s own view, from a code this page made of it: the GM's device did not make that code, so nobody can verify it. Ask the GM for your seat's code.`;
  field.value = code;
  changed(form, { label: `Opened seat ${seat}'s view from an older link` });
}

/** @param {HTMLFormElement} form */
function bind(form) {
  const state = formState(form);
  if (state.tileTableBound) return;
  state.tileTableBound = true;
  form.addEventListener("click", (event) => onClick(form, event));
  whenAnswered(form, (answer) => {
    refocus(form);
    sharesOf(form, ".codex-share[data-share-code]:not(:has(.codex-share__tools))").forEach(enhance);
    if (form.dataset.calc === "rain.tile_seat" && answer && answer.ok) follow(form);
  });
  sharesOf(form, ".codex-share[data-share-code]").forEach(enhance);
  if (form.dataset.calc === "rain.tile_seat") openOlderView(form);
  if (form.dataset.calc === "rain.tile_table") {
    nameSeats(form);
    // The seats change by their own table, or all at once (a save, an import, the address): not by a tap.
    const renamed = (/** @type {Event} */ event) => {
      const target = /** @type {Element} */ (event.target);
      if (target === form || target.closest?.(".codex-rows")) nameSeats(form);
    };
    form.addEventListener("input", renamed);
    form.addEventListener("change", renamed);
  }
}

/** The players' codes in `form` that `selector` picks.
 * @param {HTMLFormElement} form @param {string} selector @returns {NodeListOf<HTMLElement>} */
function sharesOf(form, selector) {
  return form.querySelectorAll(selector);
}

everyPage(() => {
  for (const calc of TOOLS) /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll(`form.calc[data-calc="${calc}"]`)).forEach(bind);
});
