// The page's stylesheets named by their absolute addresses before anything is drawn (the build
// writes this file's code at the end of every page's <head>, below these comment lines:
// hooks/codex/styles_first.py; the Content Security Policy allows it by its hash, csp.py).
// The theme's instant navigation makes every relative address in the page absolute once its bundle
// runs, so that the next page's <head> compares equal to this one's. For a stylesheet's <link> a new
// address is a new stylesheet: Chromium applies it again, computes every element's style again and
// lays the page out again, a second time just after the first. Here, while the stylesheets are still
// on their way and nothing is drawn, it costs nothing, and the theme finds nothing left to change.
for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
  link.setAttribute("href", /** @type {HTMLLinkElement} */ (link).href);
}
