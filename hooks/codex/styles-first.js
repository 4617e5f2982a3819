// The page's stylesheets named by their absolute addresses before anything is drawn (the build
// writes this file's code at the end of every page's <head>, below these comment lines:
// hooks/codex/styles_first.py; the Content Security Policy allows it by its hash, csp.py).
// The theme's instant navigation makes every relative address in the page absolute once its bundle
// runs, so that the next page's <head> compares equal to this one's. For a stylesheet's <link> a new
// address is a new stylesheet: Chromium applies it again, computes every element's style again and
// lays the page out again, a second time just after the first. Here, while the stylesheets are still
// on their way and nothing is drawn, it costs nothing, and the theme finds nothing left to change.
// The same for the root's classes, which the bundle changes first thing: "no-js" swapped for "js", and
// "js-focus-visible" added by its focus polyfill. Any change of the root's class makes Chromium
// compute every element's style again (the theme's stylesheet reads `[class]` above whole subtrees:
// `.md-typeset table:not([class]) td`), after the first paint; here it costs nothing, and the bundle
// finds the classes there.
for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
  link.setAttribute("href", /** @type {HTMLLinkElement} */ (link).href);
}
document.documentElement.classList.replace("no-js", "js");
document.documentElement.classList.add("js-focus-visible");
