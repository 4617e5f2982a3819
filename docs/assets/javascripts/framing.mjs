// No page of the site is shown inside another page's frame (a frame under a look-alike page could
// make a reader click what they cannot see). Where the host sends headers, `frame-ancestors 'none'`
// stops the frame before anything loads (hooks/codex/csp.py writes them in `_headers`); GitHub
// Pages sends none, so this does it there: a framed page replaces itself with a link that opens
// it on its own. The site never frames itself.

if (window.top !== window.self) {
  const link = document.createElement("a");
  link.href = location.href;
  link.target = "_top";
  link.rel = "noopener";
  link.textContent = "Open the Jianghu Codex on its own";
  const note = document.createElement("p");
  note.className = "codex-framed";
  note.append(link);
  document.body.replaceChildren(note);
  document.documentElement.dataset.framed = "refused";
}
