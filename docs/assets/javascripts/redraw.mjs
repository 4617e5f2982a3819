// redraw.mjs: which part of an output a new answer changed (codex.mjs `patch` draws only that).
//
// An output drawn again most often differs from the last in one place (a fighter's damage and its
// bar, in one card of twenty): only the smallest element that holds every difference is parsed
// again (parsing a twenty-card output was most of the page's part of an answer), and it is found in
// the page by its place in the HTML drawn last. The engine escapes < and > in every text and
// attribute (calculators/present.py), so each < in its HTML opens a tag. Where the page does not
// follow the HTML drawn last (a table's implied tbody, a count of children that differs), inside
// SVG (parsed alone, it would not be SVG), a form control (replaced whole), or a comment, the whole
// output is parsed, as before.
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
// Not drawn in part: foreign content, form controls (replaced whole: their value is not an attribute), raw text.
const ALONE = new Set(["svg", "math", "input", "select", "option", "textarea", "script", "style", "title", "template"]);

/** The element of `out` that holds every difference between `was` (the HTML drawn in it) and `html`: its
 * new content, and its new start tag where that differs too (a card whose name it is labelled by
 * changed) or alone (Next's rows, carried in its data-apply); null where the whole output is parsed.
 * @param {Element} out @param {string} was @param {string} html @returns {Narrowed | null} */
export function narrowed(out, was, html) {
  const from = alike(was, html, Math.min(was.length, html.length), 1); // the first character that differs
  const to = was.length - alike(was, html, Math.min(was.length, html.length) - from, -1); // `was` differs in [from, to)
  const shift = html.length - was.length; // where `was` and `html` are the same after `to`
  /** @type {Open[]} the elements open at the scan, `out` first */
  const open = [{ name: "", at: 0, start: 0, children: 0 }];
  let holding = -1; // the elements open at `from`, then the fewest open up to `to`: the holder is the last of them
  /** @type {Open[]} */
  let path = [];
  let tagAt = -1; // where the holder's start tag begins, when `from` is inside it
  for (let i = 0; ;) {
    const lt = was.indexOf("<", i);
    const next = lt < 0 ? was.length : lt;
    if (next > i) open[open.length - 1].children++; // a text node
    if (holding < 0 && next >= from) { holding = open.length; path = open.slice(); }
    if (lt < 0) return null; // the output itself holds the differences: parsed whole
    const gt = was.indexOf(">", lt);
    if (gt < 0 || was[lt + 1] === "!") return null;
    const closing = was[lt + 1] === "/";
    const name = tagName(was, lt + (closing ? 2 : 1));
    if (!name) return null;
    const inside = holding < 0 && gt >= from; // `from` is inside this tag
    if (closing) {
      if (inside) { holding = open.length; path = open.slice(); }
      const top = open.pop();
      if (!top || top.name !== name || !open.length) return null;
      if (lt < to) holding = Math.min(holding, open.length);
      else if (open.length === holding - 1) { // the holder's end tag: its children are all counted
        if (top !== path[holding - 1]) return null;
        const within = tagAt < 0 ? null : html.indexOf(">", tagAt) + 1; // its content's start in `html`
        if (within === 0 || (within !== null && tagName(html, tagAt + 1) !== name)) return null;
        return found(out, path.slice(0, holding), top, {
          content: html.slice(within ?? top.start, lt + shift),
          ...(within === null ? {} : { tag: html.slice(tagAt, within) }),
        });
      }
    } else {
      const parent = open[open.length - 1];
      const child = { name, at: parent.children++, start: gt + 1, children: 0 };
      const empty = VOID.has(name) || was[gt - 1] === "/";
      if (inside && to <= gt) { // every difference is in this start tag: its attributes alone, if the new
        const tag = html.slice(lt, gt + 1 + shift); // is one tag too (its end may be another's, as in `closed`)
        if (tag.indexOf(">") !== tag.length - 1 || tag.lastIndexOf("<") !== 0 || tagName(tag, 1) !== name) return null;
        return found(out, [...open, child], null, { tag });
      }
      if (inside && empty) { holding = open.length; path = open.slice(); }
      if (!empty) open.push(child);
      if (inside && !empty) { holding = open.length; path = open.slice(); tagAt = lt; }
    }
    if (tagAt >= 0 && holding < path.length) tagAt = -1; // the element closed before `to`: its parent holds it all
    i = gt + 1;
  }
}

const NAME = /[a-zA-Z][^\s/>]*/y;

/** The tag name at `at` in `html`, in lower case ("" if none). @param {string} html @param {number} at */
function tagName(html, at) {
  NAME.lastIndex = at;
  return NAME.exec(html)?.[0]?.toLowerCase() ?? "";
}

/** How many characters `a` and `b` share at their start (`way` 1) or end (−1), `most` at most: by halves, each
 * comparison the engine's own (comparing character by character in a script took a millisecond an answer).
 * @param {string} a @param {string} b @param {number} most @param {1 | -1} way */
function alike(a, b, most, way) {
  const part = (/** @type {string} */ s, /** @type {number} */ i, /** @type {number} */ j) =>
    way === 1 ? s.slice(i, j) : s.slice(s.length - j, s.length - i);
  let same = 0;
  for (let hi = most; same < hi;) {
    const mid = (same + hi + 1) >> 1;
    if (part(a, same, mid) === part(b, same, mid)) same = mid;
    else hi = mid - 1;
  }
  return same;
}

/** The element the path names in `out`, if the page follows the HTML drawn last that far (and, for its
 * content, has as many children as the HTML drawn last gave it).
 * @param {Element} out @param {Open[]} path `out` first @param {Open | null} holder null for its start tag alone
 * @param {{ content?: string, tag?: string }} made @returns {Narrowed | null} */
function found(out, path, holder, made) {
  /** @type {Element} */
  let node = out;
  for (const step of path.slice(1)) {
    if (ALONE.has(step.name)) return null;
    const child = node.childNodes[step.at];
    if (!(child instanceof Element) || child.localName !== step.name) return null;
    node = child;
  }
  if (node === out) return null;
  if (holder && node.childNodes.length !== holder.children) return null;
  // A table's rows parsed alone would have no tbody, where the page's parser adds one.
  if (made.content !== undefined && (node.localName === "table" || !closed(made.content))) return null;
  return { within: node, ...made };
}

// The last characters of the HTML drawn last and of the new are the same, but in the new they may close
// another element (a card added after one that changed: "…</li>" ends the changed card in the one, the
// new card in the other): the new content must close each element it opens, and only those.
/** @param {string} content @returns {boolean} */
function closed(content) {
  /** @type {string[]} */
  const opened = [];
  for (let lt = content.indexOf("<"); lt >= 0; lt = content.indexOf("<", lt + 1)) {
    const gt = content.indexOf(">", lt);
    const closing = content[lt + 1] === "/";
    const name = tagName(content, lt + (closing ? 2 : 1));
    if (gt < 0 || !name) return false;
    if (closing && opened.pop() !== name) return false;
    if (!closing && !VOID.has(name) && content[gt - 1] !== "/") opened.push(name);
  }
  return opened.length === 0;
}

const ATTRIBUTE = /\s+([^\s"'>/=]+)(?:="([^"]*)")?/y;
/** @type {Record<string, string>} */
const ENTITY = { "&amp;": "&", "&quot;": '"', "&lt;": "<", "&gt;": ">", "&#39;": "'", "&nbsp;": "\u00a0" };

/** A start tag's attributes as the parser reads them, or null where it is not one the engine writes
 * (a value not in double quotes, an entity it never writes): Next's button carries every fighter in
 * one attribute, which the parser took longer to read than the rest of the answer.
 * @param {string} tag @returns {{ name: string, value: string }[] | null} */
export function attributesOf(tag) {
  const name = /^<[a-zA-Z][^\s/>]*/.exec(tag);
  if (!name) return null;
  /** @type {{ name: string, value: string }[]} */
  const found = [];
  let end = name[0].length; // where the attributes read so far end
  ATTRIBUTE.lastIndex = end;
  for (let got = ATTRIBUTE.exec(tag); got; got = ATTRIBUTE.exec(tag)) {
    end = ATTRIBUTE.lastIndex;
    const value = (got[2] ?? "").replace(/&[a-z0-9#]*;?/g, (entity) => ENTITY[entity] ?? "\u0000");
    if (value.includes("\u0000") || found.some((a) => a.name === got[1].toLowerCase())) return null;
    found.push({ name: got[1].toLowerCase(), value });
  }
  return /^\s*\/?>$/.test(tag.slice(end)) ? found : null;
}

/** @typedef {{ name: string, at: number, start: number, children: number }} Open an element open in the HTML
 * drawn last: its name, its index among its parent's child nodes, where its content starts, its children so far */
/** @typedef {{ within: Element, content?: string, tag?: string }} Narrowed the element to draw again: its new
 * content (its children reconciled), its new start tag (its attributes set) */
