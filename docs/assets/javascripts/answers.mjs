// A message with its ways on ("Deleted “Bridge”. Undo", "A save named “Bridge” is already here. Save
// as “Bridge (2)” · Replace “Bridge”"): the saves, the table tools and their notices say it alike.

/** @typedef {[label: string, act: () => void, kind?: string]} Action */

/** `text` in `slot`, then a button for each [label, act, kind] of `actions`, each acting once;
 *  `kind` ("danger") sets a button apart (class `${className}--${kind}`).
 * @param {Element} slot
 * @param {string} text
 * @param {Action[]} actions
 * @param {string} className */
export function sayWithButtons(slot, text, actions, className) {
  slot.replaceChildren(text);
  for (const [label, act, kind] of actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    button.className = `${className}${kind ? ` ${className}--${kind}` : ""}`;
    button.addEventListener("click", act, { once: true });
    slot.append(" ", button);
  }
}
