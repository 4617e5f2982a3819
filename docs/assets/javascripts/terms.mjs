// Glossary tooltips. The build links every use of a term to its glossary entry
// (<a class="codex-term" aria-describedby="codex-tip-…">) and puts the tooltip in a hidden
// element, so screen readers announce it as the link's description and keyboards reach it
// with Tab. This module shows the same text in a bubble on hover, keyboard focus and tap.
// The text is set with textContent, never innerHTML: nothing in the data can become markup.
// Elements with data-codex-tip (abbreviations in stat blocks) get the same bubble.

const SELECTOR = "a.codex-term, [data-codex-tip]";
/** @type {HTMLDivElement | null} */
let bubble = null;
/** @type {HTMLElement | null} */
let owner = null; // the term whose bubble is shown
let lastPointer = "mouse";
let shownBeforeTap = false; // was the bubble already open on the tapped term when the finger came down?

function bubbleElement() {
  if (bubble?.isConnected) return bubble;
  bubble = document.createElement("div");
  bubble.className = "codex-term-bubble";
  bubble.hidden = true;
  // Screen readers already get the text through aria-describedby: do not read it twice.
  bubble.setAttribute("aria-hidden", "true");
  document.body.append(bubble);
  return bubble;
}

/** @param {HTMLElement} el */
function tipText(el) {
  if (el.dataset.codexTip) return el.dataset.codexTip;
  const id = el.getAttribute("aria-describedby");
  const source = id ? document.getElementById(id) : null;
  return source ? source.textContent : "";
}

/** @param {HTMLElement} box @param {HTMLElement} el */
function place(box, el) {
  const margin = 8;
  const rect = el.getBoundingClientRect();
  const left = Math.max(margin, Math.min(rect.left + rect.width / 2 - box.offsetWidth / 2,
    window.innerWidth - box.offsetWidth - margin));
  let top = rect.bottom + 6;
  if (top + box.offsetHeight > window.innerHeight - margin && rect.top - box.offsetHeight - 6 > margin) {
    top = rect.top - box.offsetHeight - 6;
  }
  box.style.left = `${Math.round(left)}px`;
  box.style.top = `${Math.round(top)}px`;
}

/** @param {HTMLElement} el */
function show(el, touched = false) {
  const text = tipText(el);
  if (!text) return;
  const box = bubbleElement();
  box.textContent = text;
  // A tap cannot hover: the bubble keeps a way on to the entry (the term itself is the link
  // for keyboards and screen readers, so this one is out of the Tab order).
  const href = el.getAttribute("href");
  box.classList.toggle("codex-term-bubble--touch", touched);
  if (touched && href) {
    const more = document.createElement("a");
    more.href = href;
    more.className = "codex-term-bubble__more";
    more.tabIndex = -1;
    more.textContent = "Open in the glossary";
    box.append(" ", more);
  }
  box.hidden = false;
  owner = el;
  place(box, el);
}

function hide() {
  if (bubble) {
    bubble.hidden = true;
    bubble.classList.remove("codex-term-bubble--touch");
  }
  owner = null;
}

/** @param {Event} event @returns {HTMLElement | null} */
function termOf(event) {
  return event.target instanceof Element ? event.target.closest(SELECTOR) : null;
}

document.addEventListener("pointerdown", (event) => {
  lastPointer = event.pointerType || "mouse";
  const el = termOf(event);
  shownBeforeTap = Boolean(el && el === owner && bubble && !bubble.hidden);
  // A tap outside the term and its bubble closes the bubble.
  if (!el && owner && lastPointer !== "mouse" && !(bubble?.contains(/** @type {Node | null} */ (event.target)))) hide();
}, true);
document.addEventListener("mouseover", (event) => {
  const el = termOf(event);
  if (el && el !== owner) show(el);
});
document.addEventListener("mouseout", (event) => {
  const el = termOf(event);
  if (el && el === owner && !el.contains(/** @type {Node | null} */ (event.relatedTarget)) && document.activeElement !== el) hide();
});
document.addEventListener("focusin", (event) => {
  const el = termOf(event);
  if (el) show(el);
  else if (owner) hide();
});
document.addEventListener("focusout", (event) => {
  if (termOf(event) === owner && lastPointer === "mouse") hide(); // a tapped bubble stays
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && owner) hide();
});
// On a touch screen the first tap shows the tooltip (and it stays); a second tap follows the link.
document.addEventListener("click", (event) => {
  const el = termOf(event);
  if (!el || lastPointer === "mouse" || (el === owner && shownBeforeTap)) return;
  event.preventDefault();
  event.stopPropagation();
  show(el, true);
}, true);
window.addEventListener("scroll", () => { if (owner) place(bubbleElement(), owner); }, { passive: true });
if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(hide);
