// House rules: the reading of a source note chosen once (beside the note, `select[data-reading-for]`),
// kept on this device, and followed by every calculator input that picks that note's reading
// (codex.mjs follows the choice; a link's own values win). A rules page with a note and no
// calculator runs this alone.

import { writeText } from "./device-store.mjs";
import { everyPage } from "./every-page.mjs";

const READINGS = "codex.readings";

// Only an object of note ids ("wbs.some-note") to reading ids is used; anything else stored
// (a string, a number, a list, odd keys) is ignored, and the next choice writes a clean one.
/** @returns {Record<string, string>} note id → reading id */
export function storedReadings() {
  const clean = Object.create(null);
  let stored;
  try {
    stored = JSON.parse(localStorage.getItem(READINGS) || "{}");
  } catch {
    return clean;
  }
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return clean;
  for (const [note, reading] of Object.entries(stored)) {
    if (/^[a-z]+\.[a-z0-9-]+$/.test(note) && typeof reading === "string" && /^[a-z0-9-]+$/.test(reading)) clean[note] = reading;
  }
  return clean;
}

/** @type {Set<(note: string, reading: string) => void>} */
const followers = new Set();

/** Call `follow` with the note and the reading each time the reader chooses one.
 * @param {(note: string, reading: string) => void} follow */
export function whenReadingChosen(follow) {
  followers.add(follow);
}

/** @type {WeakSet<HTMLSelectElement>} */
const boundReadings = new WeakSet(); // the readings' selects bound already (not inputs of a form)

function bindReadings() {
  for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("select[data-reading-for]"))) {
    /** @type {HTMLElement | null} */
    const holder = select.closest(".codex-reading");
    if (holder) holder.hidden = false;
    if (boundReadings.has(select)) continue;
    boundReadings.add(select);
    const note = /** @type {string} */ (select.dataset.readingFor);
    const stored = storedReadings()[note];
    if (stored && [...select.options].some((o) => o.value === stored)) select.value = stored;
    select.addEventListener("change", () => {
      const readings = storedReadings();
      const book = [...select.options].find((o) => o.defaultSelected);
      if (book && select.value === book.value) delete readings[note];
      else readings[note] = select.value;
      // Not kept (a private window, full storage): said beside the choice, which lasts for this page.
      const refused = writeText(READINGS, JSON.stringify(readings));
      let said = /** @type {HTMLElement | null} */ (select.parentElement?.querySelector(".codex-reading__unkept") ?? null);
      if (refused && !said) {
        said = document.createElement("span");
        said.className = "codex-reading__unkept";
        said.setAttribute("role", "status");
        select.after(" ", said);
      }
      if (said) said.textContent = refused ? "This browser would not keep this choice: it lasts until the page is closed." : "";
      const others = /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll(`select[data-reading-for="${CSS.escape(note)}"]`));
      for (const other of others) other.value = select.value;
      for (const follow of followers) follow(note, select.value);
    });
  }
}

everyPage(bindReadings);
