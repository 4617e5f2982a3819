"""A Content Security Policy on every page the build writes, as a `<meta>` tag.

The site loads nothing from other origins, so the policy is strict: scripts only from the
site's own files, WebAssembly for Pyodide, no plugins, no `<base>` and no form posts elsewhere.
Inline styles stay allowed: the theme and our templates set `style` attributes, and a style
cannot run code. Should escaping ever fail, a script in the data is still refused.

Our own scripts are files, but three, which must run as soon as the parser reaches them: at the end of
every page's head, the stylesheets named by their absolute addresses before the page is drawn
(styles_first.py, `styles-first.js`); just after the header's palette form, the reader's palette
(palette_first.py, `palette-first.js`); and the engine's starter at the end of the head of a page with
calculators (early_engine.py, `engine-start.js`).
The theme (mkdocs-material) writes a few small inline scripts that must run at their place in the
page, before it is first drawn. The policy allows exactly those, by their SHA-256, and nothing else
inline. Which ones is an explicit list, `THEME_SCRIPTS`,
read from the installed theme's own partials, so a theme update that changes one is followed, and
one that adds a new one fails the build instead of shipping a script the browser refuses:

- `base`: the theme's storage helpers (`__md_scope`, `__md_get`, `__md_set`) that its bundle
  and the two below read; the scope is the site's root, written relative to each page.
- `palette`: the reader's light or dark choice, set before the first paint (no flash).
- `content`: the content tab the reader chose, or the one a link names, selected before paint.

An inline `<script>` any other way (a contributor's, in `docs/*.md`) is not in the policy: the
browser refuses it, and the build reports it (`PolicyWriter.refused`).
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

_INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)([^>]*)>(.*?)</script\s*>", re.S | re.I)
_TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]*)""", re.I)
# Types a browser runs; any other (`application/json`, as the theme's config) is data, not script.
_RUN = {"", "text/javascript", "application/javascript", "module"}
THEME_SCRIPTS = ("base", "palette", "content")  # mkdocs-material's partials/javascripts/<name>.html


class ThemeChanged(Exception):
    """The installed theme no longer writes what the build relies on: a partial of THEME_SCRIPTS is
    missing or no longer a plain inline script, or its palette form is not as palette_first.py knows it."""


def inline_scripts(html: str) -> Iterator[str]:
    """The body of every inline script of a page that a browser would run."""
    for attributes, body in _INLINE_SCRIPT.findall(html):
        kind = _TYPE.search(attributes)
        if (kind.group(1).lower() if kind else "") in _RUN:
            yield body


@cache
def theme_scripts() -> tuple[re.Pattern[str], ...]:
    """The theme's known inline scripts, as patterns: each partial's script, its one template
    expression (base's scope, a relative path) standing for any text without a quote."""
    import material

    folder = Path(material.__file__).parent / "templates" / "partials" / "javascripts"
    patterns = []
    for name in THEME_SCRIPTS:
        path = folder / f"{name}.html"
        if not path.is_file():
            raise ThemeChanged(f"the theme has no {path.name} any more: see THEME_SCRIPTS in hooks/codex/csp.py")
        bodies = re.findall(r"<script>(.*?)</script>", re.sub(r"\{#.*?#\}", "", path.read_text("utf-8"), flags=re.S),
                            re.S)
        if not bodies or any("{%" in body for body in bodies):
            raise ThemeChanged(f"the theme's {path.name} is not a plain inline script: see hooks/codex/csp.py")
        for body in bodies:
            parts = re.split(r"\{\{.*?\}\}", body)
            patterns.append(re.compile(r'[^"\\<>]*'.join(re.escape(part) for part in parts)))
    return tuple(patterns)


def is_known_script(body: str) -> bool:
    """Whether an inline script is one of the theme's known ones (THEME_SCRIPTS), or one of ours: the
    stylesheets' addresses on every page (styles_first.py), the reader's palette after the header's
    form (palette_first.py), the engine's starter on a page with calculators (early_engine.py)."""
    from . import palette_first, styles_first
    from .early_engine import starter

    ours = (starter(), styles_first.script(), palette_first.script())
    return body in ours or any(pattern.fullmatch(body) for pattern in theme_scripts())


_HEAD = re.compile(r"<head\b[^>]*>", re.I)
_OURS = re.compile(r'<meta http-equiv="Content-Security-Policy" content="[^"]*">\n?')


def script_hash(body: str) -> str:
    """The CSP source expression (`'sha256-…'`) of an inline script."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode() + "'"


def script_hashes(html: str) -> set[str]:
    """The hashes of a page's inline scripts that the policy allows: the theme's known ones and ours."""
    return {script_hash(body) for body in inline_scripts(html) if is_known_script(body)}


def refused_scripts(html: str) -> list[str]:
    """The start of every inline script of a page that the policy refuses (a contributor's)."""
    return [" ".join(body.split())[:60] for body in inline_scripts(html) if not is_known_script(body)]


def policy(hashes: Iterable[str]) -> str:
    """The policy text for pages whose inline scripts have these hashes."""
    scripts = " ".join(["'self'", "'wasm-unsafe-eval'", *sorted(hashes)])
    return "; ".join([
        "default-src 'self'",
        f"script-src {scripts}",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ])


def with_policy(html: str, text: str) -> str:
    """The page with the policy as the first thing in its `<head>` (before any script)."""
    html = _OURS.sub("", html)
    head = _HEAD.search(html)
    if head is None:
        return html
    meta = f'<meta http-equiv="Content-Security-Policy" content="{text}">\n'
    return html[:head.end()] + meta + html[head.end():]


class PolicyWriter:
    """Puts the policy into each page as it is written, then fixes the few written too early.

    One policy serves every page (instant navigation adds a later page's policy to the first
    one's, so they must agree). The theme's inline scripts differ only by page depth, so once
    the first pages of each depth are written every later page already gets the final policy,
    and only those first few files are rewritten at the end. `refused` lists every inline script
    that is not the theme's, as `page: script…`, for the build to report.
    """

    def __init__(self) -> None:
        self.hashes: set[str] = set()
        self.written: dict[str, str] = {}
        self.refused: list[str] = []

    def _read(self, html: str, dest: str) -> None:
        self.hashes |= script_hashes(html)
        self.refused += [f"{dest}: an inline script the policy refuses: {start}…" for start in refused_scripts(html)]

    def page(self, html: str, dest: str) -> str:
        """The page's HTML with the policy as it stands, including this page's scripts."""
        self._read(html, dest)
        text = policy(self.hashes)
        self.written[dest] = text
        return with_policy(html, text)

    def finish(self, site_dir: Path) -> int:
        """Rewrite the pages whose policy lacks a hash found later, and any page not seen; how many."""
        seen = {os.path.normpath(dest) for dest in self.written}
        unseen = [page for page in site_dir.rglob("*.html") if os.path.normpath(page) not in seen]
        for page in unseen:  # written without the page hook (a theme page): its scripts count too
            self._read(page.read_text(encoding="utf-8"), str(page))
        final = policy(self.hashes)
        stale = [Path(dest) for dest, text in self.written.items() if text != final] + unseen
        for page in stale:
            if page.is_file():
                page.write_text(with_policy(page.read_text(encoding="utf-8"), final), encoding="utf-8")
        return len(stale)


def write_policy(site_dir: Path) -> int:
    """Put the policy in every HTML file of a built site at once; return how many files."""
    return PolicyWriter().finish(site_dir)


# ---- headers, where the host sends them ------------------------------------------------------
# A `<meta>` policy cannot say who may frame a page, and a worker's script is governed by the
# headers it is served with, never by the page's `<meta>`. Hosts that read a `_headers` file
# (Netlify, Cloudflare Pages; the project's own server, tests/support/server.py) send these;
# GitHub Pages sends no custom header, so there the site script refuses frames (framing.mjs) and
# the worker's defence is that it names its own code (runtime.mjs) and refuses any address.
HEADERS_FILE = "_headers"
FRAMING = {"Content-Security-Policy": "frame-ancestors 'none'", "X-Frame-Options": "DENY",
           "X-Content-Type-Options": "nosniff"}
# The calculators' worker: its own scripts and Pyodide's (same origin), WebAssembly, fetches home.
WORKER_POLICY = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'"
# The service worker: its one script, and fetches of the site's own files.
SERVICE_WORKER_POLICY = "default-src 'none'; script-src 'self'; connect-src 'self'"


def host_headers(worker: str, service_worker: str) -> dict[str, dict[str, str]]:
    """Headers by path pattern (from the site's root; `*` matches any text): every file, the
    worker's script, the service worker's. A host that matches several patterns sends each;
    two policies for one file are both enforced."""
    return {"/*": FRAMING, f"/{worker}": {"Content-Security-Policy": WORKER_POLICY},
            f"/{service_worker}": {"Content-Security-Policy": SERVICE_WORKER_POLICY}}


def headers_file(rules: dict[str, dict[str, str]]) -> str:
    """The rules in the `_headers` format: a path pattern, then its headers indented."""
    lines = ["# Written by the build (hooks/codex/csp.py): headers for hosts that read this file."]
    for pattern, headers in rules.items():
        lines += [pattern, *(f"  {name}: {value}" for name, value in headers.items())]
    return "\n".join(lines) + "\n"

